export type { VaultDevStackOptions } from '../dev/createVaultDevStack';
export { type VaultDevServerOptions, vaultDevServer } from '../dev/vaultDevServer';
