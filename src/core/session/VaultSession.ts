import type { AuthProfile, RequestOptions, VaultClient, VaultRequestInit } from '../client/types';
import type { KeepAliveSnapshot } from '../keepAlive/KeepAlive';
import type { KeepAliveOptions } from '../keepAlive/KeepAliveOptions';
import type { SessionManager, SessionManagerOptions } from './SessionManager';
import type { SessionTimers } from './types';

/**
 * Settings of {@link createVaultSession}: the session manager's, plus the keep-alive's.
 *
 * @example
 * ```ts
 * const options: VaultSessionOptions = {
 *   client: createVaultClient({ baseUrl: '' }),
 *   storage: sessionStorageAdapter(),
 *   keepAlive: { intervalMs: 5 * 60_000, idleTimeoutMs: 30 * 60_000 },
 * };
 * ```
 */
export interface VaultSessionOptions extends Omit<SessionManagerOptions, 'client'> {
  client: VaultClient;
  /** Keep-alive settings, or `false` for none. Default: every 5 minutes while active. */
  keepAlive?: false | Omit<KeepAliveOptions, 'send' | 'deadline' | 'onSessionInvalid' | 'onResume'>;
  /** Single sign-on settings, read by the OIDC redirect and its callback. */
  sso?: VaultSsoSettings;
}

/**
 * Single sign-on settings of a {@link VaultSession}: plain data, read when an SSO user is
 * sent to the identity provider and when the provider's answer comes back.
 *
 * @example
 * ```ts
 * const sso: VaultSsoSettings = {
 *   redirectUri: 'https://docs.sunrise.example/sso/callback',
 *   clientId: 'sunrise-docs-portal',
 *   scope: 'openid',
 * };
 * ```
 */
export interface VaultSsoSettings {
  /**
   * Where the identity provider sends the browser back; registered with the provider and
   * matched exactly. Absolute, or a path on this origin. Default `{origin}/sso/callback`.
   */
  readonly redirectUri?: string;
  /**
   * Client ID at the identity provider when discovery names none for the profile
   * (`as_client_id`). Default: the client's `clientId`.
   */
  readonly clientId?: string;
  /** Scope asked of the identity provider. Default: the client's `idpOAuthScope` (`openid`). */
  readonly scope?: string;
  /**
   * Complete a sign-in when the page is loaded at the redirect URI with the provider's
   * answer. Default `true`; with `false` only a component calling `useSsoCallback()` does.
   */
  readonly handleCallback?: boolean;
  /**
   * Where the identity provider answers a silent sign-in (`prompt=none`, in a hidden frame):
   * a page on this origin, registered with the provider, that calls `completeSilentSso()`
   * from `vault-session-kit/sso` and nothing else. Absolute, or a path on this origin. Set,
   * an active single sign-on user crosses the session's 48-hour cap without a form while
   * the provider still knows them (`snapshot.renewal` is `'sso'`); left out, the cap leads
   * to the form as for everyone.
   */
  readonly silentRedirectUri?: string;
  /**
   * Loads the single sign-on code (and `oidc-client-ts` with it) when an SSO user first
   * needs it: `() => import('vault-session-kit/sso')`. The app writes the import, so its
   * bundler puts that code in a chunk of its own, and an app without single sign-on needs
   * neither the chunk nor `oidc-client-ts` installed. Without it, an SSO sign-in fails with
   * a `VaultConfigError` that says what to add.
   */
  readonly load?: () => Promise<VaultSsoModule>;
}

/**
 * What `vault-session-kit/sso` provides to the session: the redirect to the identity
 * provider and the handling of its answer. Described here by shape, so that the types of
 * an app without single sign-on never reach for `oidc-client-ts`.
 *
 * @example
 * ```ts
 * const load = (): Promise<VaultSsoModule> => import('vault-session-kit/sso');
 * ```
 */
export interface VaultSsoModule {
  startSsoRedirect(
    session: VaultSession,
    input: {
      readonly profile: AuthProfile;
      readonly username: string;
      readonly vaultDns?: string | undefined;
      readonly returnTo?: string | undefined;
    },
  ): Promise<unknown>;
  waitForPageRestore(): Promise<void>;
  handleSsoCallback(
    session: VaultSession,
    options: { readonly url?: string | undefined },
  ): Promise<{ readonly returnTo: string } | undefined>;
  renewSsoSilently(session: VaultSession): Promise<boolean>;
}

/**
 * One browser session of the service: the state machine, its keep-alive, and authenticated
 * calls that wait for a session. Framework-free; `SessionProvider` binds it to React.
 *
 * @example
 * ```ts
 * const session = createVaultSession({ client });
 * const stop = session.connect();
 * await session.manager.signIn({ username, password });
 * const me = await session.request('/objects/users/me');
 * stop();
 * ```
 */
export interface VaultSession {
  readonly client: VaultClient;
  /** The session's state machine. */
  readonly manager: SessionManager;
  /** The single sign-on settings given at creation. */
  readonly sso?: VaultSsoSettings;
  /**
   * The keep-alive of the current session (a fresh scheduler runs for each session; this
   * view stays the same object). Its snapshot is `stopped` between sessions and when
   * keep-alive is turned off.
   */
  readonly keepAlive: VaultKeepAlive;
  /**
   * Starts the manager and runs the keep-alive while a session is live. Returns the function
   * that undoes it; connecting twice (StrictMode effects) is counted, so only the last
   * disconnect stops anything.
   */
  connect(): () => void;
  /** Resolves once a session is live (signed in, joined from another tab, delegated). */
  waitForSession(signal?: AbortSignal): Promise<void>;
  /**
   * A call of the service's REST API with the current session (the delegated one while
   * acting for someone): waits for a session first, and ends the session everywhere when the
   * service answers `INVALID_SESSION_ID`.
   */
  request<T extends Record<string, unknown> = Record<string, unknown>>(
    path: string,
    init?: VaultRequestInit,
    options?: RequestOptions,
  ): Promise<T>;
  /**
   * The clock the session measures its 48-hour deadline on: the `now` option, else
   * `Date.now`. Compare `deadline` with this, never with another clock.
   */
  now(): number;
  /**
   * The timers everything of this session waits on: the `timers` option, else the global
   * ones. Components of the kit schedule their ticks and debounces here too, so one
   * injected clock drives the whole session in tests.
   */
  readonly timers: SessionTimers;
  /** Stops everything for good. */
  destroy(): void;
}

/**
 * The stable view of the per-session keep-alive scheduler that {@link VaultSession} exposes.
 *
 * @example
 * ```ts
 * const { status, idleExpiresAt } = session.keepAlive.getSnapshot();
 * await session.keepAlive.extend(); // "Stay signed in"
 * ```
 */
export interface VaultKeepAlive {
  getSnapshot(): KeepAliveSnapshot;
  subscribe(listener: () => void): () => void;
  /** Sends a keep-alive now; rejects with `VaultAbortedError` when no session is live. */
  extend(): Promise<void>;
  /** Records user activity the built-in listeners cannot see. */
  notifyActivity(): void;
}
