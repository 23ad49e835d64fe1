/**
 * The values of `data-state` on the kit's components: one attribute for "what state is this
 * in", as Radix does, so an app's CSS reads the same everywhere (`[data-state="open"]`).
 * Keys are the components; the attribute sits on the element named in each entry. Other
 * `data-*` attributes say what kind of thing an element is, not its state: `data-mode`
 * (the dialog's warning), `data-kind` (a timer line), `data-layout` (the picker's list),
 * `data-variant` (a button's look).
 *
 * @example
 * ```ts
 * const state: VaultDataStates['SessionExpiryDialog'] = 'open';
 * document.querySelector(`.vsk-session-expiry-dialog[data-state="${state}"]`);
 * ```
 */
export interface VaultDataStates {
  /** The form's root: the step on screen, then `signed-in` or `sso-callback`. */
  LoginForm: 'identifier' | 'password' | 'sso' | 'signed-in' | 'sso-callback';
  /** The `<dialog>`: shown while it has a warning or an end to explain, and `open` allows. */
  SessionExpiryDialog: 'open' | 'closed';
  /** The picker's root: what its list is doing. */
  DelegationPicker: 'loading' | 'error' | 'empty' | 'ready';
  /**
   * An entry of the picker: `active` is the delegation in use. The filter's count says
   * `empty` when nothing matches.
   */
  DelegationPickerItem: 'active' | 'inactive';
  /**
   * The banner, while a delegation runs: `stopping` once "Stop acting" was pressed, until
   * the vault has ended the delegated session. `landed` while it names the vault the
   * service signed the user in to instead of the one asked for.
   */
  ActingAsBanner: 'active' | 'stopping' | 'landed';
  /** The timer's root: `urgent` at or below its first announcement time. */
  SessionTimer: 'counting' | 'urgent';
  /** The button: `pending` while the sign-out runs. */
  SignOutButton: 'idle' | 'pending';
}
