/// <reference types="node" />
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AccessToken,
  ClientCredentials,
  ClientMetadata,
  Configuration,
  Grant,
  JWK,
  KoaContextWithOIDC,
  RefreshToken,
} from 'oidc-provider';
import { Provider } from 'oidc-provider';
import { createDevInteractionRoutes } from './oidc/createDevInteractionRoutes';
import { createDevOidcAdapter } from './oidc/createDevOidcAdapter';
import {
  createDevUserDirectory,
  DEFAULT_DEV_OIDC_USERS,
  type DevOidcUser,
} from './oidc/createDevUserDirectory';
import {
  createPasswordGrantHandler,
  PASSWORD_GRANT_PARAMETERS,
  type PasswordGrantParams,
} from './oidc/createPasswordGrantHandler';
import { devOidcPageHeaders, html, renderDevMessagePage } from './oidc/renderDevOidcPage';

export type { DevOidcUser } from './oidc/createDevUserDirectory';
export { DEFAULT_DEV_OIDC_USERS } from './oidc/createDevUserDirectory';

/**
 * Client ID of the demo application: a public client (no secret) that uses the authorization
 * code flow with PKCE in the browser and the password grant headlessly.
 */
export const DEV_OIDC_DEMO_CLIENT_ID = 'vault-session-kit-demo';

/**
 * The confidential client the vault emulator authenticates as (HTTP Basic) when it introspects
 * access tokens. The secret is a published development value, not a credential.
 */
export const DEV_OIDC_INTROSPECTION_CLIENT = {
  clientId: 'vault-emulator',
  clientSecret: 'vault-emulator-dev-secret',
} as const;

/** Path prefix under which the provider is mounted on the dev server's origin. */
export const DEV_OIDC_MOUNT_PATH = '/oidc';

/**
 * Lifetimes in seconds.
 */
export interface DevOidcTtl {
  /** Access tokens; default 600 (10 minutes). */
  readonly accessToken?: number | undefined;
  /** Authorization codes; default 60. */
  readonly authorizationCode?: number | undefined;
  /** ID tokens; default 600. */
  readonly idToken?: number | undefined;
  /** A pending login (the login page); default 600. */
  readonly interaction?: number | undefined;
  /** The provider's own sign-in session and the grants under it; default 3600. */
  readonly session?: number | undefined;
}

/**
 * Options of {@link createDevOidcProvider}.
 */
export interface DevOidcProviderOptions {
  /**
   * The issuer identifier; its path is the mount path (`http://localhost:5173/oidc` serves every
   * endpoint under `/oidc`). Must be the origin browsers and clients really use.
   */
  readonly issuer: string;
  /** Redirect URIs of the demo client, matched exactly. */
  readonly redirectUris: readonly string[];
  /**
   * Those of {@link redirectUris} served by a back end that keeps tokens out of the page (the
   * kit's proxy in BFF mode): a code exchanged for one of them also brings a refresh token,
   * which lives no longer than the provider's sign-in session and the user's consent. A code
   * for any other redirect URI (a page's) never does.
   */
  readonly backEndRedirectUris?: readonly string[] | undefined;
  /** Where RP-initiated logout may return to. */
  readonly postLogoutRedirectUris?: readonly string[] | undefined;
  /** Development users; default {@link DEFAULT_DEV_OIDC_USERS} (`sam` / `Harbor-Demo-1`). */
  readonly users?: readonly DevOidcUser[] | undefined;
  /** Credentials of the introspecting client; default {@link DEV_OIDC_INTROSPECTION_CLIENT}. */
  readonly introspectionClient?:
    | { readonly clientId?: string | undefined; readonly clientSecret?: string | undefined }
    | undefined;
  readonly ttl?: DevOidcTtl | undefined;
  /**
   * Receives the startup warning and server-side error summaries (never tokens or credentials).
   * Default `console.warn`.
   */
  readonly log?: ((message: string) => void) | undefined;
}

