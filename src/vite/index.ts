export type { VaultDevStackOptions } from '../dev/createVaultDevStack';
export { type VaultDevServerOptions, vaultDevServer } from '../dev/vaultDevServer';
// The emulator's settings, which the plugin's `emulator` option takes.
export type {
  EmulatorAuthProfile,
  EmulatorClock,
  EmulatorData,
  EmulatorDelegationGrant,
  EmulatorDocument,
  EmulatorEvent,
  EmulatorOidcOptions,
  EmulatorRealm,
  EmulatorSubjectMapping,
  EmulatorUser,
  EmulatorUserStatus,
  EmulatorVault,
  LoginFailureReason,
  OAuthFailureReason,
  PasswordHash,
  SessionEndReason,
  VaultEmulatorOptions,
} from '../emulator/index';
