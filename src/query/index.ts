// TanStack Query's side of the hooks, for an app that runs its own `useQuery` or prefetches
// in a route loader: the options each hook uses and the keys they sit under, so the app's
// queries share the hooks' cache and sign-out drops them with the rest.

// What the options take and what their queries answer with.
export type { VaultError } from '../core/errors';
export type * from '../core/sessionTypes';
export { apiVersionsQueryOptions } from '../react/apiVersionsQueryOptions';
export { delegationsQueryOptions } from '../react/delegationsQueryOptions';
export { discoveryQueryOptions } from '../react/discoveryQueryOptions';
export { vaultQueryKeys } from '../react/vaultQueryKeys';
