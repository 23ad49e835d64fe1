import { afterEach, describe, expect, it } from 'vitest';
import { serveFetch } from '../../../server/serveFetch';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import { isSessionInvalidError, isTransientError, VaultApiError } from '../../../src/core/errors';
import { createVaultEmulator } from '../../../src/emulator/index';
import { token, tokenIdOf } from '../../support/sessionReferences';
import { type EmulatorEnvironment, startEmulatorServer } from '../../support/startEmulatorServer';

// Each failure type of the wire contract, produced by the emulator and seen through the
// client as a VaultApiError with that type.

const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const MINUTE = 60_000;

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

async function apiError(promise: Promise<unknown>): Promise<VaultApiError> {
  const error = await promise.then(
    (value) => ({ resolvedWith: value }),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VaultApiError);
  return error as VaultApiError;
}

describe('failure types from the service', () => {
  it('INVALID_SESSION_ID for a well-formed session ID the service never issued', async () => {
    const env = await start();
    const error = await apiError(env.client.keepAlive(token('A'.repeat(43))));
    expect(error.type).toBe('INVALID_SESSION_ID');
    expect(error.responseStatus).toBe('FAILURE');
    expect(isSessionInvalidError(error)).toBe(true);
    expect(isTransientError(error)).toBe(false);
  });

  it('USERNAME_OR_PASSWORD_INCORRECT for a wrong password and for an unknown user alike', async () => {
    const env = await start();
    const wrong = await apiError(env.client.login({ ...OLIVIA, password: 'sunrise-demo-1' }));
    const unknown = await apiError(
      env.client.login({ username: 'nobody@sunrise.example', password: 'x' }),
    );
    expect(wrong.type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    expect(unknown.type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    expect(unknown.message).toBe(wrong.message);
  });

  it('USER_LOCKED_OUT for a locked account', async () => {
    const env = await start();
    const error = await apiError(
      env.client.login({ username: 'locked@sunrise.example', password: 'x' }),
    );
    expect(error.type).toBe('USER_LOCKED_OUT');
  });

  it('PASSWORD_CHANGE_REQUIRED for a right password that has expired', async () => {
    const env = await start();
    const error = await apiError(
      env.client.login({ username: 'newhire@sunrise.example', password: 'Sunrise-Demo-3' }),
    );
    expect(error.type).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(env.emulator.sessionCount()).toBe(0);
  });

  it('INACTIVE_USER for an inactive account', async () => {
    const env = await start();
    const error = await apiError(
      env.client.login({ username: 'inactive@sunrise.example', password: 'x' }),
    );
    expect(error.type).toBe('INACTIVE_USER');
  });

  it('NO_PASSWORD_PROVIDED for an empty password (the client sends it, the service decides)', async () => {
    const env = await start();
    const error = await apiError(env.client.login({ ...OLIVIA, password: '' }));
    expect(error.type).toBe('NO_PASSWORD_PROVIDED');
    expect(env.server.requests).toHaveLength(1);
  });

  it('PARAMETER_REQUIRED for an empty user name, at login and at discovery', async () => {
    const env = await start();
    expect((await apiError(env.client.login({ username: '', password: 'x' }))).type).toBe(
      'PARAMETER_REQUIRED',
    );
    expect((await apiError(env.client.discover({ username: '' }))).type).toBe('PARAMETER_REQUIRED');
  });

  it('INSUFFICIENT_ACCESS for a delegated login without a grant (DEL-02)', async () => {
    const env = await start();
    const marcus = await env.client.login({
      username: 'marcus@sunrise.example',
      password: 'Sunrise-Demo-2',
    });
    expect(await env.client.getDelegations(marcus.session)).toEqual([]);
    const error = await apiError(
      env.client.loginDelegated(marcus.session, { vaultId: 1002, delegatorUserId: '61001' }),
    );
    expect(error.type).toBe('INSUFFICIENT_ACCESS');
  });

  it('METHOD_NOT_SUPPORTED when a proxy turns the login POST into the GET of the seed table', async () => {
    const env = await start();
    env.intercept(
      (emulatorFetch) => (request) =>
        new URL(request.url).pathname.endsWith('/auth')
          ? emulatorFetch(new Request(request.url, { method: 'GET', headers: request.headers }))
          : emulatorFetch(request),
    );
    const error = await apiError(env.client.login(OLIVIA));
    expect(error.type).toBe('METHOD_NOT_SUPPORTED');
    expect(env.emulator.sessionCount()).toBe(0);
  });

  it('UNEXPECTED_ERROR (EXCEPTION) when the service itself fails', async () => {
    let broken = false;
    const start = Date.parse('2026-03-02T08:00:00Z');
    const emulator = createVaultEmulator({
      hosts: 'single-origin',
      passwordHashIterations: 1_000,
      clock: {
        now: () => {
          if (broken) throw new Error('clock failure');
          return start;
        },
      },
    });
    const server = await serveFetch(emulator.fetch);
    try {
      const client = createVaultClient({ baseUrl: server.url });
      const sessionId = tokenIdOf((await client.login(OLIVIA)).session);
      broken = true;
      const error = await apiError(client.keepAlive(token(sessionId)));
      expect(error.type).toBe('UNEXPECTED_ERROR');
      expect(error.responseStatus).toBe('EXCEPTION');
      expect(isTransientError(error)).toBe(true);
      broken = false;
      await expect(client.keepAlive(token(sessionId))).resolves.toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('THR-01/THR-02: account lockout', () => {
  it('locks after the configured failures, even for the right password, and lifts after the duration', async () => {
    const env = await start({
      emulator: { lockout: { maxFailures: 3, durationMs: 15 * MINUTE } },
    });
    for (let i = 0; i < 3; i += 1) {
      const error = await apiError(env.client.login({ ...OLIVIA, password: `wrong-${i}` }));
      expect(error.type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    }
    expect((await apiError(env.client.login(OLIVIA))).type).toBe('USER_LOCKED_OUT');
    env.clock.advance(14 * MINUTE);
    expect((await apiError(env.client.login(OLIVIA))).type).toBe('USER_LOCKED_OUT');
    env.clock.advance(MINUTE + 1_000);
    await expect(env.client.login(OLIVIA)).resolves.toMatchObject({ userId: '61001' });
  });
});

describe('B5/THR-04: the auth burst limit', () => {
  it('answers API_LIMIT_EXCEEDED with retryAfterSeconds once the window is full, then reopens', async () => {
    const env = await start({ emulator: { authBurstLimit: 3 } });
    for (let i = 0; i < 3; i += 1) {
      await apiError(env.client.login({ ...OLIVIA, password: `wrong-${i}` }));
    }
    const limited = await apiError(env.client.login(OLIVIA));
    expect(limited.type).toBe('API_LIMIT_EXCEEDED');
    expect(limited.retryAfterSeconds).toBe(60);
    expect(isTransientError(limited)).toBe(true);

    env.clock.advance(45_000);
    const later = await apiError(env.client.login(OLIVIA));
    expect(later.retryAfterSeconds).toBe(15);

    // The window is per user name and vault DNS: another vault is counted apart.
    await expect(
      env.client.login({ ...OLIVIA, vaultDns: 'quality.sunrise.example' }),
    ).resolves.toMatchObject({ vaultId: 1002 });

    env.clock.advance(15_000);
    await expect(env.client.login(OLIVIA)).resolves.toMatchObject({ userId: '61001' });
  });
});
