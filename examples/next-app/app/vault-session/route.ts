import { toRouteHandlers } from 'vault-session-kit/proxy';
import { proxy } from '../../lib/vaultProxy';

// The proxy's session route: who is signed in (GET), and clearing the cookies (DELETE).
export const { GET, DELETE } = toRouteHandlers(proxy);
