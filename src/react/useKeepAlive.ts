'use client';
import { useCallback, useSyncExternalStore } from 'react';
import type { KeepAliveSnapshot } from '../core/keepAlive/KeepAlive';
import { useNow } from './useNow';
import { useSession } from './useSession';
import { useVaultSession } from './VaultSessionContext';

/**
 * Options of {@link useKeepAlive}.
 *
 * @example
 * ```ts
 * const options: UseKeepAliveOptions = { tickMs: 30_000 };
 * ```
 */
export interface UseKeepAliveOptions {
  /** How often `timeLeftMs` and `idleTimeLeftMs` are recomputed. Default 1 000 ms; 0 = never. */
  tickMs?: number;
}

/**
 * What {@link useKeepAlive} returns.
 *
 * @example
 * ```ts
 * const { status, timeLeftMs, extend }: KeepAliveState = useKeepAlive();
 * ```
 */
export interface KeepAliveState extends KeepAliveSnapshot {
  /** Local epoch ms of the 48-hour cap, when a session is live. */
  readonly deadline: number | undefined;
  /** Time left before the 48-hour cap. */
  readonly timeLeftMs: number | undefined;
  /** Time left before the service's idle timeout could end the session. */
  readonly idleTimeLeftMs: number | undefined;
  /** Sends a keep-alive now ("Stay signed in"); counts as activity. */
  readonly extend: () => Promise<void>;
}

/**
 * The automatic keep-alive: its state (`scheduled`, `sending`, `backoff`, `offline`…),
 * when it last went out and is next due, the time left to the idle timeout and to the
 * 48-hour cap, and `extend()`. The keep-alive itself runs without this hook; use it to show
 * a timer or a warning.
 *
 * @example
 * ```tsx
 * const { timeLeftMs, extend } = useKeepAlive();
 * <button onClick={() => extend().catch(() => {})}>Stay signed in</button>
 * ```
 */
export function useKeepAlive(options: UseKeepAliveOptions = {}): KeepAliveState {
  const { keepAlive } = useVaultSession();
  const snapshot = useSyncExternalStore(
    keepAlive.subscribe,
    keepAlive.getSnapshot,
    keepAlive.getSnapshot,
  );
  const { deadline } = useSession();
  // The deadline is on the session's clock (which may be injected), and so is this tick.
  // The time read at the last tick may be older than the call that just moved the idle
  // timeout; it is never earlier than that call, or the time left would exceed the whole
  // timeout by the age of the tick ("31 min" of a 30-minute timeout).
  const tick = useNow(options.tickMs ?? 1_000);
  const now = Math.max(tick, snapshot.lastSentAt ?? tick, snapshot.lastConfirmedAt ?? tick);
  const extend = useCallback(() => keepAlive.extend(), [keepAlive]);
  return {
    ...snapshot,
    deadline,
    timeLeftMs: deadline === undefined ? undefined : Math.max(0, deadline - now),
    idleTimeLeftMs:
      snapshot.idleExpiresAt === undefined ? undefined : Math.max(0, snapshot.idleExpiresAt - now),
    extend,
  };
}
