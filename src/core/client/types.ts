import type { SessionReference } from './SessionReference';

/**
 * Settings of {@link createVaultClient}: `baseUrl`, or `vaultUrl` with `authUrl`.
 *
 * @example
 * ```ts
 * // One vault behind one URL:
 * const single: VaultClientConfig = { baseUrl: 'https://promomats.sunrise.example' };
 * // Many vaults, through the kit's same-origin proxy:
 * const config: VaultClientConfig = {
 *   authUrl: '',
 *   vaultUrl: '/vault/{dns}',
 *   vaultDns: 'promomats.sunrise.example',
 *   clientId: 'sunrise-docs-portal',
 * };
 * ```
 */
export interface VaultClientConfig {
  /**
   * One vault's address (`{base_url}`), an absolute URL or a same-origin path such as
   * `''` or `/vault` when a proxy forwards to the service. `/api/...` is appended. Without
   * `vaultUrl` every call goes here; with it, only the calls that name no vault (API
   * versions, a password login without `vaultDns`). Required unless `vaultUrl` is set.
   */
  baseUrl?: string;
  /**
   * How to reach a vault by its host, for deployments with more than one vault: a template
   * holding `{dns}` once, or a function of the host. `"https://{dns}"` calls vaults
   * directly (Node, or any runtime without CORS); `"/vault/{dns}"` goes through the kit's
   * same-origin proxy (`vault-session-kit/proxy`). Every call made with a session then goes
   * to the vault that session belongs to, and a password login with a `vaultDns` to that
   * vault. Without it, everything goes to `baseUrl`.
   */
  vaultUrl?: string | ((dns: string) => string);
  /**
   * The shared login host (`{auth_url}`) for discovery and the OAuth session call.
   * Defaults to `baseUrl`, which is right when one proxy serves both; required when there
   * is no `baseUrl`.
   */
  authUrl?: string;
  /** API version path segment. Default `v26.1`. */
  apiVersion?: string;
  /**
   * The application's client ID: sent as `X-VaultAPI-ClientID` on every call and as
   * `client_id` with discovery and the OAuth session call. Letters, digits, `.`, `_`,
   * `-`, at most 100 characters.
   */
  clientId?: string;
  /** User name at the identity provider when it differs from the vault user name. */
  idpUserName?: string;
  /** `scope` of the headless token request at the identity provider. Default `openid`. */
  idpOAuthScope?: string;
  /**
   * After a login that names a vault (`vaultDns` here or on the call), check that the
   * service put the session in that vault; when auth defaulting put it in another one, end
   * that session and reject with `VaultDnsMismatchError` (`LoginForm` names the vault the
   * account is in). Default `true`. `false` accepts the session in whichever of the user's
   * vaults it landed (`result.vault` says which; `ActingAsBanner` tells the user); a login
   * that names no vault is never checked.
   */
  validateDns?: boolean;
  /** Vault DNS to sign in to when a login call names none (variant B of the spec). */
  vaultDns?: string;
  /** Per-call timeout in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /** The `fetch` to use. Default `globalThis.fetch`, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * Who holds the session credential. `'token'` (default): the page holds the session ID
   * and sends it as `Authorization`. `'proxy'` (backend-for-frontend mode): the kit's proxy
   * keeps the session ID in an `HttpOnly` cookie and the page never sees it; the client
   * sends no `Authorization` of its own, sends `X-Vault-Kit: 1` on every call (the proxy's
   * CSRF check) and `X-Vault-Session: delegated` for calls of a delegated session, and
   * sends cookies (same origin). Wherever the kit's API says "session ID", it then holds
   * a session handle, `own:<sessionTag>` or `delegated:<sessionTag>`, which is no
   * credential. Needs the proxy with `session: { secrets }`.
   *
   * @example
   * ```ts
   * const client = createVaultClient({ authUrl: '', vaultUrl: '/vault/{dns}', credentials: 'proxy' });
   * ```
   */
  credentials?: 'token' | 'proxy';
  /**
   * With `credentials: 'proxy'`: the proxy's session route (who-am-I). Default
   * `{authUrl}/vault-session`, the proxy's default `session.path`.
   */
  proxySessionUrl?: string;
}

/**
 * Per-call options accepted by every client method.
 *
 * @example
 * ```ts
 * const options: RequestOptions = { timeoutMs: 5_000, signal: controller.signal };
 * const { latest } = await client.getApiVersions(options); // e.g. 'v26.2'
 * ```
 */