/**
 * Absolute URLs of the provider's endpoints.
 *
 * @example
 * ```ts
 * const { oidc } = await createVaultDevStack({ origin: 'http://127.0.0.1:5173' });
 * oidc?.endpoints.discovery; // 'http://127.0.0.1:5173/oidc/.well-known/openid-configuration'
 * ```
 */
export interface DevOidcEndpoints {
  readonly discovery: string;
  readonly authorization: string;
  readonly token: string;
  readonly introspection: string;
  readonly userinfo: string;
  readonly jwks: string;
  readonly endSession: string;
  /** RFC 7009: where a back end hands back a refresh token it lets go of. */
  readonly revocation: string;
}

/**
 * A node-style request handler with connect's optional `next`.
 *
 * @example
 * ```ts
 * const middleware: NodeMiddleware = (req, res, next) => (next ? next() : res.end());
 * ```
 */
export type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * A running development OpenID Provider (not started on any port: mount {@link callback} or
 * {@link middleware} into an HTTP server).
 *
 * @example
 * A test of what the user sees when their consent at the provider is gone:
 * ```ts
 * const { oidc } = await createVaultDevStack({ origin: 'http://127.0.0.1:5173' });
 * // After Sam signed in through single sign-on: his next renewal is refused.
 * await oidc?.withdrawConsent('sam'); // 1, the grants that ended
 * ```
 */
export interface DevOidcProvider {
  /** The underlying oidc-provider instance (a Koa application). */
  readonly provider: Provider;
  readonly issuer: string;
  /** The issuer's path without a trailing slash (`/oidc`), or `''` for an issuer at the root. */
  readonly mountPath: string;
  readonly endpoints: DevOidcEndpoints;
  readonly clients: {
    readonly demo: { readonly clientId: string };
    readonly introspection: { readonly clientId: string; readonly clientSecret: string };
  };
  /**
   * Handles a request for a path under {@link mountPath}. It reads the full path from
   * `req.originalUrl` (set by connect/express when mounted under a prefix) or `req.url`, so it
   * works mounted with or without a route prefix. Paths outside the mount path get 404.
   */
  readonly callback: (req: IncomingMessage, res: ServerResponse) => void;
  /** Connect-style: handles paths under {@link mountPath}, passes everything else to `next`. */
  readonly middleware: NodeMiddleware;
  /**
   * Withdraws the consent a user gave: every grant of the user (`sub`) ends, with the tokens
   * issued under it, so a refresh token is refused from then on, and a silent sign-in
   * (`prompt=none`) is answered with `consent_required` until the user signs in again.
   * Resolves with how many grants ended.
   */
  withdrawConsent(sub: string): Promise<number>;
  /**
   * Ends the user's (`sub`) sign-in sessions at the provider, as signing out there or the
   * session running out would: the tokens bound to them (refresh tokens without
   * `offline_access`) are refused from then on, and a sign-in needs the login page again
   * (`login_required` to `prompt=none`). Resolves with how many sessions ended.
   */
  endSessions(sub: string): Promise<number>;
  /** Forgets every session, code and token. */
  close(): Promise<void>;
}

const DEFAULT_TTL = {
  accessToken: 600,
  authorizationCode: 60,
  idToken: 600,
  interaction: 600,
  session: 3600,
} as const;

const SUPPORTED_SCOPES = ['openid', 'email', 'profile'] as const;

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)(\/abort)?$/;

interface RequestWithOriginalUrl extends IncomingMessage {
  originalUrl?: string;
}

/**
 * Creates the development OpenID Provider: a real, certified `oidc-provider` with the settings
 * the vault-session-kit demo and its tests need. **For development and tests only.** Its users
 * and client secret are published, its keys and storage live in memory, and it speaks plain
 * HTTP.
 *
 * - Authorization code flow, PKCE required (S256 only), exact redirect URI matching, consent
 *   granted automatically for the demo client; a plain server-rendered login page.
 * - `grant_type=password` for the headless sign-in.
 * - Opaque access tokens (10 minutes); refresh tokens only for codes exchanged by a back end
 *   (`backEndRedirectUris`), ending with the sign-in session, the consent
 *   (`withdrawConsent`, after which a silent sign-in, `prompt=none`, is answered with
 *   `consent_required` until the user signs in again) or RFC 7009 revocation; RFC 7662
 *   introspection for the
 *   `vault-emulator` client only.
 * - A fresh RS256 signing key and fresh cookie keys on every start; no network, no files.
 */
