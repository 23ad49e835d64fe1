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
