import type { AuthProfile, AuthResult, RequestOptions, VaultClient } from '../client/types';
import { VaultConfigError } from '../errors';
import { requestPasswordGrant } from './requestPasswordGrant';

/**
 * What an {@link AcquireAccessToken} function is told about the sign-in in progress.
 *
 * @example
 * ```ts
 * // A token endpoint of the app's own, asked with what the user typed.
 * async function fromOwnEndpoint(context: AcquireAccessTokenContext): Promise<string> {
 *   const answer = await fetch('/idp/token', {
 *     method: 'POST',
 *     body: new URLSearchParams({ username: context.idpUserName, password: context.password, scope: context.scope }),
 *     signal: context.signal ?? null,
 *   });
 *   return ((await answer.json()) as { access_token: string }).access_token;
 * }
 * ```
 */
export interface AcquireAccessTokenContext {
  /** The vault user name the flow started with. */
  readonly username: string;
  /** The user name at the identity provider: `config.idpUserName`, else `username`. */
  readonly idpUserName: string;
  readonly password: string;
  /** `config.idpOAuthScope` (default `openid`). */
  readonly scope: string;
  /** Client ID at the authorization server: `profile.asClientId`, else `config.clientId`. */
  readonly clientId: string | undefined;
  readonly vaultDns: string | undefined;
  readonly signal: AbortSignal | undefined;
}

/**
 * Obtains an access token for an SSO profile. The headless default is the password grant
 * at the profile's token endpoint; a browser passes a function that runs the OIDC
 * redirect instead.
 *
 * @example
 * ```ts
 * // A service account's token, kept by a script that signs in without a person.
 * const fromEnvironment: AcquireAccessToken = async (profile, { username }) => {
 *   const token = process.env[`TOKEN_${profile.id.toUpperCase()}`];
 *   if (token === undefined) throw new Error(`No token for ${username} at ${profile.label}.`);
 *   return token;
 * };
 * await loginWithDiscovery(client, { username, password: '' }, { acquireAccessToken: fromEnvironment });
 * ```
 */
export type AcquireAccessToken = (
  profile: AuthProfile,
  context: AcquireAccessTokenContext,
) => Promise<string>;

/**
 * Options of {@link loginWithDiscovery}.
 *
 * @example
 * ```ts
 * const options: LoginWithDiscoveryOptions = { profileId: 'harbor-oidc', timeoutMs: 10_000 };
 * ```
 */
export interface LoginWithDiscoveryOptions extends RequestOptions {
  /** The SSO profile to use when discovery offers several. Default: the first. */
  profileId?: string;
  /** Replaces the headless password grant, e.g. with a browser redirect. */
  acquireAccessToken?: AcquireAccessToken;
  /** `client_secret` for the password grant of a confidential client. */
  clientSecret?: string;
  /** `fetch` for the password grant. Default `globalThis.fetch`, looked up at call time. */
  fetch?: typeof fetch;
}

/**
 * The outcome of {@link loginWithDiscovery}: the session, and the route that produced it
 * (`password`, or `sso` with the profile used).
 *
 * @example
 * ```ts
 * const outcome = await loginWithDiscovery(client, { username, password });
 * if (outcome.route === 'sso') console.info('signed in through', outcome.profileId);
 * ```
 */
export type LoginWithDiscoveryResult =
  | { readonly route: 'password'; readonly result: AuthResult }
  | { readonly route: 'sso'; readonly profileId: string; readonly result: AuthResult };

/**
 * The combined sign-in of the interface (its section 4.10): discovery for the user, then
 * the password login for `password` users, or for `sso` users an access token from the
 * chosen profile's identity provider exchanged for a session at the OAuth login.
 *
 * Without `acquireAccessToken` the token comes from the OAuth 2.0 password grant at
 * `profile.asMetadata.tokenEndpoint` with `username` = `config.idpUserName` ?? the vault
 * user name, the same password, `client_id` = `profile.asClientId` ?? `config.clientId` and
 * `scope` = `config.idpOAuthScope`. The token is passed on once and never kept.
 *
 * An `sso` answer without OAuth profiles (a SAML setup) rejects with
 * {@link VaultConfigError}: that sign-in needs the browser. All other failures are the
 * client's and the grant's typed errors, unchanged.
 *
 * @example
 * ```ts
 * const client = createVaultClient({ baseUrl: 'https://promomats.sunrise.example' });
 * const { route, result } = await loginWithDiscovery(client, {
 *   username: 'olivia@sunrise.example',
 *   password,
 *   vaultDns: 'promomats.sunrise.example',
 * });
 * ```
 */
export async function loginWithDiscovery(
  client: VaultClient,
  input: { username: string; password: string; vaultDns?: string | undefined },
  options: LoginWithDiscoveryOptions = {},
): Promise<LoginWithDiscoveryResult> {
  const { username, password, vaultDns } = input;
  const requestOptions: RequestOptions = {};
  if (options.signal !== undefined) requestOptions.signal = options.signal;
  if (options.timeoutMs !== undefined) requestOptions.timeoutMs = options.timeoutMs;

  const discovery = await client.discover({ username }, requestOptions);
  if (discovery.authType === 'password') {
    const result = await client.login({ username, password, vaultDns }, requestOptions);
    return { route: 'password', result };
  }

  const profile = pickProfile(discovery.profiles, options.profileId);
  const { config } = client;
  const context: AcquireAccessTokenContext = {
    username,
    idpUserName: config.idpUserName ?? username,
    password,
    scope: config.idpOAuthScope,
    clientId: profile.asClientId ?? config.clientId,
    vaultDns,
    signal: options.signal,
  };
  const acquire = options.acquireAccessToken ?? passwordGrantAcquirer(options, config.timeoutMs);
  // Kept in this frame only: handed to the OAuth login once, then unreachable.
  const accessToken = await acquire(profile, context);
  const result = await client.loginWithAccessToken(
    { profileId: profile.id, accessToken, vaultDns },
    requestOptions,
  );
  return { route: 'sso', profileId: profile.id, result };
}

function pickProfile(profiles: readonly AuthProfile[], profileId: string | undefined): AuthProfile {
  if (profiles.length === 0) {
    throw new VaultConfigError(
      'Single sign-on for this user offers no OAuth/OpenID Connect profile (a SAML set-up): it needs the browser sign-in and cannot be completed with a user name and password here.',
    );
  }
  if (profileId === undefined) return profiles[0] as AuthProfile;
  const chosen = profiles.find((profile) => profile.id === profileId);
  if (chosen === undefined) {
    throw new VaultConfigError(`Discovery offers no single sign-on profile "${profileId}".`);
  }
  return chosen;
}

function passwordGrantAcquirer(
  options: LoginWithDiscoveryOptions,
  defaultTimeoutMs: number,
): AcquireAccessToken {
  return async (profile, context) => {
    if (context.clientId === undefined) {
      throw new VaultConfigError(
        `Profile "${profile.id}" names no client ID at its identity provider; set clientId.`,
      );
    }
    return requestPasswordGrant(
      {
        tokenEndpoint: profile.asMetadata.tokenEndpoint,
        username: context.idpUserName,
        password: context.password,
        clientId: context.clientId,
        scope: context.scope,
        clientSecret: options.clientSecret,
      },
      {
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
        fetch: options.fetch,
      },
    );
  };
}