export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * The vault the call goes to, by host: for a call made with a session, the vault that
   * session belongs to. Used with `vaultUrl`; without `vaultUrl` every call goes to
   * `baseUrl` and this is ignored. The session layer fills it in for its own calls.
   */
  vaultDns?: string | undefined;
}

/**
 * A vault the signed-in user belongs to.
 *
 * @example
 * ```ts
 * const v: VaultInfo = { id: 1001, name: 'Sunrise PromoMats', url: 'https://promomats.sunrise.example/api', dns: 'promomats.sunrise.example' };
 * ```
 */
export interface VaultInfo {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  /** Host name taken from `url`. */
  readonly dns: string;
}

/**
 * The result of a password or OAuth login.
 *
 * @example
 * ```ts
 * const { session, vaultId } = await client.login({ username, password });
 * ```
 */
export interface AuthResult {
  /**
   * The session: its ID in token mode; with `credentials: 'proxy'`, the proxy's own cookie
   * and the session's tag (the proxy keeps the ID).
   */
  readonly session: SessionReference;
  /** With `credentials: 'proxy'`: the proxy's 48-hour deadline of the session (epoch ms). */
  readonly sessionDeadline?: number | undefined;
  readonly userId: string;
  readonly vaultId: number;
  readonly vaults: readonly VaultInfo[];
  /** The vault the session is in (the entry of `vaults` whose id is `vaultId`), if listed. */
  readonly vault: VaultInfo | undefined;
  /**
   * `'sso'` when the next session can be opened without a form, through single sign-on: the
   * proxy holds a refresh token the identity provider granted (`credentials: 'proxy'`), or
   * the page can sign in silently (`sso.silentRedirectUri`, token mode).
   */
  readonly renewal?: 'sso' | undefined;
}

/**
 * One OAuth 2.0 / OpenID Connect profile offered by discovery.
 *
 * @example
 * ```ts
 * const tokenEndpoint = profile.asMetadata.tokenEndpoint;
 * ```
 */
export interface AuthProfile {
  readonly id: string;
  readonly label: string;
  readonly description: string | undefined;
  readonly vaultSessionEndpoint: string | undefined;
  /** Client ID at the authorization server, when the service maps one to `clientId`. */
  readonly asClientId: string | undefined;
  readonly asMetadata: AuthServerMetadata;
}

/**
 * The authorization server's metadata as discovery relays it.
 *
 * @example
 * ```ts
 * const { issuer, authorizationEndpoint } = profile.asMetadata;
 * ```
 */
export interface AuthServerMetadata {
  readonly issuer: string | undefined;
  readonly authorizationEndpoint: string | undefined;
  readonly tokenEndpoint: string;
  readonly endSessionEndpoint: string | undefined;
  readonly jwksUri: string | undefined;
  readonly scopesSupported: readonly string[] | undefined;
  /** The raw object, for fields the kit does not name. */
  readonly raw: Readonly<Record<string, unknown>>;
}

/**
 * How a user signs in: `password`, or `sso` with the profiles to choose from (a SAML-only
 * setup answers `sso` with no profiles).
 *
 * @example
 * ```ts
 * const discovery = await client.discover({ username: 'sam@harbor.example' });
 * if (discovery.authType === 'sso') {
 *   discovery.profiles.map((choice) => choice.label); // e.g. ['Harbor SSO']
 * }
 * ```
 */
export type DiscoveryResult =
  | { readonly authType: 'password'; readonly profiles: readonly [] }
  | { readonly authType: 'sso'; readonly profiles: readonly AuthProfile[] };

/**
 * API versions an instance supports, oldest first.
 *
 * @example
 * ```ts
 * const { versions, latest } = await client.getApiVersions();
 * ```
 */
export interface ApiVersions {
  readonly versions: readonly { readonly version: string; readonly url: string }[];
  /** The newest listed version; the service notes that the last one may be a beta. */
  readonly latest: string | undefined;
}

/**
 * A vault in which the caller may act on behalf of another user.
 *
 * @example
 * ```ts
 * const d: DelegatedVault = { id: 1002, name: 'Sunrise QualityDocs', dns: 'quality.sunrise.example', delegatorUserId: '2002' };
 * ```
 */
export interface DelegatedVault {
  readonly id: number;
  readonly name: string;
  readonly dns: string;
  readonly delegatorUserId: string;
}

