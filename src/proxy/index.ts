export { createVaultProxy } from './createVaultProxy';
export { isAllowedHost, isPlainHostName } from './isAllowedHost';
export {
  toRouteHandlers,
  type VaultRouteHandler,
  type VaultRouteHandlers,
} from './toRouteHandlers';
export type * from './VaultProxyOptions';
