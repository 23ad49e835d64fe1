export { createLoopbackUpstream } from './createLoopbackUpstream';
export { type ServedVaultProxy, serveVaultProxy } from './serveVaultProxy';
