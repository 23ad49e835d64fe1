import type { AccountMessages } from '../../components/i18n/AccountMessages';

/**
 * English strings of the vault switcher and the remembered user names (the default).
 *
 * @example
 * ```tsx
 * <VaultSwitcher messages={{ ...enAccountMessages, switchVault: 'Change vault' }} />
 * ```
 */
export const enAccountMessages: AccountMessages = {
  toggleLabel: ({ vault }) => `${vault}, your vault: switch vault`,
  switchVault: 'Switch vault',
  currentVault: 'Current vault',
  switchToLabel: ({ vault }) => `${vault}: switch to this vault`,
  actingNotice: 'Switching vault first stops acting on behalf of another user.',
  passwordHeading: ({ vault }) => `Switch to ${vault}`,
  passwordIntro: ({ vault, user }) => `Enter the password of ${user} to open ${vault}.`,
  usernameLabel: 'User name',
  passwordLabel: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  submit: 'Switch vault',
  cancel: ({ current }) => `Stay in ${current}`,
  switching: ({ vault }) => `Opening ${vault}…`,
  redirecting: ({ vault }) => `Taking you to your sign-in provider to open ${vault}…`,
  switched: ({ vault }) => `You are now in ${vault}.`,
  stayed: ({ current }) => `You are still in ${current}.`,
  passwordRequired: 'Enter your password.',
  wrongPassword: ({ current }) => `The password is not correct. Try again, or stay in ${current}.`,
  notAvailable: ({ vault, current }) =>
    `${vault} could not be opened with your account. You are still in ${current}.`,
  failed: ({ vault, current }) =>
    `${vault} could not be opened right now. You are still in ${current}; try again in a moment.`,
  failedSignedOut: ({ vault }) => `${vault} could not be opened, and you were signed out.`,
  rememberedHeading: 'Signed in before on this browser',
  continueAs: ({ user }) => `${user}: continue with this user name`,
  forgetLabel: ({ user }) => `Remove ${user} from this list`,
  forgotten: ({ user }) => `${user} was removed from this list.`,
  signOutAndForget: 'Sign out and forget me',
};
