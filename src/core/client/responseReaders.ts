import { VaultConfigError } from '../errors';
import { explainInDevelopment } from '../explainInDevelopment';
import { isSessionTag } from './isSessionTag';
import { isValidSessionId } from './isValidSessionId';
import { check, fields, isObjectLike, list, map, maybe, type ReadShape } from './readShape';
import { DNS_NAME_PATTERN } from './resolveClientConfig';
import type {
  ApiVersions,
  AuthProfile,
  AuthResult,
  DelegatedSession,
  DelegatedVault,
  DiscoveryResult,
  ProxySessionInfo,
  ProxySessions,
  VaultInfo,
} from './types';

/**
 * A token-mode client behind the kit's proxy in BFF mode: the setup error, as the answer
 * (a session tag) or the proxy's refusal (no CSRF header) shows it.
 */
export const tokenModeBehindBff = (): string =>
  explainInDevelopment("The kit's proxy is in BFF mode: set credentials: 'proxy'.", () =>
    process.env.NODE_ENV === 'production'
      ? undefined
      : "The kit's proxy runs in BFF mode (session secrets) and keeps the session in a cookie: set credentials: 'proxy' (<SessionProvider credentials=\"proxy\">, or the client's config) to use it. An app that holds its session itself needs the proxy without session: vaultDevServer({ session: false }), emulatorHandlers(emulator, { session: false }).",
  );

// Structure comes from `fields` and `list` (they name the path of a bad field), every leaf
// is a predicate with a value-free description of what was expected: it becomes the error
// message, and the received value may be a secret.

const VERSION_PATTERN = /^v(\d+)\.(\d+)$/;
const USER_ID_PATTERN = /^[A-Za-z0-9._@-]{1,128}$/;
// The service sends numeric IDs as JSON numbers; a digit string is the same ID.
const DIGITS_ID_PATTERN = /^\d{1,15}$/;

const isString = (value: unknown): value is string => typeof value === 'string';

const isIndex = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

// The keys a copy of wire data keeps: own ones, minus those that could reach a prototype.
function ownFields(input: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in input) {
    if (
      Object.hasOwn(input, key) &&
      key !== '__proto__' &&
      key !== 'prototype' &&
      key !== 'constructor'
    ) {
      copy[key] = input[key];
    }
  }
  return copy;
}

const HTTP_URL = 'an absolute http(s) URL';
const text = check(isString, 'a string');
const httpUrl = check(isHttpUrl, HTTP_URL);
const optionalText = maybe(isString, 'a string');
const optionalUrl = maybe(isHttpUrl, HTTP_URL);
const objectLike = check(isObjectLike, 'an object');
const sessionId = check(isValidSessionId, 'a well-formed session ID');

const integerId = map(
  check(
    (value): value is number | string =>
      isIndex(value) || (isString(value) && DIGITS_ID_PATTERN.test(value)),
    'a non-negative integer ID',
  ),
  Number,
);

// `userId` is a number on the wire and `delegator_userid` a string; both are kept as strings.
const userIdString = map(
  check(
    (value): value is string | number =>
      isIndex(value) || (isString(value) && USER_ID_PATTERN.test(value)),
    'a user ID',
  ),
  String,
);

const vaultInfo = map(
  fields({ id: integerId, name: text, url: httpUrl }),
  (raw): VaultInfo => ({ ...raw, dns: new URL(raw.url).hostname }),
);

const dnsName = check(
  (value): value is string => isString(value) && DNS_NAME_PATTERN.test(value),
  'a DNS name',
);

const sessionTagField = check(isSessionTag, 'a session tag');

// What a login answer says of the user and the vaults, in either mode.
const authShape = { userId: userIdString, vaultId: integerId, vaultIds: list(vaultInfo) };

const toAuthFields = (raw: {
  userId: string;
  vaultId: number;
  vaultIds: VaultInfo[];
}): Omit<AuthResult, 'session'> => ({
  userId: raw.userId,
  vaultId: raw.vaultId,
  vaults: raw.vaultIds,
  vault: raw.vaultIds.find((vault) => vault.id === raw.vaultId),
});

const auth = map(
  fields({ sessionId, ...authShape }),
  (raw): AuthResult => ({ session: { kind: 'token', id: raw.sessionId }, ...toAuthFields(raw) }),
);

const asMetadataFields = fields({
  token_endpoint: httpUrl,
  issuer: optionalText,
  authorization_endpoint: optionalUrl,
  end_session_endpoint: optionalUrl,
  jwks_uri: optionalUrl,
  scopes_supported: maybe(
    (value): value is string[] => Array.isArray(value) && value.every(isString),
    'a list of strings',
  ),
});

