// docs/getting-started.md: the hooks' query options in an app's own useQuery and in a
// route loader, sharing the hooks' cache. Type-checked with the rest of the tests.
import { QueryClient, useQuery } from '@tanstack/react-query';
import { createVaultClient, createVaultSession } from '../../../src/core/index';
import { SessionProvider, useSession, useVaultSession } from '../../../src/index';
import {
  apiVersionsQueryOptions,
  delegationsQueryOptions,
  discoveryQueryOptions,
} from '../../../src/query/index';

const queryClient = new QueryClient();
const session = createVaultSession({
  client: createVaultClient({ authUrl: '', vaultUrl: '/vault/{dns}' }),
});

export function DelegationCount() {
  // In a component, with your own useQuery:
  const { data: delegations } = useQuery(delegationsQueryOptions(useVaultSession(), useSession()));
  return <p>{delegations?.length ?? 0} delegations</p>;
}

export function loadSignInPage(typedName: string): void {
  // Ahead of time (a route loader), with the session you gave SessionProvider:
  void queryClient.prefetchQuery(delegationsQueryOptions(session));
  void queryClient.prefetchQuery(discoveryQueryOptions(session.client, typedName));
  void queryClient.prefetchQuery(apiVersionsQueryOptions(session.client));
}

export const app = (
  <SessionProvider session={session}>
    <DelegationCount />
  </SessionProvider>
);