/**
 * A delegated session.
 *
 * @example
 * ```ts
 * const { session: own, vault } = await client.login({ username, password });
 * const delegated = await client.loginDelegated(
 *   own,
 *   { vaultId: 1002, delegatorUserId: '61002' },
 *   { vaultDns: vault?.dns },
 * );
 * // The delegated session's calls go to the delegator's vault:
 * await client.keepAlive(delegated.session, { vaultDns: 'quality.sunrise.example' });
 * ```
 */
export interface DelegatedSession {
  /**
   * The delegated session: its ID in token mode; with `credentials: 'proxy'`, the proxy's
   * delegated cookie and the session's tag.
   */
  readonly session: SessionReference;
  /** With `credentials: 'proxy'`: the proxy's 48-hour deadline of the session (epoch ms). */
  readonly sessionDeadline?: number | undefined;
}

/**
 * One session the kit's proxy holds in a cookie, as its session route describes it: never
 * the session ID.
 *
 * @example
 * ```ts
 * const info: ProxySessionInfo = {
 *   sessionTag: 'q0VbGZ3rUj5pXn9M2a7LkQ', vaultDns: 'promomats.sunrise.example',
 *   userId: '61001', vaultId: 1001, createdAt: 0, deadline: 172_800_000,
 * };
 * ```
 */
export interface ProxySessionInfo {
  readonly sessionTag: string;
  readonly vaultDns: string;
  readonly userId: string;
  readonly vaultId: number;
  /** Epoch ms (the proxy's clock) at which the session was sealed. */
  readonly createdAt: number;
  /** Epoch ms (the proxy's clock) of the 48-hour cap. */
  readonly deadline: number;
  /** `'sso'`: at the cap the proxy can open a new session without a form (single sign-on). */
  readonly renewal?: 'sso' | undefined;
  /**
   * The user's vaults as the login answer named them (own session only), when the proxy
   * kept them: what a tab that learns of the session from the proxy alone shows.
   */
  readonly vaults?: readonly VaultInfo[] | undefined;
}

/**
 * What the proxy's session route (`GET /vault-session`) says this browser holds.
 *
 * @example
 * ```ts
 * const { own, delegated } = await client.getProxySessions();
 * if (own) console.log(`signed in until ${new Date(own.deadline).toISOString()}`);
 * ```
 */
export interface ProxySessions {
  readonly own: ProxySessionInfo | null;
  readonly delegated: ProxySessionInfo | null;
}

/**
 * The typed client for the eight calls of the service. Stateless: the session is passed to
 * each call that needs one, so the session layer alone owns it.
 *
 * @example
 * ```ts
 * const client = createVaultClient({ baseUrl: '' });
 * const { session } = await client.login({ username: 'olivia@sunrise.example', password });
 * await client.keepAlive(session);
 * await client.endSession(session);
 * ```
 */
