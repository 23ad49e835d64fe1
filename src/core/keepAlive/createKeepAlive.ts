import { createKeepAliveFront } from './createKeepAliveFront';
import { createKeepAliveRun } from './createKeepAliveRun';
import type { KeepAlive } from './KeepAlive';
import type { KeepAliveOptions } from './KeepAliveOptions';

/**
 * Creates the activity-driven keep-alive scheduler of one session.
 *
 * - One keep-alive per interval for the whole browser: the tabs elect a leader (Web Locks,
 *   else a BroadcastChannel lease, else the tab alone) and only the leader sends on
 *   schedule. When the leader tab closes, another takes over and knows when the last
 *   keep-alive went out.
 * - A keep-alive goes out only if the user was active, in any tab, since the previous one
 *   (SES-05). Other tabs forward their activity over the BroadcastChannel; the messages
 *   carry times, never a credential. After an idle stretch the first activity sends at
 *   once if the interval has passed.
 * - Nothing is sent while the browser is offline. Coming online, focus, becoming visible
 *   and `pageshow` trigger an immediate check, and `onResume`.
 * - Transient faults (network, timeout, protocol, `API_LIMIT_EXCEEDED`, `UNEXPECTED_ERROR`)
 *   never end the session: retries back off exponentially with full jitter up to the
 *   interval (SES-06, B3, B4, B6). Other unexpected answers retry after a full interval.
 *   `INVALID_SESSION_ID` stops every tab's scheduler and calls `onSessionInvalid` once.
 * - Due times are wall-clock epoch milliseconds, re-checked whenever a timer fires and at
 *   least once a minute, so sleep and throttled background timers cause no drift (B7). No
 *   send is planned at or after `deadline()`.
 *
 * Nothing touches `window`, `navigator` or `BroadcastChannel` before `start()`. The
 * scheduler's code comes with this function; a session made by `SessionProvider` loads it
 * in a chunk of its own instead.
 * Throws {@link VaultConfigError} for an interval under 10 s, not below the idle timeout,
 * or not finite.
 *
 * @example
 * ```ts
 * const keepAlive = createKeepAlive({
 *   async send(signal) {
 *     const own = manager.getOwnSession();
 *     if (own) await client.keepAlive(own, { signal });
 *   },
 *   deadline: () => manager.getSnapshot().deadline,
 *   onSessionInvalid: () => navigate('/login'),
 * });
 * keepAlive.start();
 * ```
 */
export function createKeepAlive(options: KeepAliveOptions): KeepAlive {
  return createKeepAliveFront({ ...options, createRun: createKeepAliveRun });
}
