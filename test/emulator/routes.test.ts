import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/emulator';
import { DEMO, type RunningEmulator, startEmulator } from './startEmulator';

let vault: RunningEmulator;
afterEach(async () => {
  await vault?.close();
});

async function expectFailure(response: Response, type: string): Promise<Record<string, unknown>> {
  expect(response.status).toBe(200);
  expect(response.headers.get('x-vaultapi-status')).toBe('FAILURE');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.responseStatus).toBe('FAILURE');
  expect(body.errors).toEqual([{ type, message: expect.any(String) }]);
  return body;
}

describe('GET /api', () => {
  it('lists every published version from v18.3 to the v26.2 beta, as https URLs of the called host', async () => {
    vault = await startEmulator();
    const response = await vault.get('/api');
    expect(response.status).toBe(200);
    const body = await response.json();
    const names = Object.keys(body.values);
    expect(names[0]).toBe('v18.3');
    expect(names.at(-1)).toBe('v26.2');
    expect(names).toHaveLength(24);
    // Three releases a year, none skipped, oldest first.
    expect(names.slice(0, 5)).toEqual(['v18.3', 'v19.1', 'v19.2', 'v19.3', 'v20.1']);
    const host = new URL(vault.url).host;
    for (const name of names) expect(body.values[name]).toBe(`https://${host}/api/${name}`);
    expect(await (await vault.get('/api/')).json()).toEqual(body);
  });

  it('serves the releases old clients still call (v24.2, v24.1, v23.3, v18.3)', async () => {
    vault = await startEmulator();
    for (const version of ['v24.2', 'v24.1', 'v23.3', 'v18.3']) {
      const body = await vault.login(
        'olivia@sunrise.example',
        'Sunrise-Demo-1',
        undefined,
        version,
      );
      expect(body.responseStatus, version).toBe('SUCCESS');
    }
    await expectFailure(await vault.get('/api/v18.2'), 'MALFORMED_URL');
    await expectFailure(await vault.get('/api/v26.3'), 'MALFORMED_URL');
  });

  it('checks a session sent to GET /api/{version} like any session call', async () => {
    vault = await startEmulator();
    const listed = await vault.get('/api/v26.1');
    expect((await listed.json()).responseStatus).toBe('SUCCESS');
    expect(listed.headers.has('x-vaultapi-userid')).toBe(false);

    await expectFailure(
      await vault.get('/api/v26.1', { Authorization: 'not-a-real-id' }),
      'INVALID_SESSION_ID',
    );
    const { sessionId, userId, vaultId } = await vault.login(
      'olivia@sunrise.example',
      'Sunrise-Demo-1',
    );
    const valid = await vault.get('/api/v26.1', { Authorization: sessionId });
    expect((await valid.json()).responseStatus).toBe('SUCCESS');
    expect(valid.headers.get('x-vaultapi-userid')).toBe(String(userId));
    expect(valid.headers.get('x-vaultapi-vaultid')).toBe(String(vaultId));

    await vault.del('/api/v26.1/session', { Authorization: sessionId });
    await expectFailure(
      await vault.get('/api/v26.1', { Authorization: sessionId }),
      'INVALID_SESSION_ID',
    );
    await expectFailure(
      await vault.get('/api', { Authorization: sessionId }),
      'INVALID_SESSION_ID',
    );
  });

  it('names vaults with https URLs even when plain HTTP reached it (behind a TLS front)', async () => {
    vault = await startEmulator();
    expect(vault.url.startsWith('http://')).toBe(true);
    const body = await vault.login('olivia@sunrise.example', 'Sunrise-Demo-1');
    expect(body.vaultIds.map((entry) => entry.url)).toEqual([
      'https://promomats.sunrise.example/api',
      'https://quality.sunrise.example/api',
    ]);
    const listed = await (await vault.get('/api', { 'X-Forwarded-Proto': 'http' })).json();
    expect(Object.values(listed.values).every((url) => String(url).startsWith('https://'))).toBe(
      true,
    );
  });

  it('sends the envelope headers, with a fresh random execution ID each time (SES-10)', async () => {
    vault = await startEmulator();
    const first = await vault.get('/api');
    const second = await vault.get('/api');
    for (const response of [first, second]) {
      expect(response.headers.get('content-type')).toBe('application/json;charset=UTF-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-vaultapi-status')).toBe('SUCCESS');
      expect(response.headers.get('x-vaultapi-executionid')).toMatch(/^[0-9a-f]{32}$/);
      expect(response.headers.has('x-vaultapi-userid')).toBe(false);
    }
    expect(first.headers.get('x-vaultapi-executionid')).not.toBe(
      second.headers.get('x-vaultapi-executionid'),
    );
  });

  it('reports the user and vault of a valid session passed along', async () => {
    vault = await startEmulator();
    const { sessionId } = await vault.login(...DEMO.marcus);
    const response = await vault.get('/api', { Authorization: sessionId });
    expect(response.headers.get('x-vaultapi-userid')).toBe('61002');
    expect(response.headers.get('x-vaultapi-vaultid')).toBe('1002');
  });
});

