// docs/switching-vaults.md: the vault switcher in the header, the remembered user names on
// the login form, and a header of the app's own on the hook. Type-checked with the rest of
// the tests.
import { useQueryClient } from '@tanstack/react-query';
import type { VaultClientConfig } from '../../../src/core/index';
import {
  createRememberedUsers,
  LoginForm,
  RequireSession,
  SessionProvider,
  SignOutButton,
  useVaultSwitch,
  VaultSwitcher,
} from '../../../src/index';

const config: VaultClientConfig = { authUrl: '', vaultUrl: '/vault/{dns}' };
const Documents = () => <main>Documents</main>;

// Off unless the app creates it: names only, in localStorage, for 30 days.
const rememberedUsers = createRememberedUsers({ storage: localStorage });

function Header() {
  const queryClient = useQueryClient();
  return (
    <header>
      <VaultSwitcher
        rememberedUsers={rememberedUsers}
        onSwitched={() => queryClient.removeQueries({ queryKey: ['documents'] })}
      />
      <SignOutButton />
    </header>
  );
}

export const app = (
  <SessionProvider config={config} credentials="proxy">
    <RequireSession fallback={<LoginForm rememberedUsers={rememberedUsers} />}>
      <Header />
      <Documents />
    </RequireSession>
  </SessionProvider>
);

// A header of the app's own: the vaults and a switch, on the hook.
export function VaultMenu({ password }: { password: () => string }) {
  const { vaults, current, method, switchTo, pending } = useVaultSwitch();
  return (
    <ul>
      {vaults.map((vault) => (
        <li key={vault.id}>
          <button
            type="button"
            disabled={pending || vault.id === current?.id}
            onClick={() => switchTo(vault, method === 'sso' ? undefined : password())}
          >
            {vault.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