export function createDevOidcProvider(options: DevOidcProviderOptions): DevOidcProvider {
  const issuerUrl = new URL(options.issuer);
  const issuer = issuerUrl.href.replace(/\/$/, '');
  const mountPath = issuerUrl.pathname.replace(/\/+$/, '');
  if (options.redirectUris.length === 0) {
    throw new Error('createDevOidcProvider needs at least one redirect URI.');
  }
  const log = options.log ?? ((message: string) => console.warn(message));
  const ttl = { ...DEFAULT_TTL, ...definedOnly(options.ttl ?? {}) };
  const users = createDevUserDirectory(options.users ?? DEFAULT_DEV_OIDC_USERS);
  const demoClientId = DEV_OIDC_DEMO_CLIENT_ID;
  const introspector = {
    clientId: options.introspectionClient?.clientId ?? DEV_OIDC_INTROSPECTION_CLIENT.clientId,
    clientSecret:
      options.introspectionClient?.clientSecret ?? DEV_OIDC_INTROSPECTION_CLIENT.clientSecret,
  };
  // Origins of the demo app: where CORS calls come from and where login forms end up.
  const appOrigins = [...new Set(options.redirectUris.map((uri) => new URL(uri).origin))];
  const pageHeaders = devOidcPageHeaders(appOrigins);
  const storage = createDevOidcAdapter();
  const backEnd = new Set(options.backEndRedirectUris ?? []);
  // Users who withdrew their consent: no silent sign-in grants it again, a sign-in does.
  const withdrawn = new Set<string>();

  const clients: ClientMetadata[] = [
    {
      client_id: demoClientId,
      client_name: 'vault-session-kit demo',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'password', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [...options.redirectUris],
      post_logout_redirect_uris: [...(options.postLogoutRedirectUris ?? [])],
      scope: SUPPORTED_SCOPES.join(' '),
    },
    {
      client_id: introspector.clientId,
      client_secret: introspector.clientSecret,
      client_name: 'vault emulator (token introspection)',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: [],
      response_types: [],
      redirect_uris: [],
    },
  ];

  const configuration: Configuration = {
    adapter: storage.factory,
    clients,
    jwks: { keys: [createSigningKey()] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
    },
    findAccount: (_ctx, sub) => {
      const user = users.bySub(sub);
      if (!user) return undefined;
      return {
        accountId: user.sub,
        claims: () => ({
          sub: user.sub,
          email: user.email,
          email_verified: true,
          name: user.name,
        }),
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    scopes: ['openid'],
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'none'],
    // Public clients must always use PKCE; oidc-provider only implements S256.
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    // Refresh tokens go only to a back end (the kit's proxy), never to a page: the code must
    // have been issued for one of its redirect URIs. Without offline_access (not offered) the
    // token ends with the provider's sign-in session, as a real provider's would.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      'redirectUri' in code &&
      typeof code.redirectUri === 'string' &&
      backEnd.has(code.redirectUri),
    ttl: {
      AccessToken: ttl.accessToken,
      AuthorizationCode: ttl.authorizationCode,
      IdToken: ttl.idToken,
      Interaction: ttl.interaction,
      Session: ttl.session,
      Grant: ttl.session,
      // Bound to the sign-in session besides (no offline_access): never longer than it.
      RefreshToken: ttl.session,
    },
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    loadExistingGrant: (ctx) => loadOrGrantConsent(ctx, demoClientId, withdrawn),
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.set(pageHeaders);
      ctx.body = renderDevMessagePage({
        title: 'Sign-in could not continue',
        message: 'The request to the development identity provider was refused.',
        alert: true,
        details: html`<dl><dt>Error</dt><dd><code>${String(out.error)}</code></dd>${
          out.error_description === undefined
            ? undefined
            : html`<dt>Description</dt><dd>${String(out.error_description)}</dd>`
        }</dl><p>Return to the application and start again.</p>`,
      });
    },
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, _token: AccessToken | ClientCredentials | RefreshToken) =>
          client.clientId === introspector.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.set(pageHeaders);
          ctx.body = renderDevMessagePage({
            title: 'Sign out',
            message: 'Sign out of the development identity provider?',
            details: html`${{ html: form }}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`,
          });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.set(pageHeaders);
          ctx.body = renderDevMessagePage({
            title: 'Signed out',
            message: 'You are signed out of the development identity provider.',
          });
        },
      },
      // A back end that lets go of a refresh token hands it back (RFC 7009): the grant ends,
      // with every token issued under it.
      revocation: { enabled: true },
      // Tokens stay plain Bearer tokens and resource indicators are not offered: the vault
      // emulator accepts exactly what the real service's access-token login accepts.
      dPoP: { enabled: false },
      resourceIndicators: { enabled: false },
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.registerGrantType<PasswordGrantParams>(
    'password',
    createPasswordGrantHandler(provider, users, new Set(SUPPORTED_SCOPES)),
    PASSWORD_GRANT_PARAMETERS,
  );
  // RFC 7662 §2.1: the caller must authenticate. Only the introspection client (HTTP Basic) may
  // call, so anything without Basic credentials is answered 401 here rather than as a public
  // client or oidc-provider's 400 for a request with no client at all.
  const introspectionPath = provider.pathFor('introspection', { mountPath: '' });
  provider.use(async (ctx, next) => {
    if (
      ctx.method === 'POST' &&
      ctx.path === introspectionPath &&
      !/^basic\s/i.test(ctx.get('authorization'))
    ) {
      ctx.status = 401;
      ctx.set('www-authenticate', 'Basic realm="introspection"');
      ctx.set('cache-control', 'no-store');
      ctx.body = {
        error: 'invalid_client',
        error_description: 'client authentication with HTTP Basic is required',
      };
      return;
    }
    await next();
  });

  // Koa would print whole stack traces; keep a one-line summary that never includes request data.
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) =>
    log(`[dev OIDC provider] internal error: ${error.message}`),
  );
  // Koa's own 'error' event is missing from oidc-provider's typed overloads.
  (provider as unknown as NodeJS.EventEmitter).on('error', (error: Error) =>
    log(`[dev OIDC provider] ${error.message}`),
  );

  const handleProvider = provider.callback();
  const endpoints: DevOidcEndpoints = {
    discovery: `${issuer}/.well-known/openid-configuration`,
    authorization: provider.urlFor('authorization'),
    token: provider.urlFor('token'),
    introspection: provider.urlFor('introspection'),
    userinfo: provider.urlFor('userinfo'),
    jwks: provider.urlFor('jwks'),
    endSession: provider.urlFor('end_session'),
    revocation: provider.urlFor('revocation'),
  };

  const interactions = createDevInteractionRoutes({
    provider,
    users,
    mountPath,
    pageHeaders,
    log,
  });

  const pathUnderMount = (req: RequestWithOriginalUrl): string | undefined => {
    const full = req.originalUrl ?? req.url ?? '/';
    if (mountPath === '') return full;
    if (!full.startsWith(mountPath)) return undefined;
    const rest = full.slice(mountPath.length);
    if (rest === '') return '/';
    return rest.startsWith('/') || rest.startsWith('?') ? rest : undefined;
  };

  const dispatch = (req: RequestWithOriginalUrl, res: ServerResponse, rest: string): void => {
    // oidc-provider derives its mount path from originalUrl minus url (as under connect).
    req.originalUrl = req.originalUrl ?? req.url ?? '/';
    req.url = rest.startsWith('?') ? `/${rest}` : rest;
    const path = req.url.split('?', 1)[0] ?? '/';
    const match = INTERACTION_PATH.exec(path);
    if (match?.[1] !== undefined) {
      interactions.handle(req, res, match[1], match[2] !== undefined);
      return;
    }
    void handleProvider(req, res);
  };

  const callback = (req: IncomingMessage, res: ServerResponse): void => {
    const rest = pathUnderMount(req);
    if (rest === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    dispatch(req, res, rest);
  };

  const middleware: NodeMiddleware = (req, res, next) => {
    const rest = pathUnderMount(req);
    if (rest === undefined) {
      if (next) next();
      else res.writeHead(404).end();
      return;
    }
    dispatch(req, res, rest);
  };

  log(
    `[dev OIDC provider] ${issuer}: development identity provider with published test users. For development and tests only, never for production.`,
  );

  return {
    provider,
    issuer,
    mountPath,
    endpoints,
    clients: { demo: { clientId: demoClientId }, introspection: introspector },
    callback,
    middleware,
    withdrawConsent: async (sub) => {
      withdrawn.add(sub);
      return storage.withdrawGrants(sub);
    },
    endSessions: async (sub) => storage.endSessions(sub),
    close: async () => storage.clear(),
  };
}

