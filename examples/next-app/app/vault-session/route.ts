import { toRouteHandlers } from 'vault-session-kit/proxy';
import { proxy } from '../../lib/vaultProxy';

// The proxy's session route: who is signed in (GET), and signing out (DELETE: both
// sessions ended at their vaults, both cookies cleared).
export const { GET, DELETE } = toRouteHandlers(proxy);
