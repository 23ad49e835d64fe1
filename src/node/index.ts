export { createFetchStyleListener } from './createFetchStyleListener';
export {
  createVaultProxyListener,
  type NodeVaultProxyOptions,
  type VaultProxyListener,
} from './createVaultProxyListener';
export { type ServedVaultProxy, serveVaultProxy } from './serveVaultProxy';
