// The emulator's and the provider's types are repeated here because the stack hands them
// out: an app that starts the stack can name what it gets without a second entry.
export type {
  EmulatorAuthProfile,
  EmulatorClock,
  EmulatorData,
  EmulatorDelegationGrant,
  EmulatorDocument,
  EmulatorEvent,
  EmulatorOidcOptions,
  EmulatorRealm,
  EmulatorRequestContext,
  EmulatorSubjectMapping,
  EmulatorUser,
  EmulatorUserStatus,
  EmulatorVault,
  LoginFailureReason,
  OAuthFailureReason,
  PasswordHash,
  SessionEndReason,
  SessionSummary,
  VaultEmulator,
  VaultEmulatorOptions,
} from '../emulator/index';
export {
  createVaultDevStack,
  SSO_CALLBACK_PATH,
  type VaultDevStack,
  type VaultDevStackOptions,
} from './createVaultDevStack';
export type { DevOidcEndpoints, DevOidcProvider, NodeMiddleware } from './devOidcProvider';
export { runProxyCli } from './proxyCli';
export { runDevCli } from './runDevCli';
