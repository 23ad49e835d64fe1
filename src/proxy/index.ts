export {
  createVaultProxy,
  type VaultProxy,
  type VaultProxyContext,
  type VaultProxyErrorType,
  type VaultProxyLogEvent,
  type VaultProxyOptions,
} from './createVaultProxy';
export { isAllowedHost, isPlainHostName } from './isAllowedHost';
