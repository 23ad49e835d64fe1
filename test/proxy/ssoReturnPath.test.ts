// Where single sign-on through the proxy may send the browser back to, and which identity
// providers the proxy may reach: the emulator in this process behind the fetch-style proxy,
// no provider needed (the provider's refusal brings the browser back all the same).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createVaultEmulator } from '../../src/emulator/index';
import { createVaultProxy } from '../../src/proxy/index';

const APP = 'https://app.example';
const IDP = 'https://idp.harbor.example';
const SECRET = 'a-test-secret-of-at-least-32-characters!';

function proxyFor(idpAllowHosts: readonly string[]) {
  const emulator = createVaultEmulator({
    passwordHashIterations: 1_000,
    callerLimits: { discoveryPerMinute: 100_000 },
    oidc: {
      issuer: IDP,
      authorizationEndpoint: `${IDP}/authorize`,
      tokenEndpoint: `${IDP}/token`,
      allowedClientIds: ['harbor-portal'],
      introspect: async () => ({ active: false }),
    },
  });
  const calls: string[] = [];
  const proxy = createVaultProxy({
    loginHost: emulator.loginHost as string,
    allowHosts: ['*.harbor.example'],
    allowedOrigins: [APP],
    session: { secrets: [SECRET], sso: { allowHosts: idpAllowHosts } },
    fetch: (request) => {
      calls.push(new URL(request.url).host);
      return emulator.fetch(request);
    },
  });
  return { proxy, calls };
}

async function start(proxy: ReturnType<typeof proxyFor>['proxy'], returnTo: string) {
  const response = await proxy(
    new Request(`${APP}/vault-session/sso`, {
      method: 'POST',
      headers: { origin: APP, 'x-vault-kit': '1' },
      body: new URLSearchParams({
        profile: 'harbor-oidc',
        username: 'sam@harbor.example',
        client_id: 'harbor-portal',
        returnTo,
      }),
    }),
  );
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return { response, cookie, body: await response.json() };
}

/** The address the browser is sent back to after the provider refused, as the browser reads it. */
async function returnOf(proxy: ReturnType<typeof proxyFor>['proxy'], returnTo: string) {
  const { cookie, body } = await start(proxy, returnTo);
  const state = new URL(body.authorizationUrl).searchParams.get('state') ?? '';
  const back = await proxy(
    new Request(
      `${APP}/vault-session/sso/callback?${new URLSearchParams({ error: 'access_denied', state })}`,
      { headers: { cookie } },
    ),
  );
  expect(back.status).toBe(303);
  return back.headers.get('location') ?? '';
}

// Pieces that make paths leave their origin in one parser or another.
const PIECE = fc.constantFrom(
  '/',
  '//',
  '\\',
  '%2F',
  '%2f',
  '%5C',
  '%252F',
  '.',
  '..',
  '@',
  ':',
  'evil.example',
  'https:',
  'javascript:',
  '\t',
  '\n',
  '?',
  '#',
  '%',
  ' ',
  'a',
);
const RETURN_TO = fc.oneof(
  fc.array(PIECE, { maxLength: 8 }).map((pieces) => pieces.join('')),
  fc.string({ maxLength: 40 }),
  fc.webUrl(),
);

describe('the return path of single sign-on through the proxy', () => {
  it('is always a path of the app, in one canonical form, whatever the page asked for', async () => {
    const { proxy } = proxyFor(['idp.harbor.example']);
    await fc.assert(
      fc.asyncProperty(RETURN_TO, async (returnTo) => {
        const location = await returnOf(proxy, returnTo);
        const landed = new URL(location, `${APP}/vault-session/sso/callback`);
        expect(landed.origin).toBe(APP);
        expect(location.startsWith('/')).toBe(true);
        expect(location.startsWith('//')).toBe(false);
        expect([...location].some((char) => char === '\\' || char <= ' ' || char === '\x7f')).toBe(
          false,
        );
        // Canonical: the path it gives, asked for again, gives itself.
        const path = location.replace(/[?&]vault_sso_error=sso_cancelled/, '');
        expect(await returnOf(proxy, path)).toBe(location);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps a path of the app as it was asked for', async () => {
    const { proxy } = proxyFor(['idp.harbor.example']);
    expect(await returnOf(proxy, '/documents/7?tab=a%20b&x=1#part')).toBe(
      '/documents/7?tab=a%20b&x=1&vault_sso_error=sso_cancelled#part',
    );
  });
});

describe('identity providers the proxy may reach', () => {
  it('refuses a profile whose provider is not on the allow list, before anything is sealed', async () => {
    const { proxy, calls } = proxyFor(['idp.sunrise.example']);
    const { response, body } = await start(proxy, '/');
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(body.errors[0]).toEqual({
      type: 'PROXY_HOST_NOT_ALLOWED',
      message:
        "The identity provider's host idp.harbor.example is not on the allow list (session.sso.allowHosts).",
    });
    expect(calls.every((host) => host !== 'idp.harbor.example')).toBe(true);
  });

  it('refuses IP literals, ports and user info in the allow list itself', () => {
    for (const allowHosts of [['127.0.0.1'], ['idp.example:8443'], ['user@idp.example'], []]) {
      expect(() => proxyFor(allowHosts)).toThrow(TypeError);
    }
  });

  it('answers no single sign-on route without sso settings', async () => {
    const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
    const proxy = createVaultProxy({
      loginHost: emulator.loginHost as string,
      allowHosts: ['*.harbor.example'],
      allowedOrigins: [APP],
      session: { secrets: [SECRET] },
      fetch: (request) => emulator.fetch(request),
    });
    const response = await proxy(
      new Request(`${APP}/vault-session/sso`, {
        method: 'POST',
        headers: { origin: APP, 'x-vault-kit': '1' },
      }),
    );
    expect(response.status).toBe(404);
    expect((await response.json()).errors[0].type).toBe('PROXY_NOT_FOUND');
  });
});