export interface VaultClient {
  /** The settings in force, with defaults filled in. */
  readonly config: Readonly<ResolvedVaultClientConfig>;
  /** 1. `GET {base}/api`. */
  getApiVersions(options?: RequestOptions): Promise<ApiVersions>;
  /** 2. `POST {base}/api/{v}/auth` with the password exactly as given. */
  login(
    credentials: { username: string; password: string; vaultDns?: string | undefined },
    options?: RequestOptions,
  ): Promise<AuthResult>;
  /** 3. `POST {auth}/auth/oauth/session/{profileId}` with the IdP access token. */
  loginWithAccessToken(
    input: { profileId: string; accessToken: string; vaultDns?: string | undefined },
    options?: RequestOptions,
  ): Promise<AuthResult>;
  /** 4. `POST {auth}/auth/discovery`. */
  discover(input: { username: string }, options?: RequestOptions): Promise<DiscoveryResult>;
  /** 5. `POST {base}/api/{v}/keep-alive`. */
  keepAlive(session: SessionReference, options?: RequestOptions): Promise<void>;
  /** 6. `GET {base}/api/{v}/delegation/vaults`. */
  getDelegations(session: SessionReference, options?: RequestOptions): Promise<DelegatedVault[]>;
  /** 7. `POST {base}/api/{v}/delegation/login`. */
  loginDelegated(
    session: SessionReference,
    input: { vaultId: number; delegatorUserId: string },
    options?: RequestOptions,
  ): Promise<DelegatedSession>;
  /** 8. `DELETE {base}/api/{v}/session`. */
  endSession(session: SessionReference, options?: RequestOptions): Promise<void>;
  /**
   * Any other call of the service's REST API, made with a session: `path` is relative to
   * `{base}/api/{v}` (e.g. `/objects/users/me`). The answer rules of the eight calls apply
   * (HTTP 200, JSON, `FAILURE` -> {@link VaultApiError}); the successful body comes back
   * as the service sent it.
   */
  request<T extends Record<string, unknown> = Record<string, unknown>>(
    session: SessionReference,
    path: string,
    init?: VaultRequestInit,
    options?: RequestOptions,
  ): Promise<T>;
  /**
   * Calls `listener` after every call made with a session that the service answered
   * with success (keep-alive, delegations, delegated login, `request`): proof that the
   * session was alive and that its idle timeout started again. Returns the unsubscribe
   * function. The session layer uses it so that an app's own calls keep counting while
   * only the keep-alive call fails.
   */
  onSessionConfirmed(listener: (session: SessionReference) => void): () => void;
  /**
   * With `credentials: 'proxy'`: `GET` the proxy's session route, which says which
   * sessions this browser holds (own, delegated) without revealing their IDs. Throws
   * {@link VaultConfigError} in token mode.
   */
  getProxySessions(options?: RequestOptions): Promise<ProxySessions>;
  /**
   * With `credentials: 'proxy'`: `DELETE` the proxy's session route, which clears both
   * cookies and ends their sessions at their vaults in the background. A session a vault's
   * web tab lent the app is left alive at its vault, since the vault window around the app
   * still uses it, unless `endLent` is `true` (the user chose to sign out of the vault too).
   * Throws {@link VaultConfigError} in token mode.
   */
  clearProxySessions(options?: RequestOptions & { readonly endLent?: boolean }): Promise<void>;
  /**
   * With `credentials: 'proxy'`: `POST` the proxy's single sign-on route
   * (`{proxySessionUrl}/sso`), which asks discovery for the profile, keeps the sign-in's
   * secrets in a sealed cookie and resolves with the identity provider's authorization URL
   * to send the browser to. The provider returns to the proxy, which opens the session, so
   * the page never holds a token. Throws {@link VaultConfigError} in token mode.
   */
  startProxySso(
    input: {
      profileId: string;
      username: string;
      vaultDns?: string | undefined;
      /** Same-origin path the proxy sends the browser back to. */
      returnTo?: string | undefined;
      /** `scope` at the identity provider. Default the client's `idpOAuthScope`. */
      scope?: string | undefined;
    },
    options?: RequestOptions,
  ): Promise<string>;
  /**
   * With `credentials: 'proxy'`: `POST` the proxy's single sign-on renewal route
   * (`{proxySessionUrl}/sso/renew`), which opens a new vault session for the signed-in
   * single sign-on user without a form (with the refresh token it keeps sealed) and ends the
   * old one. Resolves as a login does; rejects with the service-shaped `VaultError`
   * `SSO_RENEWAL_REFUSED` when the identity provider no longer allows it.
   */
  renewProxySso(options?: RequestOptions): Promise<AuthResult>;
}

/**
 * Method, query and form body of {@link VaultClient.request}.
 *
 * @example
 * ```ts
 * const init: VaultRequestInit = { method: 'POST', form: { name__v: 'Report' } };
 * ```
 */
export interface VaultRequestInit {
  /** Default `GET`. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters; never put a session ID here. */
  query?: Readonly<Record<string, string>>;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: Readonly<Record<string, string>> | URLSearchParams;
}

/**
 * {@link VaultClientConfig} with every default applied.
 *
 * @example
 * ```ts
 * client.config.apiVersion; // 'v26.1'
 * ```
 */
export interface ResolvedVaultClientConfig {
  readonly baseUrl: string | undefined;
  readonly authUrl: string;
  /** The vault route, as a function of the host; `undefined` when every call goes to `baseUrl`. */
  readonly vaultUrl: ((dns: string) => string) | undefined;
  readonly apiVersion: string;
  readonly clientId: string | undefined;
  readonly idpUserName: string | undefined;
  readonly idpOAuthScope: string;
  readonly validateDns: boolean;
  readonly vaultDns: string | undefined;
  readonly timeoutMs: number;
  /** Who holds the session credential: the page (`token`) or the kit's proxy (`proxy`). */
  readonly credentials: 'token' | 'proxy';
  /** The proxy's session route; `undefined` in token mode. */
  readonly proxySessionUrl: string | undefined;
  /** The app's own `fetch`; `undefined` for `globalThis.fetch`, looked up at call time. */
  readonly fetch: typeof fetch | undefined;
}
