import { toRouteHandlers } from 'vault-session-kit/proxy';
import { proxy } from '../../../lib/vaultProxy';

// The proxy's session route: who is signed in (GET), signing out (DELETE: both sessions
// ended at their vaults, both cookies cleared), and single sign-on (POST /vault-session/sso
// starts it, the identity provider returns to GET /vault-session/sso/callback).
export const { GET, POST, DELETE } = toRouteHandlers(proxy);
