// docs/single-sign-on.md: the kit's single sign-on entry handed to the provider as a
// loader, so oidc-client-ts is fetched only by the users who sign in with it.
// Type-checked with the rest of the tests.
import type { VaultClientConfig } from '../../../src/core/index';
import { LoginForm, SessionExpiryDialog, SessionProvider } from '../../../src/index';
import { completeSilentSso } from '../../../src/oidc/index';

const config: VaultClientConfig = { authUrl: '', vaultUrl: '/vault/{dns}' };

export const app = (
  <SessionProvider
    config={config}
    sso={{
      redirectUri: '/sso/callback', // a path: resolved against the page's origin
      load: () => import('../../../src/oidc/index'),
    }}
  >
    <LoginForm />
  </SessionProvider>
);

// At the 48-hour cap an active user signs in again in a hidden frame, without a form.
export const renewingApp = (
  <SessionProvider
    config={config}
    sso={{
      redirectUri: '/sso/callback',
      silentRedirectUri: '/sso/silent', // registered at the provider, like redirectUri
      load: () => import('../../../src/oidc/index'),
    }}
  >
    <SessionExpiryDialog />
    <LoginForm />
  </SessionProvider>
);

// The page at /sso/silent: hands the provider's answer to the page that asked, renders nothing.
export function silentPage(): void {
  if (window.location.pathname === '/sso/silent') void completeSilentSso();
}
