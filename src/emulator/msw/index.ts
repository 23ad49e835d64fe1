export { type EmulatorHandlersOptions, emulatorHandlers } from './emulatorHandlers';
