// The proxy as a framework's route handlers (Next.js App Router): every method reaches the
// proxy, which answers in the service's shape; the emulator stands behind it.
import { describe, expect, it } from 'vitest';
import { createVaultEmulator } from '../../src/emulator';
import { createVaultProxy, toRouteHandlers } from '../../src/proxy';

const APP = 'https://app.example';

function handlers() {
  const emulator = createVaultEmulator({ passwordHashIterations: 1000 });
  const proxy = createVaultProxy({
    loginHost: emulator.loginHost ?? '',
    allowHosts: ['*.sunrise.example'],
    allowedOrigins: [APP],
    fetch: (request) => emulator.fetch(request),
  });
  return toRouteHandlers(proxy);
}

describe('toRouteHandlers', () => {
  it('answers every method a framework routes, each in the service shape', async () => {
    const routes = handlers();
    expect(Object.keys(routes).sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );
    for (const [method, handle] of Object.entries(routes)) {
      const response = await handle(
        new Request(`${APP}/vault/intranet.example/api`, {
          method,
          headers: { Origin: APP },
        }),
      );
      expect(response.headers.get('content-type'), method).toContain('application/json');
      if (method !== 'HEAD') {
        const body = await response.json();
        expect(body.responseStatus, method).toBe('FAILURE');
        expect(body.errors[0].type, method).toMatch(/^PROXY_/);
      }
    }
  });

  it('signs in and reads a vault through the handlers, as a browser page would', async () => {
    const { GET, POST } = handlers();
    const login = await POST(
      new Request(`${APP}/vault/promomats.sunrise.example/api/v26.1/auth`, {
        method: 'POST',
        headers: { Origin: APP },
        body: new URLSearchParams({
          username: 'olivia@sunrise.example',
          password: 'Sunrise-Demo-1',
        }),
      }),
    );
    const { sessionId } = await login.json();
    const me = await GET(
      new Request(`${APP}/vault/promomats.sunrise.example/api/v26.1/objects/users/me`, {
        headers: { Authorization: sessionId },
      }),
    );
    expect((await me.json()).responseStatus).toBe('SUCCESS');
  });
});
