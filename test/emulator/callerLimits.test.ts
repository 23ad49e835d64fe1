import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, createVaultEmulator } from '../../src/emulator';
import { type RunningEmulator, startEmulator, TEST_START_MS } from './startEmulator';

let vault: RunningEmulator | undefined;
afterEach(async () => {
  await vault?.close();
  vault = undefined;
});

const MINUTE = 60_000;

function randomSessionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

async function errorType(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { responseStatus: string; errors?: { type: string }[] };
  return body.responseStatus === 'SUCCESS' ? 'SUCCESS' : body.errors?.[0]?.type;
}

describe('per-caller limits, keyed on the address the server adapter saw', () => {
  it('answers discovery 120 times a minute per caller, then API_LIMIT_EXCEEDED with Retry-After', async () => {
    vault = await startEmulator();
    const discover = () =>
      vault?.post('/auth/discovery', { username: 'someone@sunrise.example' }) as Promise<Response>;
    for (let i = 0; i < 120; i++) expect(await errorType(await discover())).toBe('SUCCESS');
    const refused = await discover();
    expect(await errorType(refused)).toBe('API_LIMIT_EXCEEDED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    vault.clock.advance(MINUTE);
    expect(await errorType(await discover())).toBe('SUCCESS');
  });

  it('stops a caller guessing session IDs: after 60 invalid ones even a valid ID gets no answer this minute', async () => {
    vault = await startEmulator();
    const { sessionId } = await vault.login('olivia@sunrise.example', 'Sunrise-Demo-1');
    const keepAlive = (id: string) =>
      vault?.post('/api/v26.1/keep-alive', {}, { Authorization: id }) as Promise<Response>;
    for (let i = 0; i < 60; i++) {
      expect(await errorType(await keepAlive(randomSessionId()))).toBe('INVALID_SESSION_ID');
    }
    const refused = await keepAlive(randomSessionId());
    expect(await errorType(refused)).toBe('API_LIMIT_EXCEEDED');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await errorType(await keepAlive(sessionId))).toBe('API_LIMIT_EXCEEDED');
    // Calls without a session ID are not held back.
    expect(await errorType(await vault.get('/api'))).toBe('SUCCESS');

    vault.clock.advance(MINUTE);
    // The manual clock moved a minute; the session's idle timeout (30 min) did not run out.
    expect(await errorType(await keepAlive(sessionId))).toBe('SUCCESS');
  });

  it('limits each caller on its own and keeps its tables bounded by the minute', async () => {
    const clock = createManualClock(TEST_START_MS);
    const emulator = createVaultEmulator({
      hosts: 'single-origin',
      clock,
      passwordHashIterations: 1_000,
      callerLimits: { discoveryPerMinute: 2, invalidSessionsPerMinute: 1 },
    });
    const discover = (clientAddress: string) =>
      emulator.fetch(
        new Request('http://login.sunrise.example/auth/discovery', {
          method: 'POST',
          body: new URLSearchParams({ username: 'a@sunrise.example' }),
        }),
        { clientAddress },
      );
    expect(await errorType(await discover('192.0.2.1'))).toBe('SUCCESS');
    expect(await errorType(await discover('192.0.2.1'))).toBe('SUCCESS');
    expect(await errorType(await discover('192.0.2.1'))).toBe('API_LIMIT_EXCEEDED');
    expect(await errorType(await discover('192.0.2.2'))).toBe('SUCCESS');

    // Without an adapter address, the test header names the caller.
    const withHeader = (caller: string) =>
      emulator.fetch(
        new Request('http://promomats.sunrise.example/api/v26.1/keep-alive', {
          method: 'POST',
          headers: { Authorization: randomSessionId(), 'X-Emulator-Caller': caller },
        }),
      );
    expect(await errorType(await withHeader('tab-a'))).toBe('INVALID_SESSION_ID');
    expect(await errorType(await withHeader('tab-a'))).toBe('API_LIMIT_EXCEEDED');
    expect(await errorType(await withHeader('tab-b'))).toBe('INVALID_SESSION_ID');
  });

  // 300 logins one after another over loopback take seconds on a loaded machine: 30 s, not 5.
  it('refuses a caller that sprays password logins across many names, with the service headers', async () => {
    vault = await startEmulator();
    // Over loopback HTTP every call comes from 127.0.0.1, the address the adapter passes on.
    const spray = (i: number) =>
      vault?.post('/api/v26.1/auth', {
        username: `someone-${i}@sunrise.example`,
        password: 'Spring2026!',
      }) as Promise<Response>;
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 300; i++) answers.push(await errorType(await spray(i)));
    expect(answers.slice(0, 30).every((type) => type === 'USERNAME_OR_PASSWORD_INCORRECT')).toBe(
      true,
    );
    expect(answers.slice(30).every((type) => type === 'API_LIMIT_EXCEEDED')).toBe(true);

    // Past the limit even the right password from that caller gets no answer this minute.
    const refused = await vault.post('/api/v26.1/auth', {
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
    });
    const body = await refused.json();
    expect(body).toMatchObject({
      responseStatus: 'FAILURE',
      errors: [{ type: 'API_LIMIT_EXCEEDED' }],
      errorType: 'AUTHENTICATION_FAILED',
    });
    expect(refused.headers.get('x-vaultapi-burstlimit')).toBe('30');
    expect(refused.headers.get('x-vaultapi-burstlimitremaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // Another caller is not held back, and the sprayer may try again after the minute.
    const elsewhere = await vault.emulator.fetch(
      new Request('http://127.0.0.1/api/v26.1/auth', {
        method: 'POST',
        body: new URLSearchParams({
          username: 'olivia@sunrise.example',
          password: 'Sunrise-Demo-1',
        }),
      }),
      { clientAddress: '192.0.2.9' },
    );
    expect(await errorType(elsewhere)).toBe('SUCCESS');
    vault.clock.advance(MINUTE);
    expect(await errorType(await spray(1))).toBe('USERNAME_OR_PASSWORD_INCORRECT');
  }, 30_000);

  it('counts failed logins still in flight, so a burst of parallel guesses cannot overshoot the limit', async () => {
    const emulator = createVaultEmulator({
      hosts: 'single-origin',
      clock: createManualClock(TEST_START_MS),
      passwordHashIterations: 1_000,
      callerLimits: { failedLoginsPerMinute: 3 },
    });
    // In process, so all twelve are surely in flight at once, each waiting on its hashing.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        errorType(
          await emulator.fetch(
            new Request('http://promomats.sunrise.example/api/v26.1/auth', {
              method: 'POST',
              body: new URLSearchParams({
                username: `someone-${i}@sunrise.example`,
                password: 'Spring2026!',
              }),
            }),
            { clientAddress: '192.0.2.1' },
          ),
        ),
      ),
    );
    expect(guesses.filter((type) => type === 'USERNAME_OR_PASSWORD_INCORRECT')).toHaveLength(3);
    expect(guesses.filter((type) => type === 'API_LIMIT_EXCEEDED')).toHaveLength(9);
  });

  it('counts only failed logins, so many people behind one address can still sign in', async () => {
    vault = await startEmulator({ callerLimits: { failedLoginsPerMinute: 2 } });
    for (let i = 0; i < 5; i++) await vault.login('olivia@sunrise.example', 'Sunrise-Demo-1');
    await vault.post('/api/v26.1/auth', { username: 'a@sunrise.example', password: 'x' });
    await vault.post('/api/v26.1/auth', { username: 'b@sunrise.example', password: 'x' });
    const refused = await vault.post('/api/v26.1/auth', {
      username: 'marcus@sunrise.example',
      password: 'Sunrise-Demo-2',
    });
    expect(await errorType(refused)).toBe('API_LIMIT_EXCEEDED');
  });
});
