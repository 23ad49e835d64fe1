import type { BroadcastChannelConstructor, TabHub } from './createTabHub';
import type { SessionTimers } from './session/types';

/**
 * The part of `EventTarget` the keep-alive uses; a `window`, a `document` or a Node
 * `EventTarget` all fit.
 *
 * @example
 * ```ts
 * const target: EventTargetLike = new EventTarget();
 * ```
 */
export interface EventTargetLike {
  addEventListener(
    type: string,
    listener: (event: Event) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: (event: Event) => void,
    options?: boolean | EventListenerOptions,
  ): void;
}

/**
 * The part of the Web Locks `LockManager` (`navigator.locks`) the leader election uses.
 *
 * @example
 * ```ts
 * const locks: LockManagerLike | undefined = globalThis.navigator?.locks;
 * ```
 */
export interface LockManagerLike {
  request(
    name: string,
    options: { mode?: 'exclusive' | 'shared'; signal?: AbortSignal },
    callback: (lock: unknown) => unknown,
  ): Promise<unknown>;
}

/**
 * The part of `navigator` the keep-alive reads.
 *
 * @example
 * ```ts
 * const nav: NavigatorLike = { onLine: true };
 * ```
 */
export interface NavigatorLike {
  readonly onLine?: boolean;
  readonly locks?: LockManagerLike | undefined;
}

/**
 * The part of `document` the keep-alive reads: its visibility, and the
 * `visibilitychange` event.
 *
 * @example
 * ```ts
 * const doc: DocumentLike = Object.assign(new EventTarget(), { visibilityState: 'visible' });
 * ```
 */
export interface DocumentLike extends EventTargetLike {
  readonly visibilityState?: string;
}

export type { BroadcastChannelConstructor, BroadcastChannelLike } from './createTabHub';

/**
 * Everything a session and its keep-alive take from their surroundings, the one seam where
 * tests put their clock, timers, locks and channel. A session's `now`, `timers` and
 * `BroadcastChannel` settings are where its keep-alive's environment starts, and the
 * keep-alive's own `environment` may name others. Each field is optional: a missing one
 * is read from `globalThis` when it is needed, never at import, so the module loads in
 * server-side rendering and in workers. `null` says "this does not exist here" even where
 * the global does (for example to force the BroadcastChannel election in a browser that
 * has Web Locks).
 *
 * @example
 * ```ts
 * // A keep-alive kept to this tab, on a clock the test moves itself.
 * declare const sessionId: string;
 * let now = Date.UTC(2026, 0, 1);
 * const environment: KeepAliveEnvironment = { now: () => now, BroadcastChannel: null };
 * const keepAlive = createKeepAlive({
 *   send: (signal) => client.keepAlive({ kind: 'token', id: sessionId }, { signal }).then(() => undefined),
 *   deadline: () => now + 48 * 3_600_000,
 *   onSessionInvalid: () => navigate('/login'),
 *   environment,
 * });
 * now += 60_000;
 * ```
 */
export interface KeepAliveEnvironment {
  /** Wall-clock time in epoch milliseconds. Default `Date.now()`. */
  now?: () => number;
  /** Default `globalThis.setTimeout`, looked up at each call. */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** Default `globalThis.clearTimeout`, looked up at each call. */
  clearTimeout?: (handle: unknown) => void;
  /** Uniform random number in [0, 1) for the retry jitter. Default `Math.random`. */
  random?: () => number;
  /** `onLine` and `locks`. Default `globalThis.navigator`. */
  navigator?: NavigatorLike | null;
  /**
   * Receives user input events (activity) and `focus`, `online`, `offline`, `pageshow`.
   * Default `globalThis.window`.
   */
  window?: EventTargetLike | null;
  /** Receives `visibilitychange`. Default `globalThis.document`. */
  document?: DocumentLike | null;
  /** Default `globalThis.BroadcastChannel`. */
  BroadcastChannel?: BroadcastChannelConstructor | null;
}

/**
 * {@link KeepAliveEnvironment} with defaults applied; absent facilities are `undefined`.
 */
export interface ResolvedKeepAliveEnvironment {
  readonly now: () => number;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
  readonly random: () => number;
  readonly navigator: NavigatorLike | undefined;
  readonly window: EventTargetLike | undefined;
  readonly document: DocumentLike | undefined;
  readonly BroadcastChannel: BroadcastChannelConstructor | undefined;
  /**
   * The channel of the session a keep-alive runs in: the keep-alive's messages and its
   * lease election's are topics on it when it is made with this environment's
   * `BroadcastChannel`. Otherwise, or without it, a keep-alive opens a channel of its own.
   */
  readonly tabs?: TabHub | undefined;
}

/**
 * Fills the gaps of a {@link KeepAliveEnvironment} from `globalThis`. Call it once, when
 * the facilities are about to be used (a keep-alive's `start()`), not at module load, and
 * hand the result down: everything under it sees the same facilities.
 */
export function resolveEnvironment(
  environment: KeepAliveEnvironment = {},
): ResolvedKeepAliveEnvironment {
  // `null` is "absent here"; a missing field is read from the global of the same name.
  const pick = <Key extends keyof GlobalScope>(key: Key): GlobalScope[Key] | undefined => {
    const given = environment[key];
    if (given !== undefined) return (given ?? undefined) as GlobalScope[Key] | undefined;
    try {
      return (globalThis as GlobalScope)[key] ?? undefined;
    } catch {
      // Some sandboxes throw on access to navigator or document; treat that as absent.
      return undefined;
    }
  };
  return {
    now: environment.now ?? (() => Date.now()),
    setTimeout: environment.setTimeout ?? globalTimers.setTimeout,
    clearTimeout: environment.clearTimeout ?? globalTimers.clearTimeout,
    random: environment.random ?? Math.random,
    navigator: pick('navigator'),
    window: pick('window'),
    document: pick('document'),
    BroadcastChannel: pick('BroadcastChannel'),
  };
}

/**
 * The global `setTimeout` and `clearTimeout`, looked up at each call: timers replaced after
 * start-up (fake timers in tests, a zone) are the ones used. The default timers of a
 * session and of its keep-alive.
 */
export const globalTimers: SessionTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

// Written against the globals' possible absence: in Node and in workers some are missing.
interface GlobalScope {
  navigator?: NavigatorLike;
  window?: EventTargetLike;
  document?: DocumentLike;
  BroadcastChannel?: BroadcastChannelConstructor;
}
