import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { isLiveStatus, sessionStorageAdapter } from '../src/core/index';
import {
  isTransientError,
  RequireSession,
  SessionExpiryDialog,
  SessionProvider,
  useSession,
  vaultWebTab,
} from '../src/index';
import { DEMO_QUERY_KEY } from './demoQueryKeys';
import { demoRememberedUsers } from './demoRememberedUsers';
import { demoTimeouts } from './demoTimeouts';
import { demoVault } from './demoVault';
import { RememberedUsersContext } from './RememberedUsersContext';
import { focusSignInField, SignInPage } from './SignInPage';
import { SsoCallbackStatus } from './SsoCallbackStatus';
import { Workspace } from './Workspace';

/**
 * The client ID the demo sends to the vault and to discovery. The development OpenID
 * Provider knows a public client of this name, so discovery answers with `as_client_id`.
 *
 * @example
 * ```ts
 * createVaultClient({ authUrl: '', vaultUrl: '/vault/{dns}', clientId: DEMO_CLIENT_ID });
 * ```
 */
export const DEMO_CLIENT_ID = 'vault-session-kit-demo';

/**
 * The vault the demo signs in to by default. Sessions then live in whichever vault the
 * service put them (auth defaulting) or the delegation names, and the kit routes each call
 * there through the dev server's proxy. `VITE_VAULT_DNS` names another vault when the dev
 * server proxies real ones (`VAULT_HOSTS`).
 *
 * @example
 * ```ts
 * createVaultClient({ baseUrl: `/vault/${DEMO_VAULT_DNS}`, authUrl: '', vaultUrl: '/vault/{dns}' });
 * ```
 */
export const DEMO_VAULT_DNS: string = demoVault.dns;

// The demo directory's vaults, whose web tabs the dev server plays.
const DEMO_WEB_TAB_VAULTS = [
  'promomats.sunrise.example',
  'quality.sunrise.example',
  'clinical.harbor.example',
];

function createDemoQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // One more try for faults that say nothing about the request; anything else is shown
      // at once with its own "Try again".
      queries: { retry: (count, error) => count < 1 && isTransientError(error) },
      mutations: { retry: false },
    },
  });
}

/**
 * The whole demo: the session in BFF mode (the proxy holds the credential in a cookie, the
 * details are kept in sessionStorage, and single sign-on runs through the proxy, so the page
 * holds no token and loads no OIDC code), the expiry dialog that outlives the session, and
 * either the sign-in page or the workspace.
 *
 * @example
 * ```tsx
 * createRoot(document.getElementById('root')!).render(<App />);
 * ```
 */
export function App(): ReactNode {
  const [queryClient] = useState(createDemoQueryClient);
  const [storage] = useState(() => sessionStorageAdapter());
  const [timeouts] = useState(() => demoTimeouts(window.location.search));
  const [rememberedUsers] = useState(() => demoRememberedUsers(window.location.search));
  // Opened as a vault's web tab (`/vault/{dns}/ui/web-tab?user=…` in the dev server), the
  // demo starts signed in as that vault's user.
  const [webTab] = useState(() =>
    vaultWebTab({
      vaults: [DEMO_VAULT_DNS, ...DEMO_WEB_TAB_VAULTS],
      // The dev server's stand-in vault page is on the demo's own origin.
      acceptSameOrigin: import.meta.env.DEV,
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      {/* BFF mode: the dev server's proxy keeps the session ID in an HttpOnly cookie, and
          no script on this page can read it. */}
      <SessionProvider
        credentials="proxy"
        config={{
          baseUrl: `/vault/${DEMO_VAULT_DNS}`,
          authUrl: '',
          vaultUrl: '/vault/{dns}',
          clientId: DEMO_CLIENT_ID,
          // Any of the user's vaults will do: one without access to this vault is signed
          // in to their own, and the kit tells them where they are.
          vaultDns: DEMO_VAULT_DNS,
          validateDns: false,
        }}
        storage={storage}
        webTab={webTab}
        {...(timeouts.keepAlive ? { keepAlive: timeouts.keepAlive } : {})}
      >
        <RememberedUsersContext.Provider value={rememberedUsers}>
          <DemoShell idleWarningMs={timeouts.idleWarningMs} />
        </RememberedUsersContext.Provider>
      </SessionProvider>
    </QueryClientProvider>
  );
}

function DemoShell({ idleWarningMs }: { idleWarningMs: number | undefined }): ReactNode {
  const { status, user } = useSession();
  const live = isLiveStatus(status);
  const vaultId = live ? user?.vaultId : undefined;
  const queryClient = useQueryClient();

  // What the demo fetched for a user must not outlive that user's session, nor show under
  // another vault's name after a switch.
  useEffect(() => {
    if (vaultId === undefined) queryClient.removeQueries({ queryKey: DEMO_QUERY_KEY });
    return () => queryClient.removeQueries({ queryKey: DEMO_QUERY_KEY });
  }, [vaultId, queryClient]);

  // "Sign in again" closes the dialog; the page behind it is usable again only once the
  // dialog is gone, so the focus moves on the render after.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusSignInField();
  }, [focusRequest]);
  const onSignInAgain = useCallback(() => setFocusRequest((count) => count + 1), []);

  return (
    <>
      <SessionExpiryDialog onSignInAgain={onSignInAgain} idleWarningMs={idleWarningMs} />
      <RequireSession fallback={<SignInPage />} pending={<SsoCallbackStatus />}>
        <Workspace />
      </RequireSession>
    </>
  );
}