/**
 * Options of {@link startDevOidcProvider}: those of {@link createDevOidcProvider} without the
 * issuer, which is derived from the bound address.
 */
export interface StartDevOidcProviderOptions extends Omit<DevOidcProviderOptions, 'issuer'> {
  /** Default 0 (a free port). */
  readonly port?: number | undefined;
  /** Default `127.0.0.1`. */
  readonly hostname?: string | undefined;
  /** Default {@link DEV_OIDC_MOUNT_PATH} (`/oidc`); `''` serves at the root. */
  readonly mountPath?: string | undefined;
}

/**
 * A development OpenID Provider listening on its own loopback port.
 */
export interface StartedDevOidcProvider {
  /** e.g. `http://127.0.0.1:41234/oidc`. */
  readonly issuer: string;
  /** Origin of the server, without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  readonly dev: DevOidcProvider;
  close(): Promise<void>;
}

/**
 * Starts a development OpenID Provider standalone over node:http (for tests and CLIs). The
 * issuer is `http://{hostname}:{port}{mountPath}`, known once the port is bound.
 */
export async function startDevOidcProvider(
  options: StartDevOidcProviderOptions,
): Promise<StartedDevOidcProvider> {
  const { port = 0, hostname = '127.0.0.1', mountPath = DEV_OIDC_MOUNT_PATH, ...rest } = options;
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  const url = `http://${host}:${bound}`;
  let dev: DevOidcProvider;
  try {
    dev = createDevOidcProvider({ ...rest, issuer: `${url}${mountPath}` });
  } catch (error) {
    server.close();
    throw error;
  }
  handle = dev.callback;
  return {
    issuer: dev.issuer,
    url,
    port: bound,
    dev,
    close: async () => {
      // Keep-alive sockets from fetch would hold close() open for seconds.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      await dev.close();
    },
  };
}

function createSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

/**
 * Consent is implicit for the demo client: its grant is extended with whatever OpenID scopes and
 * claims it requests, so the consent prompt never needs a page. Other clients keep the default
 * behaviour (grant from the interaction result or the session).
 */
async function loadOrGrantConsent(
  ctx: KoaContextWithOIDC,
  autoConsentClientId: string,
  withdrawn: Set<string>,
): Promise<Grant | undefined> {
  const { client, session, account, result, provider } = ctx.oidc;
  if (!client) return undefined;
  const grantId = result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
  const existing = grantId === undefined ? undefined : await provider.Grant.find(grantId);
  if (client.clientId !== autoConsentClientId || !account) return existing;
  if (withdrawn.has(account.accountId)) {
    // Consent comes back only with the user: a silent sign-in gets `consent_required`.
    if (ctx.oidc.prompts.has('none')) return existing;
    withdrawn.delete(account.accountId);
  }
  const grant =
    existing ?? new provider.Grant({ clientId: client.clientId, accountId: account.accountId });
  grant.addOIDCScope(ctx.oidc.requestParamOIDCScopes);
  grant.addOIDCClaims(ctx.oidc.requestParamClaims);
  await grant.save();
  return grant;
}
