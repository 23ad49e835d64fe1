export { ActingAsBanner, type ActingAsBannerProps } from './ActingAsBanner';
export { DelegationPicker, type DelegationPickerProps } from './DelegationPicker';
export {
  type DescribeLoginErrorOptions,
  describeLoginError,
  type LoginErrorDescription,
} from './describeLoginError';
export { type FormatDurationOptions, formatDuration } from './formatDuration';
export {
  type DelegationMessages,
  deDelegationMessages,
  enDelegationMessages,
} from './i18n/delegationMessages';
export { deLoginMessages, enLoginMessages, type LoginMessages } from './i18n/loginMessages';
export { deSessionMessages, enSessionMessages, type SessionMessages } from './i18n/sessionMessages';
export {
  deMessages,
  enMessages,
  mergeMessages,
  type PartialVaultMessages,
  useVaultMessages,
  type VaultMessages,
  VaultMessagesProvider,
  type VaultMessagesProviderProps,
} from './i18n/VaultMessagesContext';
export {
  LoginForm,
  type LoginFormProps,
  type LoginFormSignedIn,
  type LoginVaultOption,
} from './LoginForm';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { SessionExpiryDialog, type SessionExpiryDialogProps } from './SessionExpiryDialog';
export { SessionTimer, type SessionTimerProps } from './SessionTimer';
export { SignOutButton, type SignOutButtonProps } from './SignOutButton';
