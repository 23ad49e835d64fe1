import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEMO,
  headerNames,
  type RunningEmulator,
  stableHeaders,
  startEmulator,
} from './startEmulator';

let vault: RunningEmulator;
afterEach(async () => {
  await vault?.close();
});

const KEEP_ALIVE = '/api/v26.1/keep-alive';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function keepAlive(authorization: string, path = KEEP_ALIVE, headers = {}): Promise<string> {
  const response = await vault.post(path, {}, { Authorization: authorization, ...headers });
  const body = (await response.json()) as { responseStatus: string; errors?: { type: string }[] };
  return body.responseStatus === 'SUCCESS' ? 'SUCCESS' : (body.errors?.[0]?.type ?? 'NO_TYPE');
}

describe('session IDs (SES-01, SES-02, SES-03)', () => {
  it('are 256 random bits, base64url, unique, and new on every login', async () => {
    vault = await startEmulator({ authBurstLimit: 10_000 });
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) ids.push((await vault.login(...DEMO.olivia)).sessionId);
    expect(spy.mock.calls.some(([array]) => (array as Uint8Array).byteLength === 32)).toBe(true);

    expect(new Set(ids).size).toBe(ids.length);
    let ones = 0;
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const bytes = Buffer.from(id, 'base64url');
      expect(bytes.length).toBe(32);
      // Opaque: nothing about the user is encoded in it.
      const latin = bytes.toString('latin1');
      expect(latin).not.toContain('olivia');
      expect(latin).not.toContain('61001');
      for (const byte of bytes) for (let bit = 0; bit < 8; bit++) ones += (byte >> bit) & 1;
    }
    // 38 400 bits from a CSPRNG: the share of ones sits very close to one half.
    expect(ones / (ids.length * 256)).toBeGreaterThan(0.48);
    expect(ones / (ids.length * 256)).toBeLessThan(0.52);
  });

  it('accepts the ID raw or as a Bearer value in Authorization', async () => {
    vault = await startEmulator();
    const { sessionId } = await vault.login(...DEMO.olivia);
    expect(await keepAlive(sessionId)).toBe('SUCCESS');
    expect(await keepAlive(`Bearer ${sessionId}`)).toBe('SUCCESS');
    expect(await keepAlive(`bearer ${sessionId}`)).toBe('SUCCESS');
  });

  it('answers unknown, ended, expired and malformed IDs identically', async () => {
    vault = await startEmulator();
    const ended = (await vault.login(...DEMO.olivia)).sessionId;
    await vault.del('/api/v26.1/session', { Authorization: ended });
    const idle = (await vault.login(...DEMO.olivia)).sessionId;
    vault.clock.advance(31 * MINUTE);
    const random = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

    const answers = await Promise.all(
      [random, ended, idle, 'abc', 'Bearer', `${ended}x`, 'Bearer  '].map((id) =>
        vault.post(KEEP_ALIVE, {}, { Authorization: id }),
      ),
    );
    answers.push(await vault.post(KEEP_ALIVE));
    const reference = answers[0] as Response;
    const referenceText = await reference.clone().text();
    expect(JSON.parse(referenceText)).toEqual({
      responseStatus: 'FAILURE',
      errors: [{ type: 'INVALID_SESSION_ID', message: expect.any(String) }],
    });
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(referenceText);
      expect(headerNames(answer)).toEqual(headerNames(reference));
      expect(stableHeaders(answer)).toEqual(stableHeaders(reference));
      expect(answer.headers.has('x-vaultapi-userid')).toBe(false);
    }
  });
});

describe('where the session ID may travel (SES-09, WEB-01)', () => {
  it('ignores IDs in the query string or in cookies', async () => {
    vault = await startEmulator();
    const { sessionId } = await vault.login(...DEMO.olivia);
    for (const name of ['sessionId', 'session_id', 'sessionid', 'Authorization']) {
      const query = `${KEEP_ALIVE}?${name}=${encodeURIComponent(sessionId)}`;
      expect(await keepAlive('', query)).toBe('INVALID_SESSION_ID');
      const cookie = { Cookie: `${name}=${sessionId}` };
      expect(await keepAlive('', KEEP_ALIVE, cookie)).toBe('INVALID_SESSION_ID');
    }
    const delegations = await vault.get(
      `/api/v26.1/delegation/vaults?sessionId=${encodeURIComponent(sessionId)}`,
      { Cookie: `sessionId=${sessionId}` },
    );
    expect((await delegations.json()).errors[0].type).toBe('INVALID_SESSION_ID');
  });
});

