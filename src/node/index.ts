export { type ServedVaultProxy, serveVaultProxy } from './serveVaultProxy';