describe('routing failures', () => {
  it.each([
    '/',
    '/nope',
    '/api/v17.3/keep-alive',
    '/api/v1/auth',
    '/api/v26.1/unknown',
    '/api/v26.1/delegation',
    '/auth',
    '/auth/oauth/session',
    '/auth/oauth/session/harbor-oidc/extra',
  ])('answers MALFORMED_URL for %s', async (path) => {
    vault = await startEmulator();
    await expectFailure(await vault.post(path), 'MALFORMED_URL');
  });

  it.each([
    ['GET', '/api/v26.1/auth'],
    ['GET', '/auth/discovery'],
    ['GET', '/auth/oauth/session/harbor-oidc'],
    ['GET', '/api/v26.1/keep-alive'],
    ['POST', '/api/v26.1/delegation/vaults'],
    ['GET', '/api/v26.1/delegation/login'],
    ['POST', '/api/v26.1/session'],
    ['GET', '/api/v26.1/session'],
    ['DELETE', '/api'],
  ])('answers METHOD_NOT_SUPPORTED for %s %s', async (method, path) => {
    vault = await startEmulator();
    const response = await fetch(`${vault.url}${path}`, { method });
    await expectFailure(response, 'METHOD_NOT_SUPPORTED');
  });

  it('never lets a GET with credentials in the query sign anyone in', async () => {
    vault = await startEmulator();
    const [username, password] = DEMO.olivia;
    const query = new URLSearchParams({ username, password }).toString();
    await expectFailure(await vault.get(`/api/v26.1/auth?${query}`), 'METHOD_NOT_SUPPORTED');
    await expectFailure(await vault.post(`/api/v26.1/auth?${query}`), 'PARAMETER_REQUIRED');
    expect(vault.emulator.sessionCount()).toBe(0);
  });
});

describe('request bodies', () => {
  it('accepts multipart/form-data as well as url-encoded forms', async () => {
    vault = await startEmulator();
    const form = new FormData();
    form.set('username', DEMO.olivia[0]);
    form.set('password', DEMO.olivia[1]);
    form.set('vaultDNS', 'quality.sunrise.example');
    const response = await fetch(`${vault.url}/api/v26.1/auth`, { method: 'POST', body: form });
    const body = await response.json();
    expect(body.responseStatus).toBe('SUCCESS');
    expect(body.vaultId).toBe(1002);
  });

  it('refuses a body over 1 MiB with HTTP 413 and a short generic body (B9)', async () => {
    vault = await startEmulator();
    const huge = new URLSearchParams({
      username: DEMO.olivia[0],
      password: 'x'.repeat(1024 * 1024),
    });
    const response = await fetch(`${vault.url}/api/v26.1/auth`, { method: 'POST', body: huge });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text.length).toBeLessThan(200);
    expect(JSON.parse(text).responseStatus).toBe('FAILURE');
    expect(vault.events.filter((e) => e.type === 'login' || e.type === 'login_failed')).toEqual([]);
  });

  it('stops reading a streamed body without Content-Length once it passes 1 MiB', async () => {
    vault = await startEmulator();
    const chunk = new TextEncoder().encode(`password=${'y'.repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await fetch(`${vault.url}/api/v26.1/keep-alive`, {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    vault = await startEmulator();
    const response = await vault.post('/api/v26.1/auth', {
      username: DEMO.olivia[0],
      password: DEMO.olivia[1],
      padding: 'z'.repeat(1024 * 1024 - 200),
    });
    expect((await response.json()).responseStatus).toBe('SUCCESS');
  });
});

describe('unexpected internal errors', () => {
  it('answer EXCEPTION UNEXPECTED_ERROR with no stack trace in the body (WEB-08)', async () => {
    const clock = createManualClock(0);
    let broken = false;
    vault = await startEmulator({
      clock: {
        now: () => {
          if (broken) throw new Error('clock failure at /secret/path.ts:12');
          return clock.now();
        },
      },
    });
    broken = true;
    const response = await vault.get('/api');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vaultapi-status')).toBe('EXCEPTION');
    expect(response.headers.get('x-vaultapi-executionid')).toMatch(/^[0-9a-f]{32}$/);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      responseStatus: 'EXCEPTION',
      errors: [{ type: 'UNEXPECTED_ERROR', message: expect.any(String) }],
    });
    expect(text).not.toMatch(/secret|\.ts|\bat\s/);
    broken = false;
    expect((await vault.get('/api')).headers.get('x-vaultapi-status')).toBe('SUCCESS');
  });
});
