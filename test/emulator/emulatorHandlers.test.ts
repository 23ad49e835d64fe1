// The shipped MSW handlers in front of the emulator in token mode, reached as an app
// configured for the kit's proxy reaches the service: `/auth/*` and `/vault/{dns}/api/*` on
// its own origin, the session ID in the page (BFF mode: emulatorHandlersBff.test.ts).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVaultClient } from '../../src/core';
import { VaultApiError } from '../../src/core/errors';
import { createVaultEmulator } from '../../src/emulator';
import { emulatorHandlers } from '../../src/emulator/msw';
import { token, tokenIdOf } from '../support/sessionReferences';

const APP = 'http://app.test';
const emulator = createVaultEmulator({ passwordHashIterations: 1000 });
const server = setupServer(...emulatorHandlers(emulator, { session: false }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const client = createVaultClient({
  authUrl: APP,
  vaultUrl: `${APP}/vault/{dns}`,
  vaultDns: 'promomats.sunrise.example',
});

describe('emulatorHandlers on the proxy layout, in token mode', () => {
  it('discovers at the login host and signs in at the vault named in the path', async () => {
    expect((await client.discover({ username: 'sam@harbor.example' })).authType).toBe('sso');
    const result = await client.login({
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
    });
    expect(result.vault?.dns).toBe('promomats.sunrise.example');
    await client.keepAlive(result.session, { vaultDns: 'promomats.sunrise.example' });
  });

  it('keeps each vault at its own host: a session ID works only at its vault', async () => {
    const sessionId = tokenIdOf(
      (
        await client.login({
          username: 'olivia@sunrise.example',
          password: 'Sunrise-Demo-1',
        })
      ).session,
    );
    const elsewhere = await client
      .keepAlive(token(sessionId), { vaultDns: 'quality.sunrise.example' })
      .catch((error: unknown) => error);
    expect(elsewhere).toBeInstanceOf(VaultApiError);
    expect((elsewhere as VaultApiError).type).toBe('INVALID_SESSION_ID');
  });

  it('answers a vault the emulator does not have as the service would, never another vault', async () => {
    const response = await fetch(`${APP}/vault/intranet.example/api`);
    const body = await response.json();
    expect(body.responseStatus).not.toBe('SUCCESS');
  });
});
