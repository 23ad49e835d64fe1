// docs/delegation.md: the delegation picker and the banner, with the delegators' names the
// service does not give. Type-checked with the rest of the tests.
import type { VaultClientConfig } from '../../../src/core/index';
import {
  ActingAsBanner,
  DelegationPicker,
  LoginForm,
  RequireSession,
  SessionProvider,
} from '../../../src/index';

const config: VaultClientConfig = { authUrl: '', vaultUrl: '/vault/{dns}' };
const navigate = (path: string): void => window.history.pushState(null, '', path);

// Delegator user IDs to display names, from your own directory: the service gives only IDs.
const people = { '61002': 'Marcus Reed' };

export const app = (
  <SessionProvider config={config} credentials="proxy">
    <ActingAsBanner delegatorNames={people} />
    <RequireSession fallback={<LoginForm />}>
      <DelegationPicker delegatorNames={people} onStarted={() => navigate('/documents')} />
    </RequireSession>
  </SessionProvider>
);
