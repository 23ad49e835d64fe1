export {
  createVaultDevStack,
  SSO_CALLBACK_PATH,
  type VaultDevStack,
  type VaultDevStackOptions,
} from './createVaultDevStack';
export { runProxyCli } from './proxyCli';
export { runDevCli } from './runDevCli';
