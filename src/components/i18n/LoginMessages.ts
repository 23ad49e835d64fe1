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
  /**
   * Shown instead of `incorrectCredentials` from the third wrong password in a row for the
   * same user name: the service locks an account after a number of failures it does not
   * tell, so the warning names none.
   */
  readonly lockoutWarning: string;
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
  /**
   * The service would have signed the user in to `actual` instead of `vault`, which the app
   * asked for and accepts alone (`validateDns`): where their account is, and who can help.
   */
  readonly vaultElsewhere: (values: { vault: string; actual: string }) => string;
  readonly ssoCancelled: string;
  /** The answer from the identity provider did not belong to this sign-in (expired, another tab). */
  readonly ssoRestart: string;
  readonly ssoFailed: string;
  /**
   * Single sign-on through the kit's proxy opened a session in another vault than the one
   * the app asked for and accepts alone (`validateDns`); that session was ended.
   */
  readonly ssoVaultElsewhere: string;
  readonly sessionExpired: string;
  readonly sessionInvalid: string;
  /**
   * A session a vault's web tab lent the app was ended by that vault (the service no longer
   * knew it): signing out there, or the vault's own cap.
   */
  readonly vaultEnded: string;
  /** Inside a vault's web tab: waiting for the vault to hand its session over. */
  readonly webTabConnecting: string;
  /** Inside a vault's web tab: the vault handed over no session in time. */
  readonly webTabNoSession: string;
  /** Inside a vault's web tab: the service refused the session the vault handed over. */
  readonly webTabSessionRefused: string;
  readonly signedOut: string;
  /** After the kit signed the user out because of inactivity. */
  readonly signedOutInactive: string;
  readonly signedOutElsewhere: string;
}
