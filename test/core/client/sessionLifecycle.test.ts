import { afterEach, describe, expect, it } from 'vitest';
import { VaultApiError, VaultDnsMismatchError } from '../../../src/core/errors';
import { token, tokenIdOf } from '../../support/sessionReferences';
import {
  createTestClock,
  type EmulatorEnvironment,
  startEmulatorServer,
} from '../../support/startEmulatorServer';
import { createTokenTable } from './createTokenTable';

// Session rules observed through the client: the 48-hour cap (SES-04), the idle timeout
// (SES-05), per-session end (SES-07), delegated sessions (DEL-01..03) and DNS validation.

const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let env: EmulatorEnvironment | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function start(
  options?: Parameters<typeof startEmulatorServer>[0],
): Promise<EmulatorEnvironment> {
  env = await startEmulatorServer(options);
  return env;
}

async function errorType(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VaultApiError);
  return (error as VaultApiError).type;
}

describe('SES-04: the 48-hour cap', () => {
  it('keep-alive works up to 47 h 59 min and never extends the session past 48 h', async () => {
    const { client, clock } = await start({ emulator: { idleTimeoutMs: 8 * HOUR } });
    const sessionId = tokenIdOf((await client.login(OLIVIA)).session);
    for (let elapsed = 7; elapsed <= 42; elapsed += 7) {
      clock.advance(7 * HOUR);
      await client.keepAlive(token(sessionId));
    }
    clock.advance(5 * HOUR + 59 * MINUTE); // 47 h 59 min after login
    await expect(client.keepAlive(token(sessionId))).resolves.toBeUndefined();
    clock.advance(MINUTE + 1_000); // 48 h 0 min 1 s
    expect(await errorType(client.keepAlive(token(sessionId)))).toBe('INVALID_SESSION_ID');
    // Dead for good, and for every call that takes a session.
    expect(await errorType(client.getDelegations(token(sessionId)))).toBe('INVALID_SESSION_ID');
    // A new login is a new, fully valid session.
    const fresh = await client.login(OLIVIA);
    expect(tokenIdOf(fresh.session)).not.toBe(sessionId);
    await expect(client.keepAlive(fresh.session)).resolves.toBeUndefined();
  });
});

describe('SES-05: the idle timeout', () => {
  it('any authenticated call resets it; silence beyond it ends the session', async () => {
    const { client, clock } = await start({ emulator: { idleTimeoutMs: 30 * MINUTE } });
    const sessionId = tokenIdOf((await client.login(OLIVIA)).session);
    clock.advance(29 * MINUTE);
    await client.keepAlive(token(sessionId));
    clock.advance(29 * MINUTE);
    await client.getDelegations(token(sessionId));
    clock.advance(29 * MINUTE);
    await client.keepAlive(token(sessionId));
    clock.advance(31 * MINUTE);
    expect(await errorType(client.keepAlive(token(sessionId)))).toBe('INVALID_SESSION_ID');
  });
});

describe('SES-07/SES-11: ending a session', () => {
  it('ends only the session supplied; the same user may hold several independent sessions', async () => {
    const { client, emulator } = await start();
    const first = await client.login(OLIVIA);
    const second = await client.login(OLIVIA);
    const third = await client.login({ ...OLIVIA, vaultDns: 'quality.sunrise.example' });
    expect(new Set([first, second, third].map((login) => tokenIdOf(login.session))).size).toBe(3);
    expect(emulator.sessionCount()).toBe(3);

    await client.endSession(second.session);
    expect(emulator.sessionCount()).toBe(2);
    expect(await errorType(client.keepAlive(second.session))).toBe('INVALID_SESSION_ID');
    await expect(client.keepAlive(first.session)).resolves.toBeUndefined();
    await expect(client.keepAlive(third.session)).resolves.toBeUndefined();
    // Ending it again is the same answer as any unknown session.
    expect(await errorType(client.endSession(second.session))).toBe('INVALID_SESSION_ID');
  });
});

describe('delegated sessions', () => {
  async function actAsMarcus(env: EmulatorEnvironment) {
    const actor = await env.client.login(OLIVIA);
    const [grant] = await env.client.getDelegations(actor.session);
    expect(grant).toBeDefined();
    const delegatedSessionId = tokenIdOf(
      (
        await env.client.loginDelegated(actor.session, {
          vaultId: grant?.id ?? 0,
          delegatorUserId: grant?.delegatorUserId ?? '',
        })
      ).session,
    );
    return { actor, delegatedSessionId };
  }

  it('DEL-01: a delegated login gives a new session ID that works on its own', async () => {
    const current = await start();
    const { actor, delegatedSessionId } = await actAsMarcus(current);
    expect(delegatedSessionId).not.toEqual(tokenIdOf(actor.session));
    await expect(current.client.keepAlive(token(delegatedSessionId))).resolves.toBeUndefined();
    expect(current.emulator.sessionCount()).toBe(2);
  });

  it('a delegated session cannot start another delegated session', async () => {
    const current = await start();
    const { delegatedSessionId } = await actAsMarcus(current);
    expect(
      await errorType(
        current.client.loginDelegated(token(delegatedSessionId), {
          vaultId: 1002,
          delegatorUserId: '61002',
        }),
      ),
    ).toBe('INSUFFICIENT_ACCESS');
  });

  it("DEL-03: it dies when the actor's session ends", async () => {
    const current = await start();
    const { actor, delegatedSessionId } = await actAsMarcus(current);
    await current.client.endSession(actor.session);
    expect(await errorType(current.client.keepAlive(token(delegatedSessionId)))).toBe(
      'INVALID_SESSION_ID',
    );
    expect(current.emulator.sessionCount()).toBe(0);
  });

  it("DEL-03: it dies at the actor's 48-hour cap", async () => {
    // An idle timeout longer than the cap, so only the cap can end these sessions.
    const current = await start({ emulator: { idleTimeoutMs: 50 * HOUR } });
    const { actor } = await actAsMarcus(current);
    current.clock.advance(47 * HOUR);
    await current.client.keepAlive(actor.session);
    const late = await current.client.loginDelegated(actor.session, {
      vaultId: 1002,
      delegatorUserId: '61002',
    });
    current.clock.advance(HOUR + 1_000);
    expect(await errorType(current.client.keepAlive(late.session))).toBe('INVALID_SESSION_ID');
  });
});

