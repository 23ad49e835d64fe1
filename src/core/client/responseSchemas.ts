import * as v from 'valibot';
import { isValidSessionId } from './isValidSessionId';
import { DNS_NAME_PATTERN } from './resolveClientConfig';
import type {
  ApiVersions,
  AuthProfile,
  AuthResult,
  DelegatedSession,
  DelegatedVault,
  DiscoveryResult,
  VaultInfo,
} from './types';

// Every valibot schema and action adds its own code to the bundle, so the schemas keep to
// one small set: `object` and `array` for structure (they name the path of a bad field),
// `custom` with a predicate for every leaf, `optional` for absent fields, and
// `pipe` + `transform` to reshape. Each `custom` carries a value-free description of what
// was expected: it becomes the error message, and the received value may be a secret.

const VERSION_PATTERN = /^v(\d+)\.(\d+)$/;
const USER_ID_PATTERN = /^[A-Za-z0-9._@-]{1,128}$/;
// The service sends numeric IDs as JSON numbers; a digit string is the same ID.
const DIGITS_ID_PATTERN = /^\d{1,15}$/;

type Guard<T> = (value: unknown) => value is T;

const isString = (value: unknown): value is string => typeof value === 'string';

const isObjectLike = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

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

// Marked free of side effects so that a bundler can still drop schemas nobody uses.
const field = /* @__NO_SIDE_EFFECTS__ */ <T>(guard: Guard<T>, expected: string) =>
  v.custom<T>(guard, expected);

// The service leaves out or nulls an optional field alike; both read as "not given".
const nullable = /* @__NO_SIDE_EFFECTS__ */ <T>(guard: Guard<T>, expected: string) =>
  v.optional(v.custom<T | null>((value) => value === null || guard(value), `${expected} or null`));

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

const text = field(isString, 'a string');
const httpUrl = field(isHttpUrl, 'an absolute http(s) URL');
const optionalText = nullable(isString, 'a string');
const optionalUrl = nullable(isHttpUrl, 'an absolute http(s) URL');
const objectLike = field(isObjectLike, 'an object');
const sessionId = field(isValidSessionId, 'a well-formed session ID');

const integerId = v.pipe(
  field(
    (value): value is number | string =>
      isIndex(value) || (isString(value) && DIGITS_ID_PATTERN.test(value)),
    'a non-negative integer ID',
  ),
  v.transform(Number),
);

// `userId` is a number on the wire and `delegator_userid` a string; both are kept as strings.
const userIdString = v.pipe(
  field(
    (value): value is string | number =>
      isIndex(value) || (isString(value) && USER_ID_PATTERN.test(value)),
    'a user ID',
  ),
  v.transform(String),
);

const vaultInfo = v.pipe(
  v.object({ id: integerId, name: text, url: httpUrl }),
  v.transform(
    (raw): VaultInfo => ({
      id: raw.id,
      name: raw.name,
      url: raw.url,
      dns: new URL(raw.url).hostname,
    }),
  ),
);

const auth = v.pipe(
  v.object({
    sessionId,
    userId: userIdString,
    vaultId: integerId,
    vaultIds: v.array(vaultInfo),
  }),
  v.transform(
    (raw): AuthResult => ({
      sessionId: raw.sessionId,
      userId: raw.userId,
      vaultId: raw.vaultId,
      vaults: raw.vaultIds,
      vault: raw.vaultIds.find((vault) => vault.id === raw.vaultId),
    }),
  ),
);

// `v.object` keeps only the fields it names, yet `asMetadata.raw` hands on the provider's
// whole metadata: a copy is taken first and carried through as `raw` (a wire field of
// that name stays inside the copy).
const asMetadata = v.pipe(
  objectLike,
  v.transform((input) => ({ ...input, raw: Object.freeze(ownFields(input)) })),
  v.object({
    token_endpoint: httpUrl,
    issuer: optionalText,
    authorization_endpoint: optionalUrl,
    end_session_endpoint: optionalUrl,
    jwks_uri: optionalUrl,
    scopes_supported: nullable(
      (value): value is string[] => Array.isArray(value) && value.every(isString),
      'a list of strings',
    ),
    raw: objectLike,
  }),
);

