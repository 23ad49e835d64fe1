import type { ResolvedKeepAliveEnvironment } from '../resolveEnvironment';
import type { KeepAliveSnapshot } from './KeepAlive';
import type { KeepAliveOptions, KeepAliveSettings } from './KeepAliveOptions';

/**
 * One run of a keep-alive scheduler, from `start()` to `stop()` or to the end of the
 * session: its timers, its attempt in flight, its channel and its place in the election.
 * A restart makes a new run, so nothing of the previous one can leak into it.
 */
export interface KeepAliveRun {
  /** False once the run was stopped or the session ended; a stopped run does nothing. */
  running(): boolean;
  /** Joins the tabs: channel, resume listeners, activity monitor and election. */
  start(): void;
  /** Aborts the attempt in flight, leaves the election and publishes `stopped`. */
  stop(): void;
  notifyActivity(): void;
  confirm(): void;
  extend(): Promise<void>;
}

/**
 * What makes a {@link KeepAliveRun}: `createKeepAliveRun` itself, or a stand-in that loads
 * it first. `env` is the keep-alive's environment, resolved once when it starts; `publish`
 * receives every change of the snapshot; the first keep-alive is due an interval after
 * `startedAtMs` (default: now).
 */
export type KeepAliveRunFactory = (
  env: ResolvedKeepAliveEnvironment,
  options: KeepAliveOptions,
  settings: KeepAliveSettings,
  publish: (fields: Partial<KeepAliveSnapshot>) => void,
  startedAtMs?: number,
) => KeepAliveRun;
