import type { LoginMessages } from './i18n/LoginMessages';
import type { LoginVaultOption } from './UseLoginFormResult';

/**
 * What `onSignedIn` learns: how the user signed in and, after single sign-on, where the
 * application asked to return to.
 *
 * @example
 * ```ts
 * const onSignedIn = (event: LoginFormSignedIn) => navigate(event.returnTo ?? '/');
 * ```
 */
export interface LoginFormSignedIn {
  readonly method: 'password' | 'sso';
  readonly returnTo?: string;
}

/**
 * Options of {@link useLoginForm}, and the props of {@link LoginForm} that concern what it
 * does rather than how it looks. All optional.
 *
 * @example
 * ```ts
 * const options: UseLoginFormOptions = {
 *   vaults: [{ dns: 'quality.sunrise.example', name: 'Sunrise QualityDocs' }],
 *   onSignedIn: () => navigate('/documents'),
 * };
 * ```
 */
export interface UseLoginFormOptions {
  /** Strings to replace; the rest come from the nearest `VaultMessagesProvider` (English by default). */
  messages?: Partial<LoginMessages> | undefined;
  /**
   * The user name field's value, for a parent that owns it (controlled), with
   * `onUsernameChange`: a list of accounts to pick from, a name from the address bar. The
   * form shows what it is given; a name given while a later step shows another one takes
   * the form back to its first step with it. Leave it out and the form keeps the name
   * itself (uncontrolled), starting from the session's last user name or `defaultUsername`.
   */
  username?: string | undefined;
  /**
   * Called with each new user name: what the user types, and what the form fills in itself
   * (at mount with an empty `username`, and when a session ends under it, the session's last
   * user name; after "Not you?", the name just used). A controlled form shows it once the
   * parent passes it back as `username`.
   */
  onUsernameChange?: ((username: string) => void) | undefined;
  /** Prefills the user name when the session knows no last user name (uncontrolled only). */
  defaultUsername?: string | undefined;
  /** Sign in to this vault (by DNS). With `vaults`, the vault chosen first. */
  vaultDns?: string | undefined;
  /** Lets the user choose the vault: a `<select>` on the password and SSO steps. */
  vaults?: readonly LoginVaultOption[] | undefined;
  /** Called once a sign-in through this form has succeeded. */
  onSignedIn?: ((event: LoginFormSignedIn) => void) | undefined;
  /** Where single sign-on returns to after the identity provider (same origin). */
  returnTo?: string | undefined;
}
