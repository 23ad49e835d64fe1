import type { VaultEmulator } from '../src/emulator';
import { emulatorHandlers as shippedHandlers } from '../src/emulator/msw';

let active: VaultEmulator | undefined;

/**
 * Makes `emulator` the service behind `/api` and `/auth` for the story now rendering. The
 * preview renders one story at a time, and each gets an emulator of its own.
 *
 * @example
 * ```ts
 * setActiveEmulator(createVaultEmulator({ passwordHashIterations: 1_000 }));
 * ```
 */
export function setActiveEmulator(emulator: VaultEmulator): void {
  active = emulator;
}

/**
 * The worker's initial handlers: the package's own MSW handlers in token mode, forwarding every request
 * to the vault's paths on this origin to the active emulator, exactly as the dev server
 * mounts it. Handlers a story adds with `parameters.msw` come first and can replace single
 * calls (a network failure, a hang).
 *
 * @example
 * ```ts
 * const worker = setupWorker(...emulatorHandlers);
 * ```
 */
export const emulatorHandlers = shippedHandlers(() => active, {
  origin: globalThis.location?.origin,
  // The stories' apps hold their sessions themselves (token mode).
  session: false,
});
