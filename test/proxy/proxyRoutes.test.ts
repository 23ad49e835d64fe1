// Which requests are the proxy's: one answer for every server that also serves the app,
// so none of them can leave a route (the session route least of all) to the app's
// fallback. And settings read at the first request, so a build needs no runtime secret.
import { describe, expect, it } from 'vitest';
import { createVaultEmulator } from '../../src/emulator';
import { createVaultProxy, toRouteHandlers, type VaultProxyOptions } from '../../src/proxy';
import { createVaultProxyListener } from '../../src/proxy-node';

const SECRET = 'a-secret-of-the-routes-test-0123456789';
const BFF: VaultProxyOptions = {
  loginHost: 'login.vault.example',
  allowHosts: ['*.sunrise.example'],
  allowedOrigins: ['https://app.example'],
  session: { secrets: [SECRET] },
};

const adapters = {
  'createVaultProxy (fetch-style)': (options: VaultProxyOptions) => createVaultProxy(options),
  'createVaultProxyListener (Node)': (options: VaultProxyOptions) => {
    const listener = createVaultProxyListener(options);
    listener.close();
    return listener;
  },
};

describe.each(Object.entries(adapters))('%s.matches', (_name, make) => {
  it("takes the login host's, the vaults' and the session route, and nothing of the app's", () => {
    const proxy = make(BFF);
    for (const path of [
      '/auth/discovery',
      '/auth/oauth/session/harbor',
      '/vault/promomats.sunrise.example/api/v26.1/auth',
      '/vault/not-allowed.example/api', // refused by the proxy, in the service's shape
      '/vault-session',
      '/vault-session?x=1',
      '/vault/../vault-session',
    ]) {
      expect(proxy.matches(path), path).toBe(true);
      expect(proxy.matches({ url: path }), path).toBe(true);
      expect(proxy.matches({ url: `https://app.example${path}` }), path).toBe(true);
    }
    for (const path of [
      '/',
      '/index.html',
      '/documents/7',
      '/vault-sessions',
      '/auth',
      '/vaults/x',
    ]) {
      expect(proxy.matches(path), path).toBe(false);
    }
  });

  it('takes the single sign-on routes when the proxy runs single sign-on, and only then', () => {
    const sso = make({
      ...BFF,
      session: { secrets: [SECRET], sso: { allowHosts: ['idp.example'] } },
    });
    expect(sso.matches('/vault-session/sso')).toBe(true);
    expect(sso.matches('/vault-session/sso/callback?code=a&state=b')).toBe(true);
    expect(sso.matches('/vault-session/other')).toBe(false);
    expect(make(BFF).matches('/vault-session/sso/callback')).toBe(false);
  });

  it('has no session route in token mode, and puts every route under basePath', () => {
    const { session: _session, ...tokenMode } = BFF;
    expect(make(tokenMode).matches('/vault-session')).toBe(false);
    const based = make({ ...BFF, basePath: '/api' });
    expect(based.matches('/api/vault-session')).toBe(true);
    expect(based.matches('/api/auth/discovery')).toBe(true);
    expect(based.matches('/auth/discovery')).toBe(false);
    expect(based.matches('/vault-session')).toBe(false);
  });
});

describe('createVaultProxy with settings read at the first request', () => {
  it('needs no secret to be created, and names the missing one at the first request', async () => {
    let reads = 0;
    const proxy = createVaultProxy(() => {
      reads += 1;
      return {
        ...BFF,
        session: { secrets: (process.env.NO_SUCH_SECRET ?? '').split(',').filter(Boolean) },
      };
    });
    const { GET } = toRouteHandlers(proxy);
    expect(reads).toBe(0);
    await expect(GET(new Request('https://app.example/vault-session'))).rejects.toThrow(
      /^The vault proxy's settings cannot work: session\.secrets must list at least one secret/,
    );
    // Not kept: each request reads again, and fails the same way.
    await expect(GET(new Request('https://app.example/vault-session'))).rejects.toThrow(
      /session\.secrets/,
    );
    expect(reads).toBe(2);
  });

  it('reads good settings once and then proxies as the eager proxy does', async () => {
    const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
    let reads = 0;
    const proxy = createVaultProxy(() => {
      reads += 1;
      return { ...BFF, fetch: (request: Request) => emulator.fetch(request) };
    });
    for (let call = 0; call < 2; call++) {
      const answer = await proxy(new Request('https://app.example/vault-session'));
      expect(await answer.json()).toEqual({ own: null, delegated: null });
    }
    expect(proxy.matches('/vault-session')).toBe(true);
    expect(reads).toBe(1);
  });
});
