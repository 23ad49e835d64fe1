import type { PasswordHash } from './hashPassword';

/**
 * A vault (one tenant instance of the service).
 *
 * @example
 * ```ts
 * const vault: EmulatorVault = { id: 1001, name: 'Sunrise PromoMats', dns: 'promomats.sunrise.example' };
 * ```
 */
export interface EmulatorVault {
  readonly id: number;
  readonly name: string;
  /** Host name, lower case, e.g. `promomats.sunrise.example`. */
  readonly dns: string;
}

/**
 * How a password login for this user ends once the password is right: `active` gets a
 * session, `password_change_required` gets `PASSWORD_CHANGE_REQUIRED`. `locked` and
 * `inactive` answer `USER_LOCKED_OUT` / `INACTIVE_USER` whatever the password.
 *
 * @example
 * ```ts
 * const status: EmulatorUserStatus = 'password_change_required';
 * ```
 */
export type EmulatorUserStatus = 'active' | 'locked' | 'inactive' | 'password_change_required';

/**
 * A user of the directory. Give either `password` (hashed at start, then dropped) or
 * a precomputed `passwordHash`; a user with neither can only sign in by single sign-on.
 *
 * @example
 * ```ts
 * const user: EmulatorUser = {
 *   id: 61001,
 *   username: 'olivia@sunrise.example',
 *   password: 'Sunrise-Demo-1',
 *   status: 'active',
 *   vaultIds: [1001, 1002],
 * };
 * ```
 */
export interface EmulatorUser {
  /** Stable numeric user ID, sent as `userId` and `X-VaultAPI-UserId`. */
  readonly id: number;
  /** Matched case-insensitively. */
  readonly username: string;
  readonly password?: string;
  readonly passwordHash?: PasswordHash;
  readonly status: EmulatorUserStatus;
  /**
   * The vault where the user last signed in before the emulator started; optional. Auth
   * defaulting (a login that names no vault, or one the user lacks) opens the session in
   * the vault of the user's last sign-in, this one until the emulator has seen one, else in
   * the user's oldest vault: the lowest ID, since the service numbers vaults as it creates
   * them. There is no configured default vault, as at the service.
   */
  readonly lastLoginVaultId?: number;
  /** Vaults the user belongs to, all active, in the order `vaultIds` lists them on login. */
  readonly vaultIds: readonly number[];
  /** Shown by "Validate Session User" as `user_first_name__v`. */
  readonly firstName?: string;
  /** Shown by "Validate Session User" as `user_last_name__v`. */
  readonly lastName?: string;
  /** IANA time zone, `user_timezone__v`. Default `UTC`. */
  readonly timezone?: string;
  /** Locale such as `en_US`, `user_locale__v`. Default `en_US`. */
  readonly locale?: string;
}

/**
 * An OAuth 2.0 / OpenID Connect profile offered by discovery. The authorization server
 * behind it comes from the emulator's `oidc` option (or the request origin without one).
 *
 * @example
 * ```ts
 * const profile: EmulatorAuthProfile = {
 *   id: 'harbor-oidc',
 *   label: 'Harbor SSO',
 *   description: 'Sign in with your Harbor account.',
 *   oauthProviderType: 'Other',
 * };
 * ```
 */
export interface EmulatorAuthProfile {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly oauthProviderType: string;
}

/**
 * Routes an e-mail domain to single sign-on profiles. Domains without a realm use
 * passwords.
 *
 * @example
 * ```ts
 * const realm: EmulatorRealm = { domain: 'harbor.example', profileIds: ['harbor-oidc'] };
 * ```
 */
export interface EmulatorRealm {
  /** Lower-case domain after the `@`, matched exactly. */
  readonly domain: string;
  readonly profileIds: readonly string[];
}

/**
 * Delegate access: `delegateUserId` may act as `delegatorUserId` in `vaultId`.
 *
 * @example
 * ```ts
 * const grant: EmulatorDelegationGrant = { vaultId: 1002, delegatorUserId: 61002, delegateUserId: 61001 };
 * ```
 */
export interface EmulatorDelegationGrant {
  readonly vaultId: number;
  readonly delegatorUserId: number;
  readonly delegateUserId: number;
}

/**
 * Maps a subject (`sub`) at a profile's issuer to a vault user. Identity is always the
 * issuer and subject pair, never an e-mail claim (EXCH-05).
 *
 * @example
 * ```ts
 * const mapping: EmulatorSubjectMapping = { profileId: 'harbor-oidc', subject: 'sam', userId: 61006 };
 * ```
 */
export interface EmulatorSubjectMapping {
  readonly profileId: string;
  readonly subject: string;
  readonly userId: number;
}

/**
 * A document of a vault, as the document listing shows its latest version. Dates are ISO
 * 8601 strings in UTC, the way the service writes them.
 *
 * @example
 * ```ts
 * const doc: EmulatorDocument = {
 *   id: 101,
 *   vaultId: 1001,
 *   name: 'Sunscreen launch brochure',
 *   title: 'SPF 50 launch brochure, US market',
 *   documentNumber: 'PM-0101',
 *   type: 'Promotional Piece',
 *   lifecycle: 'Promotional Piece',
 *   status: 'Approved for Distribution',
 *   majorVersion: 2,
 *   minorVersion: 0,
 *   format: 'application/pdf',
 *   createdBy: 61001,
 *   createdAt: '2026-01-12T09:30:00.000Z',
 *   modifiedAt: '2026-02-20T14:05:00.000Z',
 * };
 * ```
 */
export interface EmulatorDocument {
  /** Unique across the whole directory, like the service's document IDs within a vault. */
  readonly id: number;
  readonly vaultId: number;
  /** `name__v`. */
  readonly name: string;
  /** `title__v`. */
  readonly title: string;
  /** `document_number__v`. */
  readonly documentNumber: string;
  /** `type__v`. */
  readonly type: string;
  /** `lifecycle__v`. */
  readonly lifecycle: string;
  /** `status__v`: the lifecycle state's label. */
  readonly status: string;
  readonly majorVersion: number;
  readonly minorVersion: number;
  /** `format__v`: the source file's media type. */
  readonly format: string;
  /** User ID of the author, `created_by__v`; it may name someone outside the directory. */
  readonly createdBy: number;
  /** `document_creation_date__v`. */
  readonly createdAt: string;
  /** `version_modified_date__v`. */
  readonly modifiedAt: string;
}

/**
 * Everything the emulator knows about: vaults, users, realms, profiles, delegation grants,
 * subject mappings and, optionally, documents. Defaults to {@link demoDirectory}.
 *
 * @example
 * ```ts
 * const data: EmulatorData = { ...demoDirectory, delegations: [] };
 * const emulator = createVaultEmulator({ data });
 * ```
 */
export interface EmulatorData {
  readonly vaults: readonly EmulatorVault[];
  readonly users: readonly EmulatorUser[];
  readonly authProfiles: readonly EmulatorAuthProfile[];
  readonly realms: readonly EmulatorRealm[];
  readonly delegations: readonly EmulatorDelegationGrant[];
  readonly subjects: readonly EmulatorSubjectMapping[];
  /** Served by the document listing of each vault; none when omitted. */
  readonly documents?: readonly EmulatorDocument[];
}
