const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/**
 * The idle settings the demo runs with. With `?short-timeouts` in the address, the kit
 * treats 2 minutes without activity as the idle timeout (a keep-alive every 30 seconds
 * while the user is active, the warning 1 minute before the end), so the warning and the
 * sign-out can be seen without waiting half an hour. The built-in vault's own timeout stays
 * 30 minutes; the kit's shorter one is the one that ends the session, as in an app
 * configured for a vault with a short timeout.
 *
 * @example
 * ```ts
 * const timeouts = demoTimeouts(window.location.search);
 * timeouts.short; // true for "?short-timeouts"
 * ```
 */
export interface DemoTimeouts {
  readonly short: boolean;
  /** The session's keep-alive settings; `undefined` for the kit's defaults. */
  readonly keepAlive: { readonly idleTimeoutMs: number; readonly intervalMs: number } | undefined;
  /** How long before the idle timeout the warning opens; `undefined` for the default. */
  readonly idleWarningMs: number | undefined;
  /** The idle timeout in minutes, for people. */
  readonly idleMinutes: number;
}

/** The query parameter that turns the short timeouts on. */
export const SHORT_TIMEOUTS_PARAM = 'short-timeouts';

/**
 * Reads the demo's idle settings from the address's query string.
 *
 * @example
 * ```ts
 * demoTimeouts('?short-timeouts').keepAlive?.idleTimeoutMs; // 120000
 * ```
 */
export function demoTimeouts(search: string): DemoTimeouts {
  const short = new URLSearchParams(search).has(SHORT_TIMEOUTS_PARAM);
  return short
    ? {
        short,
        keepAlive: { idleTimeoutMs: 2 * MINUTE, intervalMs: 30 * SECOND },
        idleWarningMs: MINUTE,
        idleMinutes: 2,
      }
    : { short, keepAlive: undefined, idleWarningMs: undefined, idleMinutes: 30 };
}

/**
 * The address of this page with the short timeouts switched on or off, everything else kept.
 *
 * @example
 * ```ts
 * timeoutsToggleHref(new URL('http://127.0.0.1:5173/'), true); // '/?short-timeouts'
 * ```
 */
export function timeoutsToggleHref(location: URL, short: boolean): string {
  const params = new URLSearchParams(location.search);
  if (short) params.set(SHORT_TIMEOUTS_PARAM, '');
  else params.delete(SHORT_TIMEOUTS_PARAM);
  const query = params.toString().replace(`${SHORT_TIMEOUTS_PARAM}=`, SHORT_TIMEOUTS_PARAM);
  return `${location.pathname}${query === '' ? '' : `?${query}`}${location.hash}`;
}
