export { enAccountMessages } from '../locales/en/enAccountMessages';
export { enDelegationMessages } from '../locales/en/enDelegationMessages';
export { enLoginMessages } from '../locales/en/enLoginMessages';
export { enMessages } from '../locales/en/enMessages';
export { enSessionMessages } from '../locales/en/enSessionMessages';
export { ActingAsBanner, type ActingAsBannerProps } from './ActingAsBanner';
export {
  createRememberedUsers,
  type RememberedUsers,
  type RememberedUsersChoicesProps,
  type RememberedUsersOptions,
} from './createRememberedUsers';
export { DelegationPicker, type DelegationPickerProps } from './DelegationPicker';
export {
  type DescribeLoginErrorOptions,
  describeLoginError,
  type LoginErrorDescription,
} from './describeLoginError';
export { type FormatDurationOptions, formatDuration } from './formatDuration';
export type { AccountMessages } from './i18n/AccountMessages';
export type { DelegationMessages } from './i18n/DelegationMessages';
export type { LoginMessages } from './i18n/LoginMessages';
export { mergeMessages } from './i18n/mergeMessages';
export type { SessionMessages } from './i18n/SessionMessages';
export type { PartialVaultMessages, VaultMessages } from './i18n/VaultMessages';
export {
  useVaultMessages,
  VaultMessagesProvider,
  type VaultMessagesProviderProps,
} from './i18n/VaultMessagesContext';
export {
  LoginForm,
  type LoginFormComponent,
  type LoginFormProps,
  type LoginFormSignedIn,
  type LoginVaultOption,
} from './LoginForm';
export type { LoginFormIdentifierStepProps } from './LoginFormIdentifierStep';
export type { LoginFormPartProps, LoginFormRootProps } from './LoginFormRoot';
export type { LoginFormProfilesProps } from './LoginFormSsoStep';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { SessionExpiryDialog, type SessionExpiryDialogProps } from './SessionExpiryDialog';
export { SessionTimer, type SessionTimerProps } from './SessionTimer';
export { SignOutButton, type SignOutButtonProps } from './SignOutButton';
export { SsoCallbackPage, type SsoCallbackPageProps } from './SsoCallbackPage';
export type { UseLoginFormOptions } from './UseLoginFormOptions';
export type { LoginFormError, LoginFormStep, UseLoginFormResult } from './UseLoginFormResult';
export { useLoginForm } from './useLoginForm';
export type { VaultDataStates } from './VaultDataStates';
export { VaultSwitcher, type VaultSwitcherProps } from './VaultSwitcher';