// `raw` hands on the provider's whole metadata: a frozen copy of its own fields.
const asMetadata: ReadShape<AuthProfile['asMetadata']> = (value, path) => {
  const raw = objectLike(value, path);
  const known = asMetadataFields(raw, path);
  return {
    issuer: known.issuer,
    authorizationEndpoint: known.authorization_endpoint,
    tokenEndpoint: known.token_endpoint,
    endSessionEndpoint: known.end_session_endpoint,
    jwksUri: known.jwks_uri,
    scopesSupported: known.scopes_supported,
    raw: Object.freeze(ownFields(raw)),
  };
};

const authProfile = map(
  fields({
    id: check(
      (value): value is string => isString(value) && value.length >= 1 && value.length <= 256,
      'a string of 1 to 256 characters',
    ),
    label: text,
    description: optionalText,
    vault_session_endpoint: optionalUrl,
    as_client_id: maybe(
      (value): value is string => isString(value) && value !== '',
      'a non-empty string',
    ),
    as_metadata: asMetadata,
  }),
  (raw): AuthProfile => ({
    id: raw.id,
    label: raw.label,
    description: raw.description,
    vaultSessionEndpoint: raw.vault_session_endpoint,
    asClientId: raw.as_client_id,
    asMetadata: raw.as_metadata,
  }),
);

// An absent or null profile list is an empty one; a present list is checked entry by
// entry, so an error names the profile and field at fault.
const authProfiles = list(authProfile, 'a list or null');

// `auth_type` is a closed set: an unknown value must fail, never fall back to password.
const discovery = map(
  fields({
    data: fields({
      auth_type: check(
        (value): value is 'password' | 'sso' => value === 'password' || value === 'sso',
        '"password" or "sso"',
      ),
      auth_profiles: (value, path) => (value == null ? [] : authProfiles(value, path)),
    }),
  }),
  ({ data }): DiscoveryResult =>
    data.auth_type === 'password'
      ? { authType: 'password', profiles: [] }
      : { authType: 'sso', profiles: data.auth_profiles },
);

const versionMap = check(
  (value): value is Record<string, unknown> =>
    isObjectLike(value) &&
    Object.entries(ownFields(value)).every(
      ([version, url]) => VERSION_PATTERN.test(version) && isHttpUrl(url),
    ),
  'an object of "vN.N" versions to absolute http(s) URLs',
);

const apiVersions = map(fields({ values: versionMap }), (raw): ApiVersions => {
  const versions = Object.entries(ownFields(raw.values))
    .map(([version, url]) => ({ version, url: url as string }))
    .sort((a, b) => compareVersions(a.version, b.version));
  return { versions, latest: versions.at(-1)?.version };
});

const delegations = map(
  fields({
    delegated_vaults: list(
      fields({
        id: integerId,
        name: text,
        dns: dnsName,
        delegator_userid: userIdString,
      }),
    ),
  }),
  (raw): DelegatedVault[] =>
    raw.delegated_vaults.map((entry) => ({
      id: entry.id,
      name: entry.name,
      dns: entry.dns,
      delegatorUserId: entry.delegator_userid,
    })),
);

const delegatedSession = map(
  fields({ delegated_sessionid: sessionId }),
  (raw): DelegatedSession => ({ session: { kind: 'token', id: raw.delegated_sessionid } }),
);

// A token-mode client behind a proxy in BFF mode gets a tag where it needs an ID: a setup
// error, named as such rather than as a malformed answer.
const tokenModeGuard =
  <T>(read: ReadShape<T>, idField: string): ReadShape<T> =>
  (value, path) => {
    if (isObjectLike(value) && value[idField] == null && isSessionTag(value.sessionTag)) {
      throw new VaultConfigError(tokenModeBehindBff());
    }
    return read(value, path);
  };

const isEpochMs = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;
const epochMs = check(isEpochMs, 'epoch milliseconds');

/**
 * A login answer as the kit's proxy in BFF mode hands it on: `sessionTag` (and the
 * proxy's `sessionDeadline`) instead of the session ID. `sessionId` is read too, so that a
 * proxy not in BFF mode is caught and its session ended.
 */
interface ProxyLoginFields {
  readonly sessionId: string | undefined;
  readonly sessionTag: string | undefined;
  readonly sessionDeadline: number | undefined;
}

