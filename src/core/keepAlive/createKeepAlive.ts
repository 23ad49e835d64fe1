import { createEmitter } from '../createEmitter';
import { VaultAbortedError } from '../errors';
import { createKeepAliveRun } from './createKeepAliveRun';
import { type KeepAlive, type KeepAliveSnapshot, STOPPED_KEEP_ALIVE } from './KeepAlive';
import { type KeepAliveOptions, resolveKeepAliveOptions } from './KeepAliveOptions';
import type { KeepAliveRun } from './KeepAliveRun';
import { reportUncaught } from './reportUncaught';

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
 * Nothing touches `window`, `navigator` or `BroadcastChannel` before `start()`.
 * Throws {@link VaultConfigError} for an interval under 10 s, not below the idle timeout,
 * or not finite.
 *
 * @example
 * ```ts
 * const keepAlive = createKeepAlive({
 *   send: (signal) => client.keepAlive(sessionId, { signal }),
 *   deadline: () => manager.getSnapshot().deadline,
 *   onSessionInvalid: () => markExpired(),
 *   onResume: () => checkDeadline(),
 * });
 * keepAlive.start();
 * // "Stay signed in" button:
 * await keepAlive.extend();
 * // sign-out:
 * keepAlive.destroy();
 * ```
 */
export function createKeepAlive(options: KeepAliveOptions): KeepAlive {
  const settings = resolveKeepAliveOptions(options);
  let snapshot: KeepAliveSnapshot = STOPPED_KEEP_ALIVE;
  const changed = createEmitter(reportUncaught);
  let destroyed = false;
  // Everything start() resets lives in the run; a stopped run keeps refusing to act.
  let run: KeepAliveRun | undefined;

  function publish(fields: Partial<KeepAliveSnapshot>): void {
    const next: KeepAliveSnapshot = { ...snapshot, ...fields };
    if (shallowEqual(next, snapshot)) return;
    snapshot = Object.freeze(next);
    changed.emit();
  }

  function stop(): void {
    run?.stop();
  }

  return {
    start() {
      if (destroyed || run?.running()) return;
      run = createKeepAliveRun(options, settings, publish);
      run.start();
    },
    stop,
    notifyActivity: () => run?.notifyActivity(),
    confirm: () => run?.confirm(),
    extend: () => (run ? run.extend() : Promise.reject(new VaultAbortedError())),
    getSnapshot: () => snapshot,
    subscribe(listener) {
      if (destroyed) return () => {};
      return changed.on(listener);
    },
    destroy() {
      if (destroyed) return;
      stop();
      destroyed = true;
      changed.clear();
    },
  };
}

function shallowEqual(a: KeepAliveSnapshot, b: KeepAliveSnapshot): boolean {
  for (const key of Object.keys(a) as (keyof KeepAliveSnapshot)[]) {
    if (a[key] !== b[key]) return false;
  }
  return true;
}
