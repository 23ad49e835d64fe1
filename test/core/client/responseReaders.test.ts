import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClient } from '../../../src/core/client/types';
import { VaultProtocolError } from '../../../src/core/errors';
import { ssoStateData } from '../../../src/oidc/ssoStateData';
import { token } from '../../support/sessionReferences';
import { type LoopbackServer, startLoopbackServer } from '../../support/startLoopbackServer';

// Each answer's reader, one malformed shape at a time, from a real loopback server: the
// whole answer fails as a VaultProtocolError whose message names the call, the path of the
// field at fault and what was expected there, and never the value received.

const SESSION_ID = 'Zq3x9VbN2mK7pL0sR5tW8yA1cE4gH6jJ-uIoP_dFfGh';
const SECRET = 'Secret-Value-42';
const VAULT = { id: 1001, name: 'Sunrise PromoMats', url: 'https://promomats.sunrise.example/api' };
const LOGIN = { sessionId: SESSION_ID, userId: 61001, vaultId: 1001, vaultIds: [VAULT] };
const METADATA = { token_endpoint: 'https://idp.harbor.example/token' };
const PROFILE = { id: 'harbor', label: 'Harbor', as_metadata: METADATA };
const DELEGATION = {
  id: 1002,
  name: 'Quality',
  dns: 'q.sunrise.example',
  delegator_userid: '61002',
};

let answer: unknown;
let server: LoopbackServer;
let client: VaultClient;

beforeAll(async () => {
  server = await startLoopbackServer(
    () =>
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  client = createVaultClient({ baseUrl: server.url });
});
afterAll(() => server.close());

async function messageOf(call: () => Promise<unknown>, body: unknown): Promise<string> {
  answer = { responseStatus: 'SUCCESS', ...(body as object) };
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(VaultProtocolError);
    return (error as Error).message;
  }
  throw new Error('The malformed answer was accepted.');
}

const login = () => client.login({ username: 'olivia@sunrise.example', password: 'Sunrise-1' });
const discover = () => client.discover({ username: 'sam@harbor.example' });
const versions = () => client.getApiVersions();
const delegations = () => client.getDelegations(token(SESSION_ID));
const delegated = () =>
  client.loginDelegated(token(SESSION_ID), { vaultId: 1002, delegatorUserId: '61002' });