const proxyFields = <K extends string>(idField: K) =>
  fields({
    [idField]: maybe(isValidSessionId, 'a well-formed session ID'),
    sessionTag: maybe(isSessionTag, 'a session tag'),
    sessionDeadline: maybe(isEpochMs, 'epoch milliseconds'),
  } as Record<K | 'sessionTag' | 'sessionDeadline', ReadShape<unknown>>);

function proxyLogin<K extends string>(idField: K): ReadShape<ProxyLoginFields> {
  const read = proxyFields(idField);
  return (value, path) => {
    const raw = read(value, path) as Record<string, unknown>;
    const sessionId = raw[idField] as string | undefined;
    const sessionTag = raw.sessionTag as string | undefined;
    if (sessionId === undefined && sessionTag === undefined) {
      // Names the field the proxy should have added.
      sessionTagField(undefined, path ? `${path}.sessionTag` : 'sessionTag');
    }
    return { sessionId, sessionTag, sessionDeadline: raw.sessionDeadline as number | undefined };
  };
}

const proxyAuth: ReadShape<Omit<AuthResult, 'session'> & ProxyLoginFields> = (value, path) => {
  const tagged = proxyLogin('sessionId')(value, path);
  return {
    ...tagged,
    ...toAuthFields(fields(authShape)(value, path)),
    // The proxy's word that a renewal opened this session (a login answer, checked above).
    ...((value as { sessionRenewal?: unknown }).sessionRenewal === 'sso' && {
      renewal: 'sso' as const,
    }),
  };
};

const proxySessionInfo = fields({
  sessionTag: sessionTagField,
  vaultDns: dnsName,
  userId: userIdString,
  vaultId: integerId,
  createdAt: epochMs,
  deadline: epochMs,
});

const nullableInfo: ReadShape<ProxySessionInfo | null> = (value, path) =>
  value == null
    ? null
    : {
        ...proxySessionInfo(value, path),
        ...((value as { renewal?: unknown }).renewal === 'sso' && { renewal: 'sso' as const }),
        ...((value as { vaultIds?: unknown }).vaultIds !== undefined && {
          vaults: list(vaultInfo)((value as { vaultIds: unknown }).vaultIds, `${path}.vaultIds`),
        }),
      };

const proxySessions: ReadShape<ProxySessions> = fields({
  own: nullableInfo,
  delegated: nullableInfo,
});

const generic = map(objectLike, (): undefined => undefined);

const body = map(objectLike, ownFields);

/**
 * The readers of the successful (`SUCCESS`/`WARNING`) answers, each turning the wire shape
 * into the kit's camelCase result. Unknown fields are ignored; a missing or ill-typed
 * field fails the whole answer with a `ShapeMismatch` (see readShape), so no partial
 * session can come out of it.
 */
export const responseReaders: {
  readonly apiVersions: ReadShape<ApiVersions>;
  readonly auth: ReadShape<AuthResult>;
  readonly discovery: ReadShape<DiscoveryResult>;
  readonly delegations: ReadShape<DelegatedVault[]>;
  readonly delegatedSession: ReadShape<DelegatedSession>;
  readonly generic: ReadShape<undefined>;
  readonly body: ReadShape<Record<string, unknown>>;
  /** `auth` for a token-mode client: a tag without an ID is a setup error. */
  readonly tokenAuth: ReadShape<AuthResult>;
  /** `delegatedSession` for a token-mode client: a tag without an ID is a setup error. */
  readonly tokenDelegatedSession: ReadShape<DelegatedSession>;
  /** A login answer through the proxy in BFF mode. */
  readonly proxyAuth: ReadShape<Omit<AuthResult, 'session'> & ProxyLoginFields>;
  /** A delegated login answer through the proxy in BFF mode. */
  readonly proxyDelegatedSession: ReadShape<ProxyLoginFields>;
  /** The proxy's session route. */
  readonly proxySessions: ReadShape<ProxySessions>;
} = {
  apiVersions,
  auth,
  discovery,
  delegations,
  delegatedSession,
  generic,
  body,
  tokenAuth: tokenModeGuard(auth, 'sessionId'),
  tokenDelegatedSession: tokenModeGuard(delegatedSession, 'delegated_sessionid'),
  proxyAuth,
  proxyDelegatedSession: proxyLogin('delegated_sessionid'),
  proxySessions,
};

function compareVersions(a: string, b: string): number {
  const [, aMajor = '0', aMinor = '0'] = VERSION_PATTERN.exec(a) ?? [];
  const [, bMajor = '0', bMinor = '0'] = VERSION_PATTERN.exec(b) ?? [];
  return Number(aMajor) - Number(bMajor) || Number(aMinor) - Number(bMinor);
}
