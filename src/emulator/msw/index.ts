// The emulator the handlers take, and what its methods answer with.
export type * from '../emulatorTypes';
export { type EmulatorHandlersOptions, emulatorHandlers } from './emulatorHandlers';
