'use client';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import { createVaultClient } from '../core/client/createVaultClient';
import type { VaultClient, VaultClientConfig } from '../core/client/types';
import { isTransientError } from '../core/errors';
import { deferKeepAliveRun } from '../core/keepAlive/deferKeepAliveRun';
import { loadKeepAliveRun } from '../core/keepAlive/loadKeepAliveRun';
import { createSession } from '../core/session/createSession';
import { isLiveStatus } from '../core/session/sessionReducer';
import type { VaultSession, VaultSessionOptions } from '../core/session/VaultSession';
import { useSsoCallbackHandling } from './useSsoCallbackHandling';
import { VaultSessionContext } from './VaultSessionContext';
import { vaultQueryKeys } from './vaultQueryKeys';
import type { VaultWebTab } from './vaultWebTab';

/**
 * The session's settings that {@link SessionProvider} takes beside a client or its config:
 * storage, keep-alive, single sign-on, the cross-tab channel.
 *
 * @example
 * ```ts
 * const settings: SessionProviderSettings = { storage: sessionStorageAdapter() };
 * ```
 */
export type SessionProviderSettings = Omit<VaultSessionOptions, 'client'>;

/**
 * Props of {@link SessionProvider}: a ready {@link VaultSession}, or a client (or the
 * client's settings) plus the session's settings. Settings beside a ready session are a
 * type error (it was created with its own), also when they come in a variable or a spread.
 *
 * @example
 * ```tsx
 * const props: SessionProviderProps = { config: { baseUrl: '' }, children: <App /> };
 * ```
 */
export type SessionProviderProps = {
  children?: ReactNode;
  /** Used when no `QueryClientProvider` is above; by default the provider makes its own. */
  queryClient?: QueryClient;
  /**
   * Start signed in inside a vault's custom web tab, through the service's postMessage
   * hand-off: the result of `vaultWebTab({ vaults })`. Read once, at the first render.
   */
  webTab?: VaultWebTab | undefined;
} & (
  | ({ session: VaultSession; client?: never; config?: never } & {
      [Setting in keyof SessionProviderSettings]?: never;
    })
  | ({ client: VaultClient; session?: never; config?: never } & SessionProviderSettings)
  | ({ config: VaultClientConfig; session?: never; client?: never } & SessionProviderSettings)
);

/**
 * Provides the vault session to the hooks and components below it. It uses the
 * application's TanStack `QueryClient` when one is above it, or its own. The session is
 * created once; the provider connects it (cross-tab sync, keep-alive) while mounted and
 * clears cached user data when the session ends.
 *
 * @example
 * ```tsx
 * <SessionProvider config={{ baseUrl: '', clientId: 'sunrise-portal' }} storage={sessionStorageAdapter()}>
 *   <RequireSession fallback={<LoginForm />}>
 *     <App />
 *   </RequireSession>
 * </SessionProvider>
 * ```
 *
 * @example
 * BFF mode: the kit's proxy (with `session: { secrets }`) keeps the session in an
 * `HttpOnly` cookie, and no script on the page can read it.
 * ```tsx
 * <SessionProvider
 *   credentials="proxy"
 *   config={{ authUrl: '', vaultUrl: '/vault/{dns}', clientId: 'sunrise-portal' }}
 *   storage={sessionStorageAdapter()}
 * >
 *   <RequireSession fallback={<LoginForm />}>
 *     <App />
 *   </RequireSession>
 * </SessionProvider>
 * ```
 */
export function SessionProvider(props: SessionProviderProps): ReactNode {
  const outerQueryClient = useContext(QueryClientContext);
  const [owned] = useState(() => {
    // The keep-alive's scheduler comes in a chunk of its own, fetched when the session
    // connects: a page that only signs users in does not wait for it.
    const session =
      props.session ??
      createSession({ ...sessionOptions(props), createRun: deferKeepAliveRun(loadKeepAliveRun) });
    // Before the first render: a web tab waiting for the vault shows no form meanwhile.
    props.webTab?.prepare(session);
    return {
      session,
      ownsSession: props.session === undefined,
      fetchesKeepAlive: props.session === undefined && props.keepAlive !== false,
      queryClient:
        outerQueryClient === undefined ? (props.queryClient ?? createQueryClient()) : undefined,
      webTab: props.webTab,
    };
  });
  const { session, ownsSession, fetchesKeepAlive, webTab } = owned;
  const queryClient = outerQueryClient ?? owned.queryClient;
  // A page loaded at the SSO redirect URI finishes the sign-in (`sso.handleCallback`).
  useSsoCallbackHandling(session);

  useEffect(() => {
    const disconnect = session.connect();
    // Normally the code is there long before anyone has signed in; a failed fetch is tried
    // again by the keep-alive when it needs the code.
    if (fetchesKeepAlive) Promise.resolve(loadKeepAliveRun()).then(undefined, () => undefined);
    webTab?.start(session);
    // The vault of a live session, else undefined.
    const liveVault = (): number | undefined => {
      const { status, user } = session.manager.getSnapshot();
      return isLiveStatus(status) ? user?.vaultId : undefined;
    };
    let vaultId = liveVault();
    const unsubscribe = session.manager.subscribe(() => {
      // Cached answers about a user must not survive that user's session: every kit query
      // goes when a session ends (here or in another tab) or moves to another vault, and
      // only then, so the answers a sign-in in progress relies on (discovery) stay.
      const was = vaultId;
      vaultId = liveVault();
      if (was !== undefined && vaultId !== was) {
        queryClient?.removeQueries({ queryKey: vaultQueryKeys.all });
      }
    });
    return () => {
      unsubscribe();
      disconnect();
    };
  }, [session, fetchesKeepAlive, queryClient, webTab]);

  // A session this provider made ends with it. The destroy waits a task, because StrictMode
  // unmounts and remounts effects at once and the remount must find the session intact.
  // That task is the page's, not one of the session's timers: it measures no time, and an
  // injected clock that is never moved must not keep an unmounted session's channel,
  // listeners and keep-alive alive.
  useEffect(() => {
    if (!ownsSession) return;
    clearTimeout(pendingDestroys.get(session));
    pendingDestroys.delete(session);
    return () => {
      pendingDestroys.set(
        session,
        setTimeout(() => {
          pendingDestroys.delete(session);
          session.destroy();
        }, 0),
      );
    };
  }, [session, ownsSession]);

  const content = (
    <VaultSessionContext.Provider value={session}>{props.children}</VaultSessionContext.Provider>
  );
  return owned.queryClient && !outerQueryClient ? (
    <QueryClientProvider client={owned.queryClient}>{content}</QueryClientProvider>
  ) : (
    content
  );
}

const pendingDestroys = new WeakMap<VaultSession, ReturnType<typeof setTimeout>>();

function sessionOptions(props: SessionProviderProps): VaultSessionOptions {
  const {
    children: _children,
    queryClient: _queryClient,
    session: _session,
    webTab: _webTab,
    ...rest
  } = props;
  if ('client' in rest && rest.client) return rest as VaultSessionOptions;
  const { config, ...settings } = rest as { config: VaultClientConfig } & SessionProviderSettings;
  // `credentials` may be set on the provider or in `config`; the client gets it either way.
  const credentials = config.credentials ?? settings.credentials;
  return {
    ...settings,
    client: createVaultClient(credentials === undefined ? config : { ...config, credentials }),
  };
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Only faults that say nothing about the request deserve another try.
      queries: { retry: (count, error) => count < 2 && isTransientError(error) },
      mutations: { retry: false },
    },
  });
}
