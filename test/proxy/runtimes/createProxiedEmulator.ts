// What each runtime serves: the kit's fetch-style proxy in front of the emulator, both in
// the runtime under test, built on the first request (workerd allows no timers or random
// numbers while a module loads). Under /bff, the same proxy in BFF mode.
import { createVaultEmulator, DEFAULT_LOGIN_HOST } from '../../../src/emulator';
import { createVaultProxy, type VaultProxy, type VaultProxyContext } from '../../../src/proxy';

export const RUNTIME_APP_ORIGIN = 'https://app.sunrise.example';
export const RUNTIME_BFF_BASE = '/bff';

export function createProxiedEmulator(): (
  request: Request,
  context?: VaultProxyContext,
) => Promise<Response> {
  let proxies: { plain: VaultProxy; bff: VaultProxy } | undefined;
  return (request, context) => {
    if (proxies === undefined) {
      const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
      const options = {
        loginHost: DEFAULT_LOGIN_HOST,
        allowHosts: ['*.sunrise.example'],
        allowedOrigins: [RUNTIME_APP_ORIGIN],
        fetch: async (upstream: Request) => emulator.fetch(upstream),
        warn: () => undefined,
      };
      proxies = {
        plain: createVaultProxy(options),
        bff: createVaultProxy({
          ...options,
          basePath: RUNTIME_BFF_BASE,
          session: { secrets: ['a-runtime-secret-of-at-least-32-characters'] },
        }),
      };
    }
    const bff = new URL(request.url).pathname.startsWith(`${RUNTIME_BFF_BASE}/`);
    return (bff ? proxies.bff : proxies.plain)(request, context);
  };
}
