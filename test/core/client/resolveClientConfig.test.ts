import { describe, expect, it } from 'vitest';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClientConfig } from '../../../src/core/client/types';
import { VaultConfigError } from '../../../src/core/errors';
import { createVaultEmulator, DEFAULT_LOGIN_HOST } from '../../../src/emulator';
import { createVaultProxy } from '../../../src/proxy';
import { token, tokenIdOf } from '../../support/sessionReferences';

function configError(config: VaultClientConfig): unknown {
  try {
    createVaultClient(config);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('createVaultClient settings', () => {
  it('fills in the defaults', () => {
    const client = createVaultClient({ baseUrl: 'https://promomats.sunrise.example' });
    expect(client.config).toEqual({
      baseUrl: 'https://promomats.sunrise.example',
      authUrl: 'https://promomats.sunrise.example',
      apiVersion: 'v26.1',
      clientId: undefined,
      idpUserName: undefined,
      idpOAuthScope: 'openid',
      validateDns: true,
      vaultDns: undefined,
      timeoutMs: 30_000,
      credentials: 'token',
      proxySessionUrl: undefined,
      fetch: undefined,
    });
    expect(Object.isFrozen(client.config)).toBe(true);
  });

  it('puts the proxy session route beside the login host in BFF mode', () => {
    expect(
      createVaultClient({ authUrl: '', vaultUrl: '/vault/{dns}', credentials: 'proxy' }).config,
    ).toMatchObject({ credentials: 'proxy', proxySessionUrl: '/vault-session' });
    expect(
      createVaultClient({ baseUrl: '/bff', credentials: 'proxy', proxySessionUrl: '/bff/me' })
        .config.proxySessionUrl,
    ).toBe('/bff/me');
  });

  it('refuses an unknown credentials setting and a session route in token mode', () => {
    expect(() =>
      createVaultClient({ baseUrl: '', credentials: 'cookie' as unknown as 'proxy' }),
    ).toThrow(/credentials must be "token".*or "proxy"/);
    expect(() => createVaultClient({ baseUrl: '', proxySessionUrl: '/vault-session' })).toThrow(
      /proxySessionUrl is used only with credentials: "proxy"/,
    );
  });

  it.each([
    ['https://promomats.sunrise.example/', 'https://promomats.sunrise.example'],
    ['http://127.0.0.1:1234', 'http://127.0.0.1:1234'],
    ['https://gateway.example/vault//', 'https://gateway.example/vault'],
    ['', ''],
    ['/', ''],
    ['/vault/', '/vault'],
  ])('accepts base URL %j as %j', (baseUrl, expected) => {
    expect(createVaultClient({ baseUrl }).config.baseUrl).toBe(expected);
  });

  it.each([
    'promomats.sunrise.example',
    '//evil.example',
    'ftp://vault.example',
    'javascript:alert(1)',
    'https://user:pw@vault.example',
    'https://vault.example/?x=1',
    'https://vault.example/#top',
    '/vault?x',
    '/va ult',
    'vault',
    'https://promomats.sunrise.example/api',
    'https://promomats.sunrise.example/api/',
    'https://promomats.sunrise.example/api/v26.1',
    'https://gateway.example/vault/API/v25',
    '/api',
    '/vault/api/v26.1/',
  ])('refuses base URL %j with a clear VaultConfigError', (baseUrl) => {
    const error = configError({ baseUrl });
    expect(error).toBeInstanceOf(VaultConfigError);
    expect((error as Error).message).toMatch(/baseUrl/);
  });

  it('validates authUrl the same way and defaults it to baseUrl', () => {
    expect(configError({ baseUrl: '', authUrl: 'login.example' })).toBeInstanceOf(VaultConfigError);
    expect(
      createVaultClient({ baseUrl: '/vault', authUrl: 'https://login.example/' }).config.authUrl,
    ).toBe('https://login.example');
  });

  it.each(['my app', 'a'.repeat(101), 'ümlaut', 'x/y', ''])('refuses client ID %j', (clientId) => {
    expect(configError({ baseUrl: '', clientId })).toBeInstanceOf(VaultConfigError);
  });

  it('accepts a client ID of letters, digits, dot, underscore and dash up to 100 characters', () => {
    const clientId = `Sunrise.docs_portal-${'x'.repeat(80)}`;
    expect(createVaultClient({ baseUrl: '', clientId }).config.clientId).toBe(clientId);
  });

  it.each(['26.1', 'v26', 'v26.1.1', 'V26.1', 'v26.1/../x', 'v126.1'])(
    'refuses API version %j',
    (apiVersion) => {
      expect(configError({ baseUrl: '', apiVersion })).toBeInstanceOf(VaultConfigError);
    },
  );

  it.each(['https://quality.sunrise.example', 'quality.sunrise.example/api', 'a b', ''])(
    'refuses vault DNS %j',
    (vaultDns) => {
      expect(configError({ baseUrl: '', vaultDns })).toBeInstanceOf(VaultConfigError);
    },
  );

  it.each([0, -1, 1.5, Number.NaN, 2 ** 31])('refuses timeout %j', (timeoutMs) => {
    expect(configError({ baseUrl: '', timeoutMs })).toBeInstanceOf(VaultConfigError);
  });

  it('refuses a malformed IdP scope', () => {
    expect(configError({ baseUrl: '', idpOAuthScope: '' })).toBeInstanceOf(VaultConfigError);
    expect(configError({ baseUrl: '', idpOAuthScope: 'openid\nprofile' })).toBeInstanceOf(
      VaultConfigError,
    );
    expect(
      createVaultClient({ baseUrl: '', idpOAuthScope: 'openid profile' }).config.idpOAuthScope,
    ).toBe('openid profile');
  });

  it('refuses a per-call vault DNS that is a URL before sending anything', async () => {
    const client = createVaultClient({
      baseUrl: '',
      fetch: () => Promise.reject(new Error('must not be called')),
    });
    await expect(
      client.login({ username: 'a', password: 'b', vaultDns: 'https://x.example' }),
    ).rejects.toBeInstanceOf(VaultConfigError);
    await expect(client.keepAlive(token('a'.repeat(43)), { timeoutMs: 0 })).rejects.toBeInstanceOf(
      VaultConfigError,
    );
  });
});

describe('createVaultClient routing to many vaults (vaultUrl)', () => {
  /** A client on the emulator that records the URL of every request it sends. */
  function routedClient(config: Omit<VaultClientConfig, 'fetch'>): {
    client: ReturnType<typeof createVaultClient>;
    urls: string[];
  } {
    // The kit's proxy in front of the emulator, both in this process.
    const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
    const proxy = createVaultProxy({
      loginHost: DEFAULT_LOGIN_HOST,
      allowHosts: ['*.sunrise.example'],
      fetch: (request) => emulator.fetch(request),
    });
    const urls: string[] = [];
    const client = createVaultClient({
      ...config,
      fetch: (input, init) => {
        const request = new Request(new URL(String(input), 'https://app.example'), init);
        urls.push(request.url);
        return proxy(request);
      },
    });
    return { client, urls };
  }

  it('needs baseUrl or vaultUrl, and a login host when there is no baseUrl', () => {
    expect(configError({} as VaultClientConfig)).toMatchObject({
      name: 'VaultConfigError',
      message: expect.stringContaining('vaultUrl'),
    });
    expect(configError({ vaultUrl: 'https://{dns}' })).toMatchObject({
      message: expect.stringContaining('authUrl'),
    });
    const client = createVaultClient({ vaultUrl: '/vault/{dns}', authUrl: '' });
    expect(client.config.baseUrl).toBeUndefined();
    expect(client.config.vaultUrl?.('quality.sunrise.example')).toBe(
      '/vault/quality.sunrise.example',
    );
  });

  it.each([
    ['no {dns}', 'https://vault.example'],
    ['{dns} twice', 'https://{dns}/{dns}'],
    ['another scheme', 'ftp://{dns}'],
    ['a protocol-relative URL', '//{dns}'],
    ['a query', '/vault/{dns}?x=1'],
    ['an /api suffix', 'https://{dns}/api'],
    ['not a string', 42],
  ])('refuses a vaultUrl template with %s', (_name, vaultUrl) => {
    expect(
      configError({ vaultUrl: vaultUrl as string, authUrl: '' }) instanceof VaultConfigError,
    ).toBe(true);
  });

  it('sends each call to the vault it names, in lower case, and the rest to baseUrl', async () => {
    const { client, urls } = routedClient({
      baseUrl: 'https://app.example/vault/promomats.sunrise.example',
      authUrl: 'https://app.example',
      vaultUrl: 'https://app.example/vault/{dns}',
    });
    const sessionId = tokenIdOf(
      (
        await client.login({
          username: 'olivia@sunrise.example',
          password: 'Sunrise-Demo-1',
        })
      ).session,
    );
    await client.keepAlive(token(sessionId), { vaultDns: 'PromoMats.Sunrise.Example' });
    await client.discover({ username: 'olivia@sunrise.example' });
    const quality = await client.login({
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
      vaultDns: 'quality.sunrise.example',
    });
    await client.request(
      quality.session,
      '/objects/users/me',
      {},
      { vaultDns: quality.vault?.dns },
    );
    expect(urls).toEqual([
      'https://app.example/vault/promomats.sunrise.example/api/v26.1/auth',
      'https://app.example/vault/promomats.sunrise.example/api/v26.1/keep-alive',
      'https://app.example/auth/discovery',
      'https://app.example/vault/quality.sunrise.example/api/v26.1/auth',
      'https://app.example/vault/quality.sunrise.example/api/v26.1/objects/users/me',
    ]);
  });

  it('refuses, before sending anything, a call with no vault to go to or a host that is not one', async () => {
    const { client, urls } = routedClient({ authUrl: '', vaultUrl: (dns) => `/vault/${dns}` });
    const sessionId = 'A'.repeat(40);
    await expect(client.keepAlive(token(sessionId))).rejects.toMatchObject({
      name: 'VaultConfigError',
      message: expect.stringContaining('vaultDns'),
    });
    await expect(
      client.login({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
    ).rejects.toMatchObject({ name: 'VaultConfigError' });
    for (const vaultDns of ['evil.example/x', 'evil.example:8443', 'user@evil.example', '..']) {
      await expect(client.keepAlive(token(sessionId), { vaultDns })).rejects.toMatchObject({
        name: 'VaultConfigError',
      });
    }
    const { client: sloppy } = routedClient({ authUrl: '', vaultUrl: () => 'javascript:alert(1)' });
    await expect(
      sloppy.keepAlive(token(sessionId), { vaultDns: 'quality.sunrise.example' }),
    ).rejects.toMatchObject({ name: 'VaultConfigError' });
    expect(urls).toEqual([]);
  });
});
