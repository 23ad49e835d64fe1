/**
 * Every string of `LoginForm`. Plain strings, or functions of named values where something
 * is filled in, so that each language can place the values where its grammar wants them.
 * Override single strings with the form's `messages` prop or a `VaultMessagesProvider`.
 *
 * The service tells locked and inactive accounts apart from a wrong password, so by default
 * the form does too. An application that wants one answer for all of them (PWD-06 in its
 * strictest form) sets `lockedOut` and `inactiveUser` to the text of `incorrectCredentials`.
 *
 * @example
 * ```ts
 * const messages: Partial<LoginMessages> = {
 *   title: 'Sign in to Sunrise Docs',
 *   rateLimited: ({ seconds }) => `Slow down: wait ${seconds} seconds.`,
 * };
 * ```
 */
export interface LoginMessages {
  /** Heading of the first step. */
  readonly title: string;
  readonly usernameLabel: string;
  /** Shown under the user name field; an empty string shows nothing. */
  readonly usernameHint: string;
  readonly continue: string;
  readonly passwordHeading: string;
  /** Precedes the user name carried over from the first step. */
  readonly signingInAs: string;
  /** Button back to the first step, with the user name still editable. */
  readonly notYou: string;
  readonly passwordLabel: string;
  /** Name of the password toggle while the password is hidden: what pressing it does. */
  readonly showPassword: string;
  /** Name of the password toggle while the password is shown. */
  readonly hidePassword: string;
  readonly vaultLabel: string;
  readonly signIn: string;
  readonly ssoHeading: string;
  readonly ssoIntro: string;
  readonly ssoContinueWith: (values: { label: string }) => string;
  /** Single sign-on with no profile to start from here (a SAML-only organisation). */
  readonly ssoPortalOnly: string;
  readonly ssoRedirecting: string;
  readonly ssoCompleting: string;
  readonly signedInHeading: string;
  readonly signedInAs: string;
  readonly usernameRequired: string;
  readonly passwordRequired: string;
  /** Wrong password and unknown user alike (PWD-06, ENUM-04). */
  readonly incorrectCredentials: string;
  readonly lockedOut: string;
  readonly passwordChangeRequired: string;
  readonly changePassword: string;
  /** The link to the app's password-reset page (`passwordResetUrl`). */
  readonly resetPassword: string;
  readonly inactiveUser: string;
  readonly rateLimited: (values: { seconds: number }) => string;
  /** The countdown while signing in is blocked; announced politely at a few points only. */
  readonly retryCountdown: (values: { seconds: number }) => string;
  readonly retryReady: string;
  readonly networkError: string;
  readonly timeout: string;
  readonly serviceUnavailable: string;
  /**
   * The kit's proxy refused the call as set up (an origin or a vault host it does not
   * allow): nothing the user can retry. In development the form shows the developer's
   * fix instead (see `describeLoginError`).
   */
  readonly setupError: string;
  readonly unexpectedError: string;
  readonly tryAgain: string;
  readonly vaultNoAccess: (values: { vault: string }) => string;
  readonly ssoCancelled: string;
  /** The answer from the identity provider did not belong to this sign-in (expired, another tab). */
  readonly ssoRestart: string;
  readonly ssoFailed: string;
  readonly sessionExpired: string;
  readonly sessionInvalid: string;
  readonly signedOut: string;
  /** After the kit signed the user out because of inactivity. */
  readonly signedOutInactive: string;
  readonly signedOutElsewhere: string;
}

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
  ssoCancelled: 'Sign-in with your organisation was cancelled. Try again when you are ready.',
  ssoRestart: 'This sign-in expired or was started in another window. Start again.',
  ssoFailed:
    'Sign-in with your organisation could not be completed. Try again, or contact your administrator if it keeps happening.',
  sessionExpired:
    'Your session ended after 48 hours, the longest a session can last. Sign in again to continue.',
  sessionInvalid: 'Your session has ended. Sign in again to continue.',
  signedOut: 'You have signed out.',
  signedOutInactive: 'You were signed out after a period of inactivity. Sign in to continue.',
  signedOutElsewhere: 'You were signed out in another window.',
};
