export type { VaultDevStackOptions } from '../dev/createVaultDevStack';
export { type VaultDevServerOptions, vaultDevServer } from '../dev/vaultDevServer';
// The emulator's settings, which the plugin's `emulator` option takes.
export type * from '../emulator/emulatorTypes';
