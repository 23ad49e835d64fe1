import { demoDocuments } from './demoDocuments';
import type { EmulatorData } from './EmulatorData';

/**
 * The emulator's default data, the demo directory documented in docs/emulator.md. The demo
 * passwords are public by design; the emulator hashes each one when it starts and keeps
 * only the hash. No one has signed in yet, so auth defaulting starts from each user's
 * oldest vault (the lowest ID) until they sign in somewhere.
 *
 * | user | password | vaults |
 * |---|---|---|
 * | olivia@sunrise.example | Sunrise-Demo-1 | 1001 (oldest), 1002; delegate of marcus in 1002 |
 * | marcus@sunrise.example | Sunrise-Demo-2 | 1002 |
 * | newhire@sunrise.example | Sunrise-Demo-3 | 1001, must change the password |
 * | locked@sunrise.example | any | 1001, always locked out |
 * | inactive@sunrise.example | any | 1001, inactive |
 * | sam@harbor.example | at the identity provider: sam / Harbor-Demo-1 | 2001 (oldest), 2002; single sign-on |
 *
 * Each vault holds a few documents ({@link demoDocuments}).
 *
 * @example
 * ```ts
 * const olivia = demoDirectory.users.find((u) => u.username === 'olivia@sunrise.example');
 * ```
 */
export const demoDirectory: EmulatorData = {
  vaults: [
    { id: 1001, name: 'Sunrise PromoMats', dns: 'promomats.sunrise.example' },
    { id: 1002, name: 'Sunrise QualityDocs', dns: 'quality.sunrise.example' },
    { id: 2001, name: 'Harbor Clinical', dns: 'clinical.harbor.example' },
    { id: 2002, name: 'Harbor Safety', dns: 'safety.harbor.example' },
  ],
  users: [
    {
      id: 61001,
      firstName: 'Olivia',
      lastName: 'Bennett',
      timezone: 'America/New_York',
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
      status: 'active',
      vaultIds: [1001, 1002],
    },
    {
      id: 61002,
      firstName: 'Marcus',
      lastName: 'Reed',
      timezone: 'America/Chicago',
      username: 'marcus@sunrise.example',
      password: 'Sunrise-Demo-2',
      status: 'active',
      vaultIds: [1002],
    },
    {
      id: 61003,
      firstName: 'Nina',
      lastName: 'Hale',
      timezone: 'America/New_York',
      username: 'newhire@sunrise.example',
      password: 'Sunrise-Demo-3',
      status: 'password_change_required',
      vaultIds: [1001],
    },
    {
      id: 61004,
      firstName: 'Leo',
      lastName: 'Brandt',
      timezone: 'Europe/Berlin',
      username: 'locked@sunrise.example',
      status: 'locked',
      vaultIds: [1001],
    },
    {
      id: 61005,
      firstName: 'Ivy',
      lastName: 'Stone',
      timezone: 'Europe/London',
      username: 'inactive@sunrise.example',
      status: 'inactive',
      vaultIds: [1001],
    },
    {
      id: 61006,
      firstName: 'Sam',
      lastName: 'Okafor',
      timezone: 'Europe/London',
      username: 'sam@harbor.example',
      status: 'active',
      vaultIds: [2001, 2002],
    },
  ],
  authProfiles: [
    {
      id: 'harbor-oidc',
      label: 'Harbor SSO',
      description: 'Sign in with your Harbor account.',
      oauthProviderType: 'Other',
    },
  ],
  realms: [{ domain: 'harbor.example', profileIds: ['harbor-oidc'] }],
  delegations: [{ vaultId: 1002, delegatorUserId: 61002, delegateUserId: 61001 }],
  subjects: [{ profileId: 'harbor-oidc', subject: 'sam', userId: 61006 }],
  documents: demoDocuments,
};
