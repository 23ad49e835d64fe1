// What each runtime serves: the kit's fetch-style proxy in front of the emulator, both in
// the runtime under test, built on the first request (workerd allows no timers or random
// numbers while a module loads).
import { createVaultEmulator, DEFAULT_LOGIN_HOST } from '../../../src/emulator';
import { createVaultProxy } from '../../../src/proxy';

export const RUNTIME_APP_ORIGIN = 'https://app.sunrise.example';

export function createProxiedEmulator(): (request: Request) => Promise<Response> {
  let proxy: ((request: Request) => Promise<Response>) | undefined;
  return (request) => {
    if (proxy === undefined) {
      const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
      proxy = createVaultProxy({
        loginHost: DEFAULT_LOGIN_HOST,
        allowHosts: ['*.sunrise.example'],
        allowedOrigins: [RUNTIME_APP_ORIGIN],
        fetch: async (upstream) => emulator.fetch(upstream),
        warn: () => undefined,
      });
    }
    return proxy(request);
  };
}
