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

const VERSION_PATTERN = /^v(\d+)\.(\d+)$/;
const USER_ID_PATTERN = /^[A-Za-z0-9._@-]{1,128}$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const httpUrl = v.pipe(v.string(), v.check(isHttpUrl, 'an absolute http(s) URL'));
const optionalText = v.nullish(v.string());
const optionalUrl = v.nullish(httpUrl);

const sessionId = v.pipe(
  v.string(),
  v.check((value: string) => isValidSessionId(value), 'a well-formed session ID'),
);

// The service sends numeric IDs as JSON numbers; a digit string is the same ID.
const integerId = v.union([
  v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)),
]);

// `userId` is a number on the wire and `delegator_userid` a string; both are kept as strings.
const userIdString = v.union([
  v.pipe(v.string(), v.regex(USER_ID_PATTERN)),
  v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.transform(String)),
]);

const vaultInfo = v.pipe(
  v.object({ id: integerId, name: v.string(), url: httpUrl }),
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

const authProfile = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
    label: v.string(),
    description: optionalText,
    vault_session_endpoint: optionalUrl,
    as_client_id: v.nullish(v.pipe(v.string(), v.minLength(1))),
    as_metadata: v.looseObject({
      token_endpoint: httpUrl,
      issuer: optionalText,
      authorization_endpoint: optionalUrl,
      end_session_endpoint: optionalUrl,
      jwks_uri: optionalUrl,
      scopes_supported: v.nullish(v.array(v.string())),
    }),
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
        raw: Object.freeze({ ...raw.as_metadata }),
      },
    }),
  ),
);

// `auth_type` is a closed set: an unknown value must fail, never fall back to password.
const discovery = v.pipe(
  v.object({
    data: v.object({
      auth_type: v.picklist(['password', 'sso']),
      auth_profiles: v.nullish(v.array(authProfile)),
    }),
  }),
  v.transform(
    (raw): DiscoveryResult =>
      raw.data.auth_type === 'password'
        ? { authType: 'password', profiles: [] }
        : { authType: 'sso', profiles: raw.data.auth_profiles ?? [] },
  ),
);

const apiVersions = v.pipe(
  v.object({ values: v.record(v.pipe(v.string(), v.regex(VERSION_PATTERN)), httpUrl) }),
  v.transform((raw): ApiVersions => {
    const versions = Object.entries(raw.values)
      .map(([version, url]) => ({ version, url }))
      .sort((a, b) => compareVersions(a.version, b.version));
    return { versions, latest: versions.at(-1)?.version };
  }),
);

const delegations = v.pipe(
  v.object({
    delegated_vaults: v.array(
      v.object({
        id: integerId,
        name: v.string(),
        dns: v.pipe(v.string(), v.regex(DNS_NAME_PATTERN)),
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
  body: v.looseObject({}) as v.GenericSchema<unknown, Record<string, unknown>>,
} as const;

function compareVersions(a: string, b: string): number {
  const [, aMajor = '0', aMinor = '0'] = VERSION_PATTERN.exec(a) ?? [];
  const [, bMajor = '0', bMinor = '0'] = VERSION_PATTERN.exec(b) ?? [];
  return Number(aMajor) - Number(bMajor) || Number(aMinor) - Number(bMinor);
}