describe('DNS validation', () => {
  it('olivia asking for clinical.harbor.example: VaultDnsMismatchError, and that session is really ended', async () => {
    const { client, emulator, server } = await start();
    const error = await client
      .login({ ...OLIVIA, vaultDns: 'clinical.harbor.example' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultDnsMismatchError);
    expect(error).toMatchObject({
      expected: 'clinical.harbor.example',
      actual: 'promomats.sunrise.example',
      kind: 'dns-mismatch',
    });
    expect(emulator.sessionCount()).toBe(0);
    const [login, end] = server.requests;
    expect(server.requests).toHaveLength(2);
    expect(login?.form.get('vaultDNS')).toBe('clinical.harbor.example');
    expect(end?.method).toBe('DELETE');
    // The ended ID is refused by the service from now on.
    const endedId = end?.headers.get('authorization') ?? '';
    expect(await errorType(client.keepAlive(token(endedId)))).toBe('INVALID_SESSION_ID');
  });

  it('compares host names case-insensitively', async () => {
    const { client } = await start();
    const result = await client.login({ ...OLIVIA, vaultDns: 'Quality.Sunrise.EXAMPLE' });
    expect(result.vault?.dns).toBe('quality.sunrise.example');
  });

  it('uses config.vaultDns when the call names no vault', async () => {
    const current = await start();
    const pinned = current.clientWith({ vaultDns: 'clinical.harbor.example' });
    await expect(pinned.login(OLIVIA)).rejects.toBeInstanceOf(VaultDnsMismatchError);
    expect(current.server.requests[0]?.form.get('vaultDNS')).toBe('clinical.harbor.example');
    expect(current.emulator.sessionCount()).toBe(0);
    // The call's own vaultDns wins over the configured one.
    await expect(
      pinned.login({ ...OLIVIA, vaultDns: 'quality.sunrise.example' }),
    ).resolves.toMatchObject({ vaultId: 1002 });
  });

  it('with validateDns: false the defaulted session is returned as the service gave it', async () => {
    const current = await start();
    const lax = current.clientWith({ validateDns: false });
    const result = await lax.login({ ...OLIVIA, vaultDns: 'clinical.harbor.example' });
    expect(result.vault?.dns).toBe('promomats.sunrise.example');
    expect(current.emulator.sessionCount()).toBe(1);
  });

  it('applies to the OAuth login too', async () => {
    const clock = createTestClock();
    const tokens = createTokenTable(clock);
    const { client, emulator } = await start({ clock, emulator: { oidc: tokens.oidcOptions() } });
    const error = await client
      .loginWithAccessToken({
        profileId: 'harbor-oidc',
        accessToken: tokens.issue(),
        vaultDns: 'promomats.sunrise.example',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultDnsMismatchError);
    expect((error as VaultDnsMismatchError).actual).toBe('clinical.harbor.example');
    expect(emulator.sessionCount()).toBe(0);
  });

  it('a failed clean-up does not hide the mismatch', async () => {
    const current = await start();
    current.intercept(
      (emulatorFetch) => (request) =>
        request.method === 'DELETE'
          ? new Response('<html>502</html>', {
              status: 502,
              headers: { 'Content-Type': 'text/html' },
            })
          : emulatorFetch(request),
    );
    await expect(
      current.client.login({ ...OLIVIA, vaultDns: 'clinical.harbor.example' }),
    ).rejects.toBeInstanceOf(VaultDnsMismatchError);
    expect(current.server.requests.map((request) => request.method)).toEqual(['POST', 'DELETE']);
  });
});

describe('OAuth login: the emulator really validates the introspection answer', () => {
  it('refuses expired, foreign-client, foreign-issuer and inactive tokens with one generic error', async () => {
    const clock = createTestClock();
    const tokens = createTokenTable(clock);
    const { client, emulator } = await start({ clock, emulator: { oidc: tokens.oidcOptions() } });
    const bad = [
      tokens.issue({ exp: Math.floor(clock.now() / 1000) - 60 }),
      tokens.issue({ client_id: 'someone-else', aud: 'other-api' }),
      tokens.issue({ iss: 'https://evil.example' }),
      tokens.issue({ active: false }),
      tokens.issue({ sub: 'not-mapped' }),
      'never-issued-token',
    ];
    const messages = new Set<string>();
    for (const accessToken of bad) {
      const error = await client
        .loginWithAccessToken({ profileId: 'harbor-oidc', accessToken })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VaultApiError);
      expect((error as VaultApiError).type).toBe('INSUFFICIENT_ACCESS');
      messages.add((error as VaultApiError).message);
    }
    expect(messages.size).toBe(1);
    expect(emulator.sessionCount()).toBe(0);
    await expect(
      client.loginWithAccessToken({ profileId: 'harbor-oidc', accessToken: tokens.issue() }),
    ).resolves.toMatchObject({ userId: '61006', vaultId: 2001 });
  });
});
