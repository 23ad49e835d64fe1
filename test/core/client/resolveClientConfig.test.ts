import { describe, expect, it } from 'vitest';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClientConfig } from '../../../src/core/client/types';
import { VaultConfigError } from '../../../src/core/errors';

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
    });
    expect(Object.isFrozen(client.config)).toBe(true);
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
    await expect(client.keepAlive('a'.repeat(43), { timeoutMs: 0 })).rejects.toBeInstanceOf(
      VaultConfigError,
    );
  });
});
