export { createVaultProxy } from './createVaultProxy';
export { isAllowedHost, isPlainHostName } from './isAllowedHost';
export type {
  VaultProxy,
  VaultProxyContext,
  VaultProxyErrorType,
  VaultProxyLogEvent,
  VaultProxyOptions,
} from './VaultProxyOptions';
