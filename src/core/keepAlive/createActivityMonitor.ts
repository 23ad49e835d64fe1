import type { EventTargetLike } from '../resolveEnvironment';

/**
 * The input events that count as the user being present: pointer, keyboard, wheel and
 * touch. Focus and visibility changes are deliberately not in the list, because a window
 * can gain focus without anyone touching it, and keep-alive traffic without real activity
 * would defeat the service's idle timeout (SES-05). Nor is `scroll`: the page scrolls on
 * its own too (a focus moved into view, scroll anchoring as a ticking timer reflows the
 * header), while a person scrolls with the wheel, a touch, a key or the scroll bar, which
 * are all in the list.
 *
 * @example
 * ```ts
 * const monitor = createActivityMonitor({
 *   target: window,
 *   events: [...DEFAULT_ACTIVITY_EVENTS, 'input'],
 *   onActivity: () => keepAlive.notifyActivity(),
 * });
 * ```
 */
export const DEFAULT_ACTIVITY_EVENTS: readonly string[] = [
  'pointerdown',
  'keydown',
  'wheel',
  'touchstart',
];

/**
 * Settings of {@link createActivityMonitor}.
 *
 * @example
 * ```ts
 * const options: ActivityMonitorOptions = {
 *   target: window,
 *   throttleMs: 5_000,
 *   onActivity: (at) => console.info('active at', new Date(at)),
 * };
 * ```
 */
export interface ActivityMonitorOptions {
  /** Where input events arrive, usually `window`. Listened to in the capture phase. */
  target: EventTargetLike;
  /** Called with the time of the activity, at most once per `throttleMs`. */
  onActivity: (at: number) => void;
  /** Minimum gap between two reports. Default 1000 ms. */
  throttleMs?: number;
  /** Epoch milliseconds. Default `Date.now()`. */
  now?: () => number;
  /** Event types to listen to. Default {@link DEFAULT_ACTIVITY_EVENTS}. */
  events?: readonly string[];
}

/**
 * A running activity listener.
 *
 * @example
 * ```ts
 * const monitor: ActivityMonitor = createActivityMonitor({
 *   target: window,
 *   onActivity: () => keepAlive.notifyActivity(),
 * });
 * // When the page no longer needs it:
 * monitor.stop();
 * ```
 */
export interface ActivityMonitor {
  /** Removes every listener. Safe to call more than once. */
  stop(): void;
}

/**
 * Listens for user input on `target` and reports it, throttled, through `onActivity`.
 * Listeners are passive (scrolling stays smooth) and use the capture phase, so scrolls of
 * inner elements, which do not bubble, are seen too. Programmatic scrolling also fires
 * `scroll`; leave it out of `events` in an app that scrolls on its own. Input inside an
 * element marked `data-vsk-not-activity` (the timeout warning) is not reported.
 *
 * @example
 * ```ts
 * const monitor = createActivityMonitor({
 *   target: window,
 *   onActivity: () => keepAlive.notifyActivity(),
 * });
 * // later
 * monitor.stop();
 * ```
 */
export function createActivityMonitor(options: ActivityMonitorOptions): ActivityMonitor {
  const { target, onActivity } = options;
  const throttleMs = options.throttleMs ?? 1_000;
  const now = options.now ?? (() => Date.now());
  const events = options.events ?? DEFAULT_ACTIVITY_EVENTS;
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
  let lastReportedAt: number | undefined;
  let stopped = false;

  const listener = (event: Event): void => {
    if (stopped) return;
    // Input inside an element that asks for it (the kit's timeout warning) answers that
    // element, not the idle timer.
    const origin = event.target as { closest?: (selector: string) => unknown } | null;
    if (origin?.closest?.('[data-vsk-not-activity]')) return;
    const at = now();
    // A clock that moved backwards must not silence reports until it catches up.
    if (lastReportedAt !== undefined && at >= lastReportedAt && at - lastReportedAt < throttleMs) {
      return;
    }
    lastReportedAt = at;
    onActivity(at);
  };

  for (const type of events) target.addEventListener(type, listener, listenerOptions);

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      for (const type of events) target.removeEventListener(type, listener, { capture: true });
    },
  };
}
