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
 * What a {@link KeepAliveRunFactory} makes a run of.
 */
export interface KeepAliveRunOptions {
  /** The keep-alive's environment, resolved once when it starts. */
  readonly env: ResolvedKeepAliveEnvironment;
  /** The keep-alive's options as given: `send`, `deadline` and the callbacks. */
  readonly options: KeepAliveOptions;
  /** The same options checked and with their defaults. */
  readonly settings: KeepAliveSettings;
  /** Receives every change of the snapshot. */
  readonly publish: (fields: Partial<KeepAliveSnapshot>) => void;
  /** The first keep-alive is due an interval after this time. Default: now. */
  readonly startedAt?: number;
}

/**
 * What makes a {@link KeepAliveRun}: `createKeepAliveRun` itself, or a stand-in that loads
 * it first (`deferKeepAliveRun`).
 */
export type KeepAliveRunFactory = (options: KeepAliveRunOptions) => KeepAliveRun;
