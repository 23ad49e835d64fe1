export { createVaultClient } from './client/createVaultClient';
export { isSessionTag } from './client/isSessionTag';
export { isValidSessionId } from './client/isValidSessionId';
export { parseRetryAfter } from './client/parseRetryAfter';
export {
  isSameSession,
  type ProxySessionKind,
  type ProxySessionReference,
  type SessionReference,
  type TokenSessionReference,
} from './client/SessionReference';
export type {
  ApiVersions,
  AuthProfile,
  AuthResult,
  AuthServerMetadata,
  DelegatedSession,
  DelegatedVault,
  DiscoveryResult,
  ProxySessionInfo,
  ProxySessions,
  RequestOptions,
  ResolvedVaultClientConfig,
  VaultClient,
  VaultClientConfig,
  VaultInfo,
  VaultRequestInit,
} from './client/types';
export type { TabHub, TabLink } from './createTabHub';
export type { VaultErrorEntry, VaultErrorKind, VaultErrorType } from './errors';
export {
  isSessionInvalidError,
  isTransientError,
  normalizeError,
  VaultAbortedError,
  VaultApiError,
  VaultConfigError,
  VaultDnsMismatchError,
  VaultError,
  VaultNetworkError,
  VaultOAuthError,
  VaultProtocolError,
  VaultTimeoutError,
  VaultUnexpectedError,
} from './errors';
export type {
  AcquireAccessToken,
  AcquireAccessTokenContext,
  LoginWithDiscoveryOptions,
  LoginWithDiscoveryResult,
} from './flows/loginWithDiscovery';
export { loginWithDiscovery } from './flows/loginWithDiscovery';
export type { PasswordGrantInput, PasswordGrantOptions } from './flows/requestPasswordGrant';
export { requestPasswordGrant } from './flows/requestPasswordGrant';
export {
  type ActivityMonitor,
  type ActivityMonitorOptions,
  type BackoffOptions,
  type BroadcastChannelConstructor,
  type BroadcastChannelLike,
  backoffDelay,
  createActivityMonitor,
  createKeepAlive,
  createLeaderElection,
  DEFAULT_ACTIVITY_EVENTS,
  type DocumentLike,
  type EventTargetLike,
  type KeepAlive,
  type KeepAliveEnvironment,
  type KeepAliveOptions,
  type KeepAliveSnapshot,
  type KeepAliveStatus,
  type LeaderElection,
  type LeaderElectionOptions,
  type LeaderMechanism,
  type LockManagerLike,
  type NavigatorLike,
} from './keepAlive/index';
export * from './session/index';
