import { HttpResponse, http } from 'msw';
import type { VaultEmulator } from '../src/emulator';

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

async function forward({ request }: { request: Request }): Promise<Response> {
  // Before a story's loader has run there is no service: answer as an unreachable host.
  return active ? active.fetch(request) : HttpResponse.error();
}

/**
 * The worker's initial handlers: every request to the vault's paths on this origin goes
 * to the active emulator, exactly as the dev server mounts it. Handlers a story adds with
 * `parameters.msw` come first and can replace single calls (a network failure, a hang).
 *
 * @example
 * ```ts
 * const worker = setupWorker(...emulatorHandlers);
 * ```
 */
export const emulatorHandlers = [
  http.all('/api', forward),
  http.all('/api/*', forward),
  http.all('/auth/*', forward),
];
