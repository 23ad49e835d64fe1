import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveFetch } from '../../../server/serveFetch';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClient } from '../../../src/core/client/types';
import {
  VaultAbortedError,
  VaultApiError,
  VaultConfigError,
  VaultNetworkError,
  VaultProtocolError,
  VaultTimeoutError,
} from '../../../src/core/errors';
import { token } from '../../support/sessionReferences';
import { type LoopbackServer, startLoopbackServer } from '../../support/startLoopbackServer';

// Section 10 of the security checklist: every bad answer yields a typed error and never a
// session. The faults are served by a real loopback HTTP server.

const SESSION_ID = 'Zq3x9VbN2mK7pL0sR5tW8yA1cE4gH6jJ-uIoP_dFfGh';
const GOOD_LOGIN = {
  responseStatus: 'SUCCESS',
  sessionId: SESSION_ID,
  userId: 61001,
  vaultId: 1001,
  vaultIds: [{ id: 1001, name: 'Sunrise PromoMats', url: 'https://promomats.sunrise.example/api' }],
};

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    const value = await promise;
    return { resolvedWith: value };
  } catch (error) {
    return error;
  }
}

let server: LoopbackServer;
let client: VaultClient;

beforeAll(async () => {
  server = await startLoopbackServer(() => json(GOOD_LOGIN));
  client = createVaultClient({ baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const login = (options?: { timeoutMs?: number; signal?: AbortSignal }) =>
  client.login({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }, options);

describe('a well-formed answer', () => {
  it('is the baseline: the same server gives a session when the answer is right', async () => {
    server.setHandler(() => json(GOOD_LOGIN));
    const result = await login();
    expect(result.session).toEqual(token(SESSION_ID));
    expect(result.vault?.dns).toBe('promomats.sunrise.example');
  });

  it('B8: extra fields are ignored', async () => {
    server.setHandler(() =>
      json({ ...GOOD_LOGIN, errorType: null, surprise: { nested: [1, 2] }, userId: '61001' }),
    );
    const result = await login();
    expect(result).toEqual({
      session: { kind: 'token', id: SESSION_ID },
      userId: '61001',
      vaultId: 1001,
      vaults: [
        {
          id: 1001,
          name: 'Sunrise PromoMats',
          url: 'https://promomats.sunrise.example/api',
          dns: 'promomats.sunrise.example',
        },
      ],
      vault: {
        id: 1001,
        name: 'Sunrise PromoMats',
        url: 'https://promomats.sunrise.example/api',
        dns: 'promomats.sunrise.example',
      },
    });
  });
});

describe('B1, B2, B3: answers that are not the service speaking', () => {
  const cases: Array<[string, () => Response, number, string | null]> = [
    [
      'B1 malformed JSON with a JSON content type',
      () => json('{"sessionId":'),
      200,
      'application/json',
    ],
    [
      'B1 truncated JSON',
      () => json(JSON.stringify(GOOD_LOGIN).slice(0, 40)),
      200,
      'application/json',
    ],
    [
      'B2 HTML 502 from a proxy',
      () =>
        new Response('<html>Bad Gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
      502,
      'text/html',
    ],
    [
      'B2 HTML 200 from a captive portal',
      () =>
        new Response('<html>Sign in to the Wi-Fi</html>', {
          status: 200,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
        }),
      200,
      'text/html; charset=utf-8',
    ],
    [
      'B2 a valid session body sent as text/plain is still refused (content type first)',
      () =>
        new Response(JSON.stringify(GOOD_LOGIN), {
          status: 200,
          headers: { 'Content-Type': 'text/plain' },
        }),
      200,
      'text/plain',
    ],
    [
      'B3 500 problem+json',
      () =>
        json(
          { type: 'about:blank', title: 'Internal' },
          { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      500,
      'application/problem+json',
    ],
    [
      'B3 503 plain',
      () =>
        new Response('Service Unavailable', {
          status: 503,
          headers: { 'Content-Type': 'text/plain' },
        }),
      503,
      'text/plain',
    ],
    [
      'a valid session body with HTTP 201 (the service answers 200 only)',
      () => json(GOOD_LOGIN, { status: 201 }),
      201,
      'application/json',
    ],
  ];

  for (const [name, respond, status, contentType] of cases) {
    it(`${name} -> VaultProtocolError, no session`, async () => {
      server.setHandler(respond);
      const error = await rejection(login());
      expect(error).toBeInstanceOf(VaultProtocolError);
      expect((error as VaultProtocolError).status).toBe(status);
      expect((error as VaultProtocolError).contentType).toBe(contentType);
      expect((error as VaultProtocolError).message).not.toContain(SESSION_ID);
    });
  }

  it('B2: a redirect is never followed', async () => {
    server.setHandler(
      () => new Response(null, { status: 302, headers: { Location: `${server.url}/portal` } }),
    );
    const error = await rejection(login());
    expect(error).toBeInstanceOf(VaultNetworkError);
    expect(server.requests.map((request) => request.url.pathname)).toEqual(['/api/v26.1/auth']);
  });

  it('an answer over 1 MiB is refused', async () => {
    server.setHandler(() => json({ ...GOOD_LOGIN, padding: 'x'.repeat(1_100_000) }));
    const error = await rejection(login());
    expect(error).toBeInstanceOf(VaultProtocolError);
    expect((error as Error).message).toMatch(/larger than/);
  });
});

describe('B4, B6: no answer', () => {
  it('B4: a hung request ends with VaultTimeoutError after the per-call timeout', async () => {
    server.setHandler(() => new Promise<Response>(() => undefined));
    const error = await rejection(login({ timeoutMs: 50 }));
    expect(error).toBeInstanceOf(VaultTimeoutError);
    expect((error as VaultTimeoutError).timeoutMs).toBe(50);
  });

  it('B4: the timeout also covers a body that never finishes', async () => {
    server.setHandler(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"responseStatus":"SUCCESS",'));
            },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const error = await rejection(login({ timeoutMs: 100 }));
    expect(error).toBeInstanceOf(VaultTimeoutError);
  });

  it('the config timeout applies when the call names none', async () => {
    server.setHandler(() => new Promise<Response>(() => undefined));
    const quick = createVaultClient({ baseUrl: server.url, timeoutMs: 40 });
    const error = await rejection(quick.keepAlive(token(SESSION_ID)));
    expect(error).toBeInstanceOf(VaultTimeoutError);
    expect((error as VaultTimeoutError).timeoutMs).toBe(40);
  });

  it("the caller's AbortSignal cancels a call with VaultAbortedError, not a timeout", async () => {
    let arrived = (): void => {};
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.setHandler(() => {
      arrived();
      return new Promise<Response>(() => undefined);
    });
    const controller = new AbortController();
    const pending = rejection(login({ signal: controller.signal, timeoutMs: 60_000 }));
    await reached;
    controller.abort();
    expect(await pending).toBeInstanceOf(VaultAbortedError);
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(login({ signal: controller.signal }));
    expect(error).toBeInstanceOf(VaultAbortedError);
    expect(server.requests).toHaveLength(0);
  });

  it('B6: connection refused (a closed port) -> VaultNetworkError', async () => {
    const closed = await serveFetch(() => new Response('unused'));
    await closed.close();
    const offline = createVaultClient({ baseUrl: closed.url });
    const error = await rejection(offline.login({ username: 'a@b.example', password: 'x' }));
    expect(error).toBeInstanceOf(VaultNetworkError);
  });
});

describe('B5: Retry-After on API_LIMIT_EXCEEDED', () => {
  const limited = (headers: Record<string, string>) => () =>
    json(
      {
        responseStatus: 'FAILURE',
        errors: [{ type: 'API_LIMIT_EXCEEDED', message: 'Too many login attempts.' }],
      },
      { headers },
    );
  const cases: Array<[string, Record<string, string>, number | undefined]> = [
    ['seconds', { 'Retry-After': '30' }, 30],
    [
      'an HTTP-date against a skewed Date header',
      { 'Retry-After': 'Wed, 21 Oct 2015 07:28:45 GMT', Date: 'Wed, 21 Oct 2015 07:28:00 GMT' },
      45,
    ],
    ['a huge value, clamped to an hour', { 'Retry-After': '99999999' }, 3600],
    ['zero, clamped to one second', { 'Retry-After': '0' }, 1],
    ['garbage', { 'Retry-After': 'banana' }, undefined],
    ['a negative number', { 'Retry-After': '-5' }, undefined],
    ['no header', {}, undefined],
  ];
  for (const [name, headers, expected] of cases) {
    it(`${name} -> retryAfterSeconds ${String(expected)}`, async () => {
      server.setHandler(limited(headers));
      const error = await rejection(login());
      expect(error).toBeInstanceOf(VaultApiError);
      expect((error as VaultApiError).type).toBe('API_LIMIT_EXCEEDED');
      expect((error as VaultApiError).retryAfterSeconds).toBe(expected);
    });
  }
});

describe('B8: missing, ill-typed or unknown fields', () => {
  const without = (key: string) => {
    const copy: Record<string, unknown> = { ...GOOD_LOGIN };
    delete copy[key];
    return copy;
  };
  const loginCases: Array<[string, unknown]> = [
    ['no sessionId', without('sessionId')],
    ['sessionId null', { ...GOOD_LOGIN, sessionId: null }],
    ['sessionId a number', { ...GOOD_LOGIN, sessionId: 1234567890123456 }],
    ['no vaultIds', without('vaultIds')],
    ['no vaultId', without('vaultId')],
    ['userId a boolean', { ...GOOD_LOGIN, userId: true }],
    [
      'vaultIds entry with a javascript: URL',
      { ...GOOD_LOGIN, vaultIds: [{ id: 1001, name: 'x', url: 'javascript:alert(1)' }] },
    ],
    ['vaultId a fraction', { ...GOOD_LOGIN, vaultId: 1001.5 }],
    ['no responseStatus', without('responseStatus')],
    ['an unknown responseStatus', { ...GOOD_LOGIN, responseStatus: 'OK' }],
    ['the JSON literal null', null],
    ['an array', [GOOD_LOGIN]],
  ];
  for (const [name, body] of loginCases) {
    it(`login answer with ${name} -> VaultProtocolError, no session`, async () => {
      server.setHandler(() => json(body));
      const error = await rejection(login());
      expect(error).toBeInstanceOf(VaultProtocolError);
    });
  }

  it('an empty 200 JSON body -> VaultProtocolError', async () => {
    server.setHandler(
      () => new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    expect(await rejection(login())).toBeInstanceOf(VaultProtocolError);
  });

  it('an empty 204 -> VaultProtocolError', async () => {
    server.setHandler(() => new Response(null, { status: 204 }));
    const error = await rejection(client.keepAlive(token(SESSION_ID)));
    expect(error).toBeInstanceOf(VaultProtocolError);
    expect((error as VaultProtocolError).status).toBe(204);
  });

  it('the error message names the field but never echoes the value', async () => {
    const leaky = 'short\r\nX: y';
    server.setHandler(() => json({ ...GOOD_LOGIN, sessionId: leaky }));
    const error = await rejection(login());
    expect(error).toBeInstanceOf(VaultProtocolError);
    expect((error as Error).message).toContain('sessionId');
    expect((error as Error).message).not.toContain('short');
  });

  it('a nested bad field is named by its full path and what was expected', async () => {
    const secretish = 'javascript:fetch(token)';
    server.setHandler(() =>
      json({ ...GOOD_LOGIN, vaultIds: [{ id: 1001, name: 'PromoMats', url: secretish }] }),
    );
    const error = await rejection(login());
    expect(error).toBeInstanceOf(VaultProtocolError);
    expect((error as Error).message).toContain('"vaultIds.0.url"');
    expect((error as Error).message).toContain('an absolute http(s) URL');
    expect((error as Error).message).not.toContain('token');

    server.setHandler(() => json({ ...GOOD_LOGIN, vaultId: 1001.5 }));
    expect(((await rejection(login())) as Error).message).toMatch(
      /"vaultId".*a non-negative integer ID/,
    );
  });

  it('an unknown auth_type is an error, never a silent password fallback', async () => {
    server.setHandler(() => json({ responseStatus: 'SUCCESS', data: { auth_type: 'saml' } }));
    expect(await rejection(client.discover({ username: 'x@y.example' }))).toBeInstanceOf(
      VaultProtocolError,
    );
    server.setHandler(() => json({ responseStatus: 'SUCCESS', data: {} }));
    expect(await rejection(client.discover({ username: 'x@y.example' }))).toBeInstanceOf(
      VaultProtocolError,
    );
  });

  it('an sso profile without a token endpoint fails the whole discovery', async () => {
    server.setHandler(() =>
      json({
        responseStatus: 'SUCCESS',
        data: {
          auth_type: 'sso',
          auth_profiles: [{ id: 'p', label: 'P', as_metadata: { issuer: 'https://idp.example' } }],
        },
      }),
    );
    expect(await rejection(client.discover({ username: 'x@y.example' }))).toBeInstanceOf(
      VaultProtocolError,
    );
  });

  it('delegations with a string vault id that is not a number are refused', async () => {
    server.setHandler(() =>
      json({
        responseStatus: 'SUCCESS',
        delegated_vaults: [{ id: 'abc', name: 'Q', dns: 'q.example', delegator_userid: '61002' }],
      }),
    );
    expect(await rejection(client.getDelegations(token(SESSION_ID)))).toBeInstanceOf(
      VaultProtocolError,
    );
  });

  it('an API version list with a non-version key is refused', async () => {
    server.setHandler(() =>
      json({ responseStatus: 'SUCCESS', values: { latest: 'https://x.example/api/v26.1' } }),
    );
    expect(await rejection(client.getApiVersions())).toBeInstanceOf(VaultProtocolError);
  });

  it('FAILURE without an errors array is still a VaultApiError (UNEXPECTED_ERROR)', async () => {
    server.setHandler(() => json({ responseStatus: 'FAILURE' }));
    const error = await rejection(login());
    expect(error).toBeInstanceOf(VaultApiError);
    expect((error as VaultApiError).type).toBe('UNEXPECTED_ERROR');
  });

  it('EXCEPTION keeps its responseStatus and every error entry', async () => {
    server.setHandler(() =>
      json({
        responseStatus: 'EXCEPTION',
        errors: [
          { type: 'UNEXPECTED_ERROR', message: 'Boom' },
          { type: 'INVALID_DATA' },
          { message: 'no type, dropped' },
        ],
      }),
    );
    const error = await rejection(login());
    expect(error).toBeInstanceOf(VaultApiError);
    expect((error as VaultApiError).responseStatus).toBe('EXCEPTION');
    expect((error as VaultApiError).errors).toEqual([
      { type: 'UNEXPECTED_ERROR', message: 'Boom' },
      { type: 'INVALID_DATA', message: '' },
    ]);
  });
});

describe('B13: malformed session IDs', () => {
  const badIds: Array<[string, string]> = [
    ['CR/LF header injection', 'abcdefghijklmnop\r\nX-Injected: yes'],
    ['a space', 'abcdefgh ijklmnopqrstu'],
    ['too short', 'abc123'],
    ['non-ASCII', 'abcdefghijklmnopé'],
    ['a quote', 'abcdefghijklmnop"q'],
    ['empty', ''],
  ];
  for (const [name, bad] of badIds) {
    it(`from the server in a login answer (${name}) -> VaultProtocolError, no session`, async () => {
      server.setHandler(() => json({ ...GOOD_LOGIN, sessionId: bad }));
      expect(await rejection(login())).toBeInstanceOf(VaultProtocolError);
    });

    it(`from the server in a delegated login answer (${name}) -> VaultProtocolError`, async () => {
      server.setHandler(() => json({ responseStatus: 'SUCCESS', delegated_sessionid: bad }));
      expect(
        await rejection(
          client.loginDelegated(token(SESSION_ID), { vaultId: 1002, delegatorUserId: '61002' }),
        ),
      ).toBeInstanceOf(VaultProtocolError);
    });

    it(`from the caller (${name}) -> VaultConfigError and nothing is sent`, async () => {
      server.setHandler(() => json({ responseStatus: 'SUCCESS' }));
      for (const attempt of [
        client.keepAlive(token(bad)),
        client.endSession(token(bad)),
        client.getDelegations(token(bad)),
        client.loginDelegated(token(bad), { vaultId: 1002, delegatorUserId: '61002' }),
      ]) {
        expect(await rejection(attempt)).toBeInstanceOf(VaultConfigError);
      }
      expect(server.requests).toHaveLength(0);
    });
  }

  it('a malformed access token is not sent as a Bearer header', async () => {
    const error = await rejection(
      client.loginWithAccessToken({ profileId: 'harbor-oidc', accessToken: 'tok\r\nX: y' }),
    );
    expect(error).toBeInstanceOf(VaultConfigError);
    expect(server.requests).toHaveLength(0);
  });

  it('a non-integer vault ID for a delegated login is refused before sending', async () => {
    for (const vaultId of [1002.5, Number.NaN, -1, Number.POSITIVE_INFINITY]) {
      expect(
        await rejection(
          client.loginDelegated(token(SESSION_ID), { vaultId, delegatorUserId: '61002' }),
        ),
      ).toBeInstanceOf(VaultConfigError);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('B9, B10: long and Unicode inputs travel unchanged in the body', () => {
  it('100k-character user name and password reach the server whole, never in the URL', async () => {
    server.setHandler(() =>
      json({
        responseStatus: 'FAILURE',
        errors: [{ type: 'USERNAME_OR_PASSWORD_INCORRECT', message: 'Wrong.' }],
      }),
    );
    const username = `${'u'.repeat(100_000)}@sunrise.example`;
    const password = 'p'.repeat(100_000);
    const error = await rejection(client.login({ username, password }));
    expect((error as VaultApiError).type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    const [request] = server.requests;
    expect(request?.form.get('username')).toBe(username);
    expect(request?.form.get('password')).toBe(password);
    expect(request?.url.href.length).toBeLessThan(200);
  });

  const names = [
    'e\u0301mile@sunrise.example', // NFD
    '\u00e9mile@sunrise.example', // NFC
    'ｆｕｌｌ@sunrise.example',
    'ılgın.İnce@sunrise.example',
    'evil\u202Egpj.exe@sunrise.example',
    'zw\u200Dj@sunrise.example',
    '🙂@sunrise.example',
    'оlivia@sunrise.example', // Cyrillic о
  ];
  for (const username of names) {
    it(`B10: ${JSON.stringify(username)} reaches discovery and login unchanged`, async () => {
      server.setHandler((request) =>
        new URL(request.url).pathname.endsWith('/discovery')
          ? json({ responseStatus: 'SUCCESS', data: { auth_type: 'password' } })
          : json(GOOD_LOGIN),
      );
      await client.discover({ username });
      await client.login({ username, password: 'x' });
      expect(server.requests.map((request) => request.form.get('username'))).toEqual([
        username,
        username,
      ]);
    });
  }
});
