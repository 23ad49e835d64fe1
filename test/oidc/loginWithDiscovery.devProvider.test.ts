import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VaultApiError } from '../../src/core/errors';
import { loginWithDiscovery } from '../../src/core/flows/loginWithDiscovery';
import { requestPasswordGrant } from '../../src/core/flows/requestPasswordGrant';
import { createVaultSession } from '../../src/core/session/createVaultSession';
import { createManualClock, type EmulatorOidcOptions } from '../../src/emulator/index';
import { live } from '../support/sessionReferences';
import {
  type RecordedDevProvider,
  startRecordedDevProvider,
} from './support/startRecordedDevProvider';
import {
  DEMO_CLIENT_ID,
  emulatorOidcFor,
  type SsoVault,
  startSsoVault,
} from './support/startSsoVault';

// The headless combined sign-in against the REAL development OpenID Provider (password
// grant) and the emulator checking its tokens by RFC 7662 introspection over HTTP.

const SAM = { username: 'sam@harbor.example', password: 'Harbor-Demo-1' };
const REDIRECT_URI = 'http://127.0.0.1:5173/sso/callback';

let idp: RecordedDevProvider;
let otherIdp: RecordedDevProvider;
const vaults: SsoVault[] = [];

beforeAll(async () => {
  [idp, otherIdp] = await Promise.all([
    startRecordedDevProvider({ redirectUris: [REDIRECT_URI] }),
    startRecordedDevProvider({ redirectUris: [REDIRECT_URI] }),
  ]);
});

afterAll(async () => {
  await Promise.all(vaults.map((vault) => vault.close()));
  await Promise.all([idp?.close(), otherIdp?.close()]);
});

async function vaultWith(
  overrides: Partial<EmulatorOidcOptions> = {},
  clock?: ReturnType<typeof createManualClock>,
): Promise<SsoVault> {
  const vault = await startSsoVault(
    emulatorOidcFor(idp.dev, overrides),
    clock === undefined ? {} : { clock },
  );
  vaults.push(vault);
  return vault;
}

function tokenFrom(provider: RecordedDevProvider): Promise<string> {
  return requestPasswordGrant({
    tokenEndpoint: provider.dev.endpoints.token,
    username: 'sam',
    password: SAM.password,
    clientId: DEMO_CLIENT_ID,
    scope: 'openid',
  });
}

describe('loginWithDiscovery, headless, against the development provider', () => {
  it('signs sam in through discovery, the password grant and the OAuth session call', async () => {
    const vault = await vaultWith();
    const client = vault.clientWith({ clientId: DEMO_CLIENT_ID, idpUserName: 'sam' });
    const session = createVaultSession({ client, BroadcastChannel: null, keepAlive: false });

    const sentAt = Date.now();
    const outcome = await loginWithDiscovery(client, {
      ...SAM,
      vaultDns: 'clinical.harbor.example',
    });
    expect(outcome).toMatchObject({
      route: 'sso',
      profileId: 'harbor-oidc',
      result: { vaultId: 2001, vault: { name: 'Harbor Clinical', dns: 'clinical.harbor.example' } },
    });
    expect(idp.tokenCalls()).toBeGreaterThan(0);
    expect(vault.events).toContainEqual(
      expect.objectContaining({ type: 'login', method: 'oauth', username: SAM.username }),
    );

    session.manager.establish(outcome.result, { username: SAM.username, startedAt: sentAt });
    expect(session.manager.getSnapshot()).toMatchObject({
      status: 'active',
      user: { username: SAM.username, vaultId: 2001 },
      startedAt: sentAt,
      deadline: sentAt + 48 * 60 * 60 * 1000,
    });
    // The session works: the service accepts it for a keep-alive.
    await expect(client.keepAlive(live(session.manager.getSession()))).resolves.toBeUndefined();
    session.destroy();
  });

  it('reports wrong IdP credentials as the provider refusal, without a session call', async () => {
    const vault = await vaultWith();
    const client = vault.clientWith({ clientId: DEMO_CLIENT_ID, idpUserName: 'sam' });
    await expect(
      loginWithDiscovery(client, { username: SAM.username, password: 'wrong' }),
    ).rejects.toMatchObject({ kind: 'oauth', error: 'invalid_grant' });
    expect(vault.requestsTo('/auth/oauth/session')).toBe(0);
  });
});

describe('introspection failures give one generic refusal (EXCH-02, EXCH-03, EXCH-04, EXCH-08)', () => {
  async function refusal(vault: SsoVault, accessToken: string): Promise<VaultApiError> {
    const error = await vault.client
      .loginWithAccessToken({ profileId: 'harbor-oidc', accessToken })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(VaultApiError);
    return error as VaultApiError;
  }

  it('answers an inactive, revoked, foreign, expired or wrongly issued token alike', async () => {
    const cases: { name: string; reason: string; run: () => Promise<VaultApiError> }[] = [
      {
        name: 'a token the provider never issued',
        reason: 'inactive_token',
        run: async () => refusal(await vaultWith(), 'never-issued-token-0123456789'),
      },
      {
        name: 'a revoked token',
        reason: 'inactive_token',
        run: async () => {
          const token = await tokenFrom(idp);
          await (await idp.dev.provider.AccessToken.find(token))?.destroy();
          return refusal(await vaultWith(), token);
        },
      },
      {
        name: 'a token from another provider instance',
        reason: 'inactive_token',
        run: async () => refusal(await vaultWith(), await tokenFrom(otherIdp)),
      },
      {
        name: 'a token for a client the vault does not accept',
        reason: 'client_not_allowed',
        run: async () =>
          refusal(await vaultWith({ allowedClientIds: ['another-app'] }), await tokenFrom(idp)),
      },
      {
        name: 'an expired token (the vault clock past exp and leeway)',
        reason: 'expired',
        run: async () => {
          const clock = createManualClock(Date.now());
          const vault = await vaultWith({}, clock);
          const token = await tokenFrom(idp);
          clock.advance(11 * 60_000);
          return refusal(vault, token);
        },
      },
      {
        name: 'a token whose issuer the vault does not expect',
        reason: 'issuer_mismatch',
        run: async () =>
          refusal(await vaultWith({ issuer: 'https://idp.unknown.example' }), await tokenFrom(idp)),
      },
    ];

    const errors: VaultApiError[] = [];
    for (const entry of cases) {
      const vault = vaults.length;
      const error = await entry.run();
      errors.push(error);
      // The specific reason goes to the service's own log only.
      const events = vaults.slice(vault).flatMap((started) => started.events);
      expect(events, entry.name).toContainEqual(
        expect.objectContaining({ type: 'oauth_failed', reason: entry.reason }),
      );
    }
    const seen = errors.map((error) => ({ type: error.type, message: error.message }));
    expect(new Set(seen.map((entry) => JSON.stringify(entry))).size).toBe(1);
    expect(seen[0]?.type).toBe('INSUFFICIENT_ACCESS');
  });
});
