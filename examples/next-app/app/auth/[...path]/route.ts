import { toRouteHandlers } from 'vault-session-kit/proxy';
import { proxy } from '../../../lib/vaultProxy';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = toRouteHandlers(proxy);
