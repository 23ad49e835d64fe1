// The fetch-style proxy's options and result, which the Node listener takes and gives.
export type * from '../proxy/VaultProxyOptions';
export {
  createFetchStyleListener,
  type FetchStyleHandler,
  type FetchStyleListenerOptions,
} from './createFetchStyleListener';
export { createLoopbackUpstream } from './createLoopbackUpstream';
export {
  createVaultProxyListener,
  type NodeVaultProxyOptions,
  type VaultProxyListener,
} from './createVaultProxyListener';
export { describeVaultProxy } from './describeVaultProxy';
export {
  type ServedVaultProxy,
  type ServeVaultProxyOptions,
  serveVaultProxy,
} from './serveVaultProxy';
