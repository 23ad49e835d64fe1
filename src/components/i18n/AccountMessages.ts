/**
 * The strings of `VaultSwitcher` and of the remembered user names on the login form's first
 * step (`createRememberedUsers`). `vault` is a vault's name, `current` the vault the user is
 * in, `user` a user name.
 *
 * @example
 * ```ts
 * const messages: AccountMessages = { ...enAccountMessages, switchVault: 'Change vault' };
 * ```
 */
export interface AccountMessages {
  /** Accessible name of the button that opens the list; starts with its visible text, the vault's name. */
  readonly toggleLabel: (values: { vault: string }) => string;
  /** Heading of the open list. */
  readonly switchVault: string;
  /** Beside the vault the user is in. */
  readonly currentVault: string;
  /** Accessible name of each other vault's button; starts with the vault's name. */
  readonly switchToLabel: (values: { vault: string }) => string;
  /** While acting for someone: what a switch does first. */
  readonly actingNotice: string;
  /** Heading of the password step. */
  readonly passwordHeading: (values: { vault: string }) => string;
  /** What the password step asks for. */
  readonly passwordIntro: (values: { vault: string; user: string }) => string;
  readonly usernameLabel: string;
  readonly passwordLabel: string;
  readonly showPassword: string;
  readonly hidePassword: string;
  /** The password step's submit button. */
  readonly submit: string;
  /** The way back, to the vault the user is in. */
  readonly cancel: (values: { current: string }) => string;
  readonly switching: (values: { vault: string }) => string;
  /** An SSO user is on the way to their identity provider. */
  readonly redirecting: (values: { vault: string }) => string;
  /** Announced once the session is in the new vault. */
  readonly switched: (values: { vault: string }) => string;
  /** Announced when the user cancels the password step. */
  readonly stayed: (values: { current: string }) => string;
  readonly passwordRequired: string;
  readonly wrongPassword: (values: { current: string }) => string;
  /** The service put the new session in another vault (auth defaulting); it was ended. */
  readonly notAvailable: (values: { vault: string; current: string }) => string;
  /** Offline, a timeout, a fault of the service, a locked account: nothing changed. */
  readonly failed: (values: { vault: string; current: string }) => string;
  /** A failure after which the session is gone (the proxy had replaced it). */
  readonly failedSignedOut: (values: { vault: string }) => string;

  /** Heading of the remembered user names on the first login step. */
  readonly rememberedHeading: string;
  /** Accessible name of a remembered name's button; starts with the name. */
  readonly continueAs: (values: { user: string }) => string;
  /** Accessible name of the button that removes a name from the list. */
  readonly forgetLabel: (values: { user: string }) => string;
  /** Announced once a name is removed. */
  readonly forgotten: (values: { user: string }) => string;
  /** The sign-out that also removes the user's name from this browser. */
  readonly signOutAndForget: string;
}