describe('session response headers', () => {
  it('carry the user, the vault and only a short prefix of the session ID', async () => {
    vault = await startEmulator();
    const { sessionId } = await vault.login(...DEMO.olivia, 'quality.sunrise.example');
    const response = await vault.post(KEEP_ALIVE, {}, { Authorization: sessionId });
    expect(await response.json()).toEqual({ responseStatus: 'SUCCESS' });
    expect(response.headers.get('x-vaultapi-userid')).toBe('61001');
    expect(response.headers.get('x-vaultapi-vaultid')).toBe('1002');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const truncated = response.headers.get('x-vaultapi-truncatedsessionid') ?? '';
    expect(truncated.length).toBeGreaterThan(0);
    expect(truncated.length).toBeLessThanOrEqual(8);
    expect(sessionId.startsWith(truncated)).toBe(true);
    for (const [, value] of response.headers) expect(value).not.toContain(sessionId);
  });
});

describe('absolute lifetime (SES-04)', () => {
  it('ends the session 48 hours after login even with keep-alive every 10 minutes', async () => {
    vault = await startEmulator();
    const { sessionId } = await vault.login(...DEMO.olivia);
    const start = vault.clock.now();
    while (vault.clock.now() - start < 47 * HOUR + 50 * MINUTE) {
      vault.clock.advance(10 * MINUTE);
      expect(await keepAlive(sessionId)).toBe('SUCCESS');
    }
    vault.clock.set(start + 47 * HOUR + 59 * MINUTE);
    expect(await keepAlive(sessionId)).toBe('SUCCESS');
    vault.clock.set(start + 48 * HOUR);
    expect(await keepAlive(sessionId)).toBe('INVALID_SESSION_ID');
    vault.clock.advance(1_000);
    expect(await keepAlive(sessionId)).toBe('INVALID_SESSION_ID');
    expect(vault.events).toContainEqual(
      expect.objectContaining({ type: 'session_ended', reason: 'absolute_timeout' }),
    );
  });
});

describe('idle timeout (SES-05)', () => {
  it('defaults to 30 minutes and is reset by every authenticated call', async () => {
    vault = await startEmulator();
    const { sessionId } = await vault.login(...DEMO.olivia);
    vault.clock.advance(29 * MINUTE);
    expect(await keepAlive(sessionId)).toBe('SUCCESS');
    vault.clock.advance(29 * MINUTE);
    // Listing delegations is activity as well.
    const list = await vault.get('/api/v26.1/delegation/vaults', { Authorization: sessionId });
    expect((await list.json()).responseStatus).toBe('SUCCESS');
    vault.clock.advance(29 * MINUTE);
    expect(await keepAlive(sessionId)).toBe('SUCCESS');
    vault.clock.advance(30 * MINUTE);
    expect(await keepAlive(sessionId)).toBe('INVALID_SESSION_ID');
  });

  it('is configurable', async () => {
    vault = await startEmulator({ idleTimeoutMs: 10 * MINUTE });
    const first = (await vault.login(...DEMO.olivia)).sessionId;
    vault.clock.advance(9 * MINUTE);
    expect(await keepAlive(first)).toBe('SUCCESS');
    const second = (await vault.login(...DEMO.olivia)).sessionId;
    vault.clock.advance(10 * MINUTE);
    expect(await keepAlive(first)).toBe('INVALID_SESSION_ID');
    expect(await keepAlive(second)).toBe('INVALID_SESSION_ID');
  });
});

describe('end session (SES-07)', () => {
  it('ends only the supplied session; the user keeps the others', async () => {
    vault = await startEmulator();
    const a = (await vault.login(...DEMO.olivia)).sessionId;
    const b = (await vault.login(...DEMO.olivia)).sessionId;
    const other = (await vault.login(...DEMO.marcus)).sessionId;
    expect(vault.emulator.sessionCount()).toBe(3);

    const response = await vault.del('/api/v26.1/session', { Authorization: a });
    expect(await response.json()).toEqual({ responseStatus: 'SUCCESS' });
    expect(response.headers.get('x-vaultapi-userid')).toBe('61001');

    expect(await keepAlive(a)).toBe('INVALID_SESSION_ID');
    expect(await keepAlive(b)).toBe('SUCCESS');
    expect(await keepAlive(other)).toBe('SUCCESS');
    expect(vault.emulator.sessionCount()).toBe(2);

    const again = await vault.del('/api/v26.1/session', { Authorization: a });
    expect((await again.json()).errors[0].type).toBe('INVALID_SESSION_ID');
  });

  it('drops expired sessions from the table', async () => {
    vault = await startEmulator();
    await vault.login(...DEMO.olivia);
    await vault.login(...DEMO.marcus);
    expect(vault.emulator.sessionCount()).toBe(2);
    vault.clock.advance(HOUR);
    expect(vault.emulator.sessionCount()).toBe(0);
  });
});