const cases: Array<[string, () => Promise<unknown>, unknown, string]> = [
  [
    'login: no session ID',
    login,
    { ...LOGIN, sessionId: undefined },
    'login answer is malformed at "sessionId": expected a well-formed session ID.',
  ],
  [
    'login: a user ID of the wrong type',
    login,
    { ...LOGIN, userId: true },
    '"userId": expected a user ID.',
  ],
  [
    'login: a fractional vault ID',
    login,
    { ...LOGIN, vaultId: 1.5 },
    '"vaultId": expected a non-negative integer ID.',
  ],
  [
    'login: vault list not a list',
    login,
    { ...LOGIN, vaultIds: { 0: VAULT } },
    '"vaultIds": expected a list.',
  ],
  [
    'login: a vault entry not an object',
    login,
    { ...LOGIN, vaultIds: [SECRET] },
    '"vaultIds.0": expected an object.',
  ],
  [
    'login: a vault without a name',
    login,
    { ...LOGIN, vaultIds: [{ ...VAULT, name: 7 }] },
    '"vaultIds.0.name": expected a string.',
  ],
  [
    'login: a vault URL that is not http(s)',
    login,
    { ...LOGIN, vaultIds: [{ ...VAULT, url: `javascript:${SECRET}` }] },
    '"vaultIds.0.url": expected an absolute http(s) URL.',
  ],
  [
    'discovery: no data',
    discover,
    {},
    'discovery answer is malformed at "data": expected an object.',
  ],
  [
    'discovery: an unknown auth type',
    discover,
    { data: { auth_type: 'saml' } },
    '"data.auth_type": expected "password" or "sso".',
  ],
  [
    'discovery: profiles not a list',
    discover,
    { data: { auth_type: 'sso', auth_profiles: 'x' } },
    '"data.auth_profiles": expected a list or null.',
  ],
  [
    'discovery: a profile ID too long',
    discover,
    { data: { auth_type: 'sso', auth_profiles: [{ ...PROFILE, id: 'x'.repeat(257) }] } },
    '"data.auth_profiles.0.id": expected a string of 1 to 256 characters.',
  ],
  [
    'discovery: an empty client ID',
    discover,
    { data: { auth_type: 'sso', auth_profiles: [{ ...PROFILE, as_client_id: '' }] } },
    '"data.auth_profiles.0.as_client_id": expected a non-empty string or null.',
  ],
  [
    'discovery: metadata not an object',
    discover,
    { data: { auth_type: 'sso', auth_profiles: [{ ...PROFILE, as_metadata: 3 }] } },
    '"data.auth_profiles.0.as_metadata": expected an object.',
  ],
  [
    'discovery: no token endpoint',
    discover,
    { data: { auth_type: 'sso', auth_profiles: [{ ...PROFILE, as_metadata: {} }] } },
    '"data.auth_profiles.0.as_metadata.token_endpoint": expected an absolute http(s) URL.',
  ],
  [
    'discovery: scopes of the wrong type',
    discover,
    {
      data: {
        auth_type: 'sso',
        auth_profiles: [{ ...PROFILE, as_metadata: { ...METADATA, scopes_supported: [1] } }],
      },
    },
    '"data.auth_profiles.0.as_metadata.scopes_supported": expected a list of strings or null.',
  ],
  [
    'discovery: a bad profile even when the type is password',
    discover,
    { data: { auth_type: 'password', auth_profiles: [{ ...PROFILE, label: null }] } },
    '"data.auth_profiles.0.label": expected a string.',
  ],
  [
    'versions: no map',
    versions,
    {},
    'answer is malformed at "values": expected an object of "vN.N" versions to absolute http(s) URLs.',
  ],
  [
    'versions: a key that is not a version',
    versions,
    { values: { latest: VAULT.url } },
    '"values": expected an object of "vN.N" versions',
  ],
  [
    'delegations: not a list',
    delegations,
    { delegated_vaults: null },
    '"delegated_vaults": expected a list.',
  ],
  [
    'delegations: a bad DNS name',
    delegations,
    { delegated_vaults: [{ ...DELEGATION, dns: `${SECRET}/x` }] },
    '"delegated_vaults.0.dns": expected a DNS name.',
  ],
  [
    'delegations: a bad delegator',
    delegations,
    { delegated_vaults: [{ ...DELEGATION, delegator_userid: 'a b' }] },
    '"delegated_vaults.0.delegator_userid": expected a user ID.',
  ],
  [
    'delegated login: a bad session ID',
    delegated,
    { delegated_sessionid: SECRET },
    '"delegated_sessionid": expected a well-formed session ID.',
  ],
];

describe('every malformed answer fails whole, naming where and what, never the value', () => {
  it.each(cases)('%s', async (_name, call, body, expected) => {
    const message = await messageOf(call, body);

    expect(message).toContain(expected);
    expect(message).not.toContain(SECRET);
  });

  it('an answer that is a list instead of an object is refused at the top', async () => {
    answer = [LOGIN];
    await expect(login()).rejects.toThrow(VaultProtocolError);
  });

  it('the well-formed answers still read, so the cases above fail for their one fault', async () => {
    answer = { responseStatus: 'SUCCESS', ...LOGIN };
    expect((await login()).vault?.dns).toBe('promomats.sunrise.example');
    answer = { responseStatus: 'WARNING', data: { auth_type: 'sso', auth_profiles: [PROFILE] } };
    expect((await discover()).profiles[0]?.asMetadata.raw).toEqual(METADATA);
    answer = { responseStatus: 'SUCCESS', delegated_vaults: [DELEGATION] };
    expect((await delegations())[0]?.delegatorUserId).toBe('61002');
  });
});

describe('stored single sign-on state', () => {
  const good = { v: 1, profileId: 'harbor', username: 'sam@harbor.example', returnTo: '/' };

  it.each([
    ['another version', { ...good, v: 2 }, '"v": expected version 1'],
    [
      'no profile',
      { ...good, profileId: '' },
      '"profileId": expected a string of 1 to 256 characters',
    ],
    [
      'a vault name too long',
      { ...good, vaultDns: 'x'.repeat(254) },
      '"vaultDns": expected a string of 0 to 253 characters or null',
    ],
    [
      'no return path',
      { ...good, returnTo: undefined },
      '"returnTo": expected a string of 0 to 2048',
    ],
    ['not an object', SECRET, '"(body)": expected an object'],
  ])('is refused with %s', (_name, stored, expected) => {
    expect(() => ssoStateData(stored)).toThrow(expected);
  });

  it('reads back what a redirect stored', () => {
    expect(ssoStateData({ ...good, vaultDns: 'q.example', extra: SECRET })).toEqual({
      ...good,
      vaultDns: 'q.example',
    });
  });
});
