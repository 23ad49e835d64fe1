const KEY = 'vault-session-kit.sso-switch';

/**
 * The host name of the vault a single sign-on switch left the page for, kept in this tab's
 * `sessionStorage` across the identity provider's round trip, so that the page it comes
 * back to can say where the user now is. No credential; a blocked storage keeps nothing and
 * the switch works all the same, unannounced.
 */
export const pendingSsoSwitch = {
  /** Notes that the page leaves to switch to the vault at `dns`. */
  keep(dns: string): void {
    try {
      globalThis.sessionStorage?.setItem(KEY, dns);
    } catch {
      // Unannounced then; the switch itself does not depend on it.
    }
  },
  /** The vault noted before leaving, once (the note is removed); `undefined` when none. */
  take(): string | undefined {
    try {
      const dns = globalThis.sessionStorage?.getItem(KEY) ?? undefined;
      if (dns !== undefined) globalThis.sessionStorage?.removeItem(KEY);
      return dns || undefined;
    } catch {
      return undefined;
    }
  },
};
