// The shipped MSW handlers in their default, BFF mode: the kit's proxy with session secrets
// in front of the emulator, its cookies kept by the handlers between calls, as one browser
// keeps them. Node's fetch carries no cookies itself, as jsdom's tests' fetch does not.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVaultClient } from '../../src/core';
import { VaultApiError } from '../../src/core/errors';
import { createManualClock, createVaultEmulator, type VaultEmulator } from '../../src/emulator';
import { emulatorHandlers } from '../../src/emulator/msw';

const APP = 'http://app.test';
const clock = createManualClock(Date.parse('2026-11-28T08:00:00Z'));
let emulator: VaultEmulator;
const server = setupServer(...emulatorHandlers(() => emulator));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  emulator = createVaultEmulator({ passwordHashIterations: 1000, clock });
});

const client = createVaultClient({
  authUrl: APP,
  vaultUrl: `${APP}/vault/{dns}`,
  vaultDns: 'promomats.sunrise.example',
  credentials: 'proxy',
});
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const at = { vaultDns: 'promomats.sunrise.example' };

describe('emulatorHandlers in BFF mode (the default)', () => {
  it('seals the login answer and carries the cookie to the calls that follow', async () => {
    const answer = await fetch(`${APP}/vault/promomats.sunrise.example/api/v26.1/auth`, {
      method: 'POST',
      headers: { 'X-Vault-Kit': '1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(OLIVIA),
    });
    const body = await answer.json();
    expect(body.sessionId).toBeUndefined();
    expect(typeof body.sessionTag).toBe('string');
    // The cookie stays in the handlers, as an HttpOnly one stays in the browser.
    expect(answer.headers.get('set-cookie')).toBeNull();

    const held = await (await fetch(`${APP}/vault-session`)).json();
    expect(held.own).toMatchObject({ sessionTag: body.sessionTag, vaultDns: at.vaultDns });
    await client.keepAlive({ kind: 'proxy', cookie: 'own', tag: body.sessionTag }, at);
    expect(emulator.sessionCount()).toBe(1);
  });

  it('signs out through the session route: the vault session ends and the cookie goes', async () => {
    const { session } = await client.login(OLIVIA);
    expect(session).toMatchObject({ kind: 'proxy', cookie: 'own' });
    expect(emulator.sessionCount()).toBe(1);
    await client.endSession(session, at);
    expect(emulator.sessionCount()).toBe(0);
    expect(await client.getProxySessions?.()).toEqual({ own: null, delegated: null });
  });

  it('keeps one jar per emulator: a new emulator is a new browser', async () => {
    await client.login(OLIVIA);
    expect((await client.getProxySessions?.())?.own).not.toBeNull();
    emulator = createVaultEmulator({ passwordHashIterations: 1000, clock });
    expect(await client.getProxySessions?.()).toEqual({ own: null, delegated: null });
  });

  it("follows the emulator's clock: past the 48-hour cap the session is gone", async () => {
    const { session } = await client.login(OLIVIA);
    clock.advance(48 * 3_600_000 + 1);
    const failure = await client.keepAlive(session, at).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VaultApiError);
    expect((failure as VaultApiError).type).toBe('INVALID_SESSION_ID');
  });

  it('refuses a token-mode call that carries no BFF header, as the kit proxy in BFF mode does', async () => {
    const tokenClient = createVaultClient({ authUrl: APP, vaultUrl: `${APP}/vault/{dns}` });
    const failure = await tokenClient
      .discover({ username: OLIVIA.username })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'config' });
  });
});
