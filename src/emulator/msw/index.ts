// The emulator the handlers take, and what its methods answer with.
export type {
  EmulatorClock,
  EmulatorRequestContext,
  PasswordHash,
  SessionSummary,
  VaultEmulator,
} from '../index';
export { type EmulatorHandlersOptions, emulatorHandlers } from './emulatorHandlers';
