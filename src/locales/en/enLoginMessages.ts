import type { LoginMessages } from '../../components/i18n/LoginMessages';

/**
 * The English strings of `LoginForm`, the default.
 *
 * @example
 * ```ts
 * enLoginMessages.rateLimited({ seconds: 60 }); // 'Too many sign-in attempts. …'
 * ```
 */
export const enLoginMessages: LoginMessages = {
  title: 'Sign in',
  usernameLabel: 'User name',
  usernameHint: 'Usually your work email address.',
  continue: 'Continue',
  passwordHeading: 'Enter your password',
  signingInAs: 'Signing in as',
  notYou: 'Not you?',
  passwordLabel: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  vaultLabel: 'Vault',
  signIn: 'Sign in',
  ssoHeading: 'Sign in with your organisation',
  ssoIntro: 'Your organisation signs you in. You will go to its sign-in page and come back here.',
  ssoContinueWith: ({ label }) => `Continue with ${label}`,
  ssoPortalOnly:
    "Your organisation signs you in through its own portal. Open the vault from your organisation's portal or app launcher.",
  ssoRedirecting: "Taking you to your organisation's sign-in page…",
  ssoCompleting: 'Completing sign-in…',
  signedInHeading: 'Signed in',
  signedInAs: 'You are signed in as',
  usernameRequired: 'Enter your user name.',
  passwordRequired: 'Enter your password.',
  incorrectCredentials: 'The user name or password is incorrect.',
  lockoutWarning:
    'The user name or password is incorrect. More wrong passwords in a row lock the account for a while.',
  lockedOut:
    'This account is locked. Try again later, or ask your vault administrator to unlock it.',
  passwordChangeRequired:
    "Your password has expired. Change it in the vault's web interface, then sign in here with the new password.",
  changePassword: 'Change your password',
  resetPassword: 'Forgot your password? Reset it',
  inactiveUser: 'This account is inactive. Ask your vault administrator to reactivate it.',
  rateLimited: ({ seconds }) =>
    `Too many sign-in attempts. Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, then try again.`,
  retryCountdown: ({ seconds }) =>
    `You can try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  retryReady: 'You can try again now.',
  networkError: 'The vault could not be reached. Check your connection, then try again.',
  timeout: 'The vault took too long to answer. Try again.',
  serviceUnavailable: 'The vault is not answering properly right now. Try again in a moment.',
  setupError: "Sign-in is not set up correctly for this site. Contact the site's administrator.",
  unexpectedError: 'Something went wrong while signing in. Try again.',
  tryAgain: 'Try again',
  vaultNoAccess: ({ vault }) =>
    `You do not have access to ${vault}. Choose another vault, or ask your vault administrator for access.`,
  vaultElsewhere: ({ vault, actual }) =>
    `You do not have access to ${vault}. Your account is in ${actual}.`,
  ssoCancelled: 'Sign-in with your organisation was cancelled. Try again when you are ready.',
  ssoRestart: 'This sign-in expired or was started in another window. Start again.',
  ssoVaultElsewhere:
    'Your organisation signed you in, but not to the vault this site uses: you do not have access to it. Ask your vault administrator for access.',
  ssoFailed:
    'Sign-in with your organisation could not be completed. Try again, or contact your administrator if it keeps happening.',
  sessionExpired:
    'Your session ended after 48 hours, the longest a session can last. Sign in again to continue.',
  sessionInvalid: 'Your session has ended. Sign in again to continue.',
  vaultEnded:
    'The vault this app is open in has ended your session. Reload the vault page, or sign in again to continue.',
  webTabConnecting: 'Connecting to your vault…',
  webTabNoSession: 'The vault did not pass on your session. Sign in to continue.',
  webTabSessionRefused:
    "The vault's session could not be used here; it may have ended. Sign in to continue.",
  signedOut: 'You have signed out.',
  signedOutInactive: 'You were signed out after a period of inactivity. Sign in to continue.',
  signedOutElsewhere: 'You were signed out in another window.',
};
