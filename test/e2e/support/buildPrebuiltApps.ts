import { buildPrebuiltApp, PREBUILT_APP_ROOTS } from './prebuiltApps';

// Both browser projects name this file; one run of Vitest builds the apps once for both.
const BUILT = Symbol.for('vault-session-kit.e2e.prebuiltApps');
type WithBuild = typeof globalThis & { [BUILT]?: Promise<void> };

/**
 * Global setup of the browser projects: builds every app of PREBUILT_APP_ROOTS, one after
 * another (each build takes both cores), before the first test file starts.
 */
export async function setup(): Promise<void> {
  const scope = globalThis as WithBuild;
  scope[BUILT] ??= (async () => {
    for (const root of PREBUILT_APP_ROOTS) await buildPrebuiltApp(root);
  })();
  await scope[BUILT];
}
