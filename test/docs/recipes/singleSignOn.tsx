// docs/single-sign-on.md: the kit's single sign-on entry handed to the provider as a
// loader, so oidc-client-ts is fetched only by the users who sign in with it.
// Type-checked with the rest of the tests.
import type { VaultClientConfig } from '../../../src/core/index';
import { LoginForm, SessionProvider } from '../../../src/index';

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
