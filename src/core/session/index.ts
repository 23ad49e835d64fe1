export { assertNotLocalStorage } from './assertNotLocalStorage';
export { createSessionManager } from './createSessionManager';
export { createVaultSession } from './createVaultSession';
export { memoryStorageAdapter } from './memoryStorageAdapter';
export { parseSessionRecord } from './parseSessionRecord';
export type * from './SessionManager';
export {
  initialSessionState,
  isLiveStatus,
  liveStatus,
  type SessionEvent,
  type SessionState,
  sessionReducer,
  toSessionSnapshot,
} from './sessionReducer';
export { sessionStorageAdapter } from './sessionStorageAdapter';
export type * from './types';
export type {
  VaultKeepAlive,
  VaultSession,
  VaultSessionOptions,
  VaultSsoModule,
  VaultSsoSettings,
} from './VaultSession';
