import type {
  EmulatorAuthProfile,
  EmulatorData,
  EmulatorDelegationGrant,
  EmulatorDocument,
  EmulatorUserStatus,
  EmulatorVault,
} from './EmulatorData';
import type { PasswordHash } from './hashPassword';

/**
 * A directory user as the emulator keeps it: no password field, only a stable identity.
 */
export interface IndexedUser {
  readonly id: number;
  readonly username: string;
  readonly status: EmulatorUserStatus;
  /** The vault of the user's last sign-in before the emulator started, if any. */
  readonly lastLoginVaultId: number | undefined;
  readonly vaultIds: readonly number[];
  readonly firstName: string;
  readonly lastName: string;
  readonly timezone: string;
  readonly locale: string;
}

/**
 * {@link EmulatorData} checked for consistency and indexed for lookups. Plain-text demo
 * passwords are split off into `pendingPasswords`, which the emulator empties as it
 * hashes them.
 */
export interface EmulatorIndex {
  readonly vaultsById: ReadonlyMap<number, EmulatorVault>;
  /** Keyed by lower-case DNS name. */
  readonly vaultsByDns: ReadonlyMap<string, EmulatorVault>;
  /** Writable, like `usersByName`, for the vault's password page (a changed status). */
  readonly usersById: Map<number, IndexedUser>;
  /** Keyed by lower-case user name. */
  readonly usersByName: Map<string, IndexedUser>;
  readonly profilesById: ReadonlyMap<string, EmulatorAuthProfile>;
  /** Profiles per lower-case e-mail domain. */
  readonly realms: ReadonlyMap<string, readonly EmulatorAuthProfile[]>;
  readonly delegations: readonly EmulatorDelegationGrant[];
  /** User ID per `profileId` + newline + `subject`. */
  readonly subjects: ReadonlyMap<string, number>;
  /** Documents per vault ID, in the order the data lists them. */
  readonly documentsByVault: ReadonlyMap<number, readonly EmulatorDocument[]>;
  readonly pendingPasswords: Map<number, string>;
  readonly presetHashes: ReadonlyMap<number, PasswordHash>;
}

/**
 * Validates and indexes directory data; throws a `TypeError` naming the first
 * inconsistency (a duplicate ID, a last sign-in vault the user lacks, a dangling reference).
 */
export function indexEmulatorData(data: EmulatorData): EmulatorIndex {
  const vaultsById = new Map<number, EmulatorVault>();
  const vaultsByDns = new Map<string, EmulatorVault>();
  for (const vault of data.vaults) {
    const dns = vault.dns.toLowerCase();
    check(!vaultsById.has(vault.id), `duplicate vault id ${vault.id}`);
    check(!vaultsByDns.has(dns), `duplicate vault dns ${vault.dns}`);
    const copy = { id: vault.id, name: vault.name, dns };
    vaultsById.set(vault.id, copy);
    vaultsByDns.set(dns, copy);
  }

  const usersById = new Map<number, IndexedUser>();
  const usersByName = new Map<string, IndexedUser>();
  const pendingPasswords = new Map<number, string>();
  const presetHashes = new Map<number, PasswordHash>();
  for (const user of data.users) {
    const name = user.username.toLowerCase();
    check(Number.isSafeInteger(user.id), `user id ${user.id} is not an integer`);
    check(!usersById.has(user.id), `duplicate user id ${user.id}`);
    check(!usersByName.has(name), `duplicate user name ${user.username}`);
    check(user.vaultIds.length > 0, `user ${user.username} belongs to no vault`);
    for (const id of user.vaultIds) check(vaultsById.has(id), `user ${user.username}: vault ${id}`);
    check(
      user.lastLoginVaultId === undefined || user.vaultIds.includes(user.lastLoginVaultId),
      `user ${user.username}: last sign-in vault ${user.lastLoginVaultId} is not one of theirs`,
    );
    const indexed: IndexedUser = {
      id: user.id,
      username: user.username,
      status: user.status,
      lastLoginVaultId: user.lastLoginVaultId,
      vaultIds: [...user.vaultIds],
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      timezone: user.timezone ?? 'UTC',
      locale: user.locale ?? 'en_US',
    };
    usersById.set(user.id, indexed);
    usersByName.set(name, indexed);
    if (user.passwordHash) presetHashes.set(user.id, { ...user.passwordHash });
    else if (user.password !== undefined) pendingPasswords.set(user.id, user.password);
  }

  const profilesById = new Map<string, EmulatorAuthProfile>();
  for (const profile of data.authProfiles) {
    check(!profilesById.has(profile.id), `duplicate auth profile ${profile.id}`);
    profilesById.set(profile.id, { ...profile });
  }

  const realms = new Map<string, readonly EmulatorAuthProfile[]>();
  for (const realm of data.realms) {
    const domain = realm.domain.toLowerCase();
    check(!realms.has(domain), `duplicate realm ${realm.domain}`);
    realms.set(
      domain,
      realm.profileIds.map((id) => {
        const profile = profilesById.get(id);
        check(profile !== undefined, `realm ${realm.domain}: auth profile ${id}`);
        return profile as EmulatorAuthProfile;
      }),
    );
  }

  for (const grant of data.delegations) {
    check(vaultsById.has(grant.vaultId), `delegation: vault ${grant.vaultId}`);
    check(usersById.has(grant.delegatorUserId), `delegation: user ${grant.delegatorUserId}`);
    check(usersById.has(grant.delegateUserId), `delegation: user ${grant.delegateUserId}`);
  }

  const subjects = new Map<string, number>();
  for (const mapping of data.subjects) {
    check(profilesById.has(mapping.profileId), `subject mapping: profile ${mapping.profileId}`);
    check(usersById.has(mapping.userId), `subject mapping: user ${mapping.userId}`);
    subjects.set(`${mapping.profileId}\n${mapping.subject}`, mapping.userId);
  }

  const documentsByVault = new Map<number, EmulatorDocument[]>();
  const documentIds = new Set<number>();
  for (const document of data.documents ?? []) {
    check(Number.isSafeInteger(document.id), `document id ${document.id} is not an integer`);
    check(!documentIds.has(document.id), `duplicate document id ${document.id}`);
    check(vaultsById.has(document.vaultId), `document ${document.id}: vault ${document.vaultId}`);
    documentIds.add(document.id);
    const list = documentsByVault.get(document.vaultId) ?? [];
    list.push({ ...document });
    documentsByVault.set(document.vaultId, list);
  }

  return {
    vaultsById,
    vaultsByDns,
    usersById,
    usersByName,
    profilesById,
    realms,
    delegations: data.delegations.map((grant) => ({ ...grant })),
    subjects,
    documentsByVault,
    pendingPasswords,
    presetHashes,
  };
}

function check(condition: boolean, problem: string): asserts condition {
  if (!condition) throw new TypeError(`Invalid emulator data: ${problem}.`);
}
