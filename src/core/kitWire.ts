// The wire between the kit's client and the kit's proxy (BFF mode), spelled once for both
// sides: src/core sends and reads what src/proxy checks and writes. Only constants, so
// that the proxy, which runs on every server runtime, takes nothing else from core.

/**
 * The service's absolute session lifetime: a session ends 48 hours after its login,
 * however active. The proxy's cookies last as long, and the kit's deadline is this cap.
 *
 * @example
 * ```ts
 * // The emulator ends every session this long after its login, as the service does.
 * const hours = MAX_SESSION_LIFETIME_MS / 3_600_000; // 48
 * ```
 */
export const MAX_SESSION_MS = 48 * 60 * 60 * 1000;

/**
 * The header the client sends (value `1`) on every call in BFF mode: the proxy's CSRF
 * check, since no cross-site form or plain link can send it.
 */
export const KIT_HEADER = 'X-Vault-Kit';

/**
 * The header (value `delegated`) that makes the proxy use its delegated session's cookie
 * for a call; without it a call uses the user's own session.
 */
export const SESSION_HEADER = 'X-Vault-Session';

/**
 * The header (value `1`) the client adds in BFF mode when the page runs in a frame (a
 * vault's web tab): a browser keeps no `SameSite=Strict` cookie in a frame of another site,
 * so the proxy seals a session the call opens into a partitioned cookie instead.
 */
export const FRAMED_HEADER = 'X-Vault-Framed';

/**
 * The header (value `1`) with which a sign-out through the proxy's session route asks it to
 * end, at its vault, a session a vault's web tab lent the app: without it the proxy clears
 * that session's cookie and leaves the session to the vault window around the app.
 */
export const END_LENT_HEADER = 'X-Vault-End-Lent';

/**
 * The proxy's session route by default: `GET` says which sessions the browser holds,
 * `DELETE` ends them and clears both cookies.
 */
export const SESSION_ROUTE = '/vault-session';

/**
 * The names of the proxy's two `HttpOnly` cookies, by the session each holds.
 */
export const SESSION_COOKIES: { readonly own: string; readonly delegated: string } = {
  own: '__Host-vault-session',
  delegated: '__Host-vault-delegated',
};
