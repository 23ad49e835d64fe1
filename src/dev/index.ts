// The emulator the stack hands out and the settings it takes.
export type * from '../emulator/emulatorTypes';
export {
  createVaultDevStack,
  SSO_CALLBACK_PATH,
  SSO_SILENT_PATH,
  type VaultDevStack,
  type VaultDevStackOptions,
} from './createVaultDevStack';
export type { DevOidcEndpoints, DevOidcProvider, NodeMiddleware } from './devOidcProvider';
export { runProxyCli } from './proxyCli';
export { runDevCli } from './runDevCli';
