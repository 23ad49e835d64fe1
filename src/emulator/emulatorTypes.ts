// The emulator's settings and what it answers with, as types: the emulator's entry and the
// entries that hand an emulator out or take its settings (dev, vite, emulator/msw) export
// this list, so an app names them from the entry it uses.
export type { EmulatorClock } from './createManualClock';
export type { SessionSummary } from './createSessionStore';
export type { EmulatorRequestContext, VaultEmulator } from './createVaultEmulator';
export type {
  EmulatorAuthProfile,
  EmulatorData,
  EmulatorDelegationGrant,
  EmulatorDocument,
  EmulatorRealm,
  EmulatorSubjectMapping,
  EmulatorUser,
  EmulatorUserStatus,
  EmulatorVault,
} from './EmulatorData';
export type {
  EmulatorEvent,
  LoginFailureReason,
  OAuthFailureReason,
  SessionEndReason,
} from './EmulatorEvent';
export type { EmulatorOidcOptions } from './EmulatorOidcOptions';
export type { PasswordHash } from './hashPassword';
export type { VaultEmulatorOptions } from './VaultEmulatorOptions';