const authProfile = v.pipe(
  v.object({
    id: field(
      (value): value is string => isString(value) && value.length >= 1 && value.length <= 256,
      'a string of 1 to 256 characters',
    ),
    label: text,
    description: optionalText,
    vault_session_endpoint: optionalUrl,
    as_client_id: nullable(
      (value): value is string => isString(value) && value !== '',
      'a non-empty string',
    ),
    as_metadata: asMetadata,
  }),
  v.transform(
    (raw): AuthProfile => ({
      id: raw.id,
      label: raw.label,
      description: raw.description ?? undefined,
      vaultSessionEndpoint: raw.vault_session_endpoint ?? undefined,
      asClientId: raw.as_client_id ?? undefined,
      asMetadata: {
        issuer: raw.as_metadata.issuer ?? undefined,
        authorizationEndpoint: raw.as_metadata.authorization_endpoint ?? undefined,
        tokenEndpoint: raw.as_metadata.token_endpoint,
        endSessionEndpoint: raw.as_metadata.end_session_endpoint ?? undefined,
        jwksUri: raw.as_metadata.jwks_uri ?? undefined,
        scopesSupported: raw.as_metadata.scopes_supported ?? undefined,
        raw: raw.as_metadata.raw,
      },
    }),
  ),
);

// An absent or null profile list is an empty one; a present list is checked entry by
// entry, so an error names the profile and field at fault.
const authProfiles = v.optional(
  v.pipe(
    field(
      (value): value is unknown[] | null => value === null || Array.isArray(value),
      'a list or null',
    ),
    v.transform((value) => value ?? []),
    v.array(authProfile),
  ),
);

// `auth_type` is a closed set: an unknown value must fail, never fall back to password.
const discovery = v.pipe(
  v.object({
    data: v.object({
      auth_type: field(
        (value): value is 'password' | 'sso' => value === 'password' || value === 'sso',
        '"password" or "sso"',
      ),
      auth_profiles: authProfiles,
    }),
  }),
  v.transform(
    (raw): DiscoveryResult =>
      raw.data.auth_type === 'password'
        ? { authType: 'password', profiles: [] }
        : { authType: 'sso', profiles: raw.data.auth_profiles ?? [] },
  ),
);

const versionMap = field(
  (value): value is Record<string, string> =>
    isObjectLike(value) &&
    Object.entries(ownFields(value)).every(
      ([version, url]) => VERSION_PATTERN.test(version) && isHttpUrl(url),
    ),
  'an object of "vN.N" versions to absolute http(s) URLs',
);

const apiVersions = v.pipe(
  v.object({ values: versionMap }),
  v.transform((raw): ApiVersions => {
    const versions = Object.entries(ownFields(raw.values))
      .map(([version, url]) => ({ version, url: url as string }))
      .sort((a, b) => compareVersions(a.version, b.version));
    return { versions, latest: versions.at(-1)?.version };
  }),
);

const delegations = v.pipe(
  v.object({
    delegated_vaults: v.array(
      v.object({
        id: integerId,
        name: text,
        dns: field(
          (value): value is string => isString(value) && DNS_NAME_PATTERN.test(value),
          'a DNS name',
        ),
        delegator_userid: userIdString,
      }),
    ),
  }),
  v.transform((raw): DelegatedVault[] =>
    raw.delegated_vaults.map((entry) => ({
      id: entry.id,
      name: entry.name,
      dns: entry.dns,
      delegatorUserId: entry.delegator_userid,
    })),
  ),
);

const delegatedSession = v.pipe(
  v.object({ delegated_sessionid: sessionId }),
  v.transform((raw): DelegatedSession => ({ delegatedSessionId: raw.delegated_sessionid })),
);

const generic = v.pipe(
  v.object({}),
  v.transform((): undefined => undefined),
);

const body = v.pipe(objectLike, v.transform(ownFields));

/**
 * The valibot schemas of the successful (`SUCCESS`/`WARNING`) answers, each turning the
 * wire shape into the kit's camelCase result. Unknown fields are ignored; a missing or
 * ill-typed field fails the whole answer, so no partial session can come out of it.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * const result = v.safeParse(responseSchemas.auth, body);
 * if (result.success) use(result.output.sessionId);
 * ```
 */
export const responseSchemas = {
  apiVersions: apiVersions as v.GenericSchema<unknown, ApiVersions>,
  auth: auth as v.GenericSchema<unknown, AuthResult>,
  discovery: discovery as v.GenericSchema<unknown, DiscoveryResult>,
  delegations: delegations as v.GenericSchema<unknown, DelegatedVault[]>,
  delegatedSession: delegatedSession as v.GenericSchema<unknown, DelegatedSession>,
  generic: generic as v.GenericSchema<unknown, undefined>,
  body: body as v.GenericSchema<unknown, Record<string, unknown>>,
} as const;

function compareVersions(a: string, b: string): number {
  const [, aMajor = '0', aMinor = '0'] = VERSION_PATTERN.exec(a) ?? [];
  const [, bMajor = '0', bMinor = '0'] = VERSION_PATTERN.exec(b) ?? [];
  return Number(aMajor) - Number(bMajor) || Number(aMinor) - Number(bMinor);
}
