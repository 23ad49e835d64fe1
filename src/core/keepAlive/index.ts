export type {
  BroadcastChannelConstructor,
  BroadcastChannelLike,
  DocumentLike,
  EventTargetLike,
  KeepAliveEnvironment,
  LockManagerLike,
  NavigatorLike,
  ResolvedKeepAliveEnvironment,
} from '../resolveEnvironment';
export { resolveEnvironment as resolveKeepAliveEnvironment } from '../resolveEnvironment';
export type { BackoffOptions } from './backoffDelay';
export { backoffDelay } from './backoffDelay';
export type { ActivityMonitor, ActivityMonitorOptions } from './createActivityMonitor';
export { createActivityMonitor, DEFAULT_ACTIVITY_EVENTS } from './createActivityMonitor';
export { createKeepAlive } from './createKeepAlive';
export type {
  LeaderElection,
  LeaderElectionOptions,
  LeaderMechanism,
} from './createLeaderElection';
export { createLeaderElection } from './createLeaderElection';
export type { KeepAlive, KeepAliveSnapshot, KeepAliveStatus } from './KeepAlive';
export { STOPPED_KEEP_ALIVE } from './KeepAlive';
export type { KeepAliveOptions } from './KeepAliveOptions';
