import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from 'vault-session-kit';
import { createVaultClient, createVaultSession } from 'vault-session-kit/core';
import { createVaultEmulator } from 'vault-session-kit/emulator';
import { afterEach, expect, it } from 'vitest';
import { Pages } from './App';

// No MSW here: the emulator is the client's fetch, and the session is made in the test.
const emulator = createVaultEmulator(); // each vault at its own host, as in production
const client = createVaultClient({
  authUrl: `https://${emulator.loginHost}`,
  vaultUrl: 'https://{dns}',
  vaultDns: 'promomats.sunrise.example',
  fetch: emulator.fetch,
});
// Without Vitest's `globals`, Testing Library does not unmount by itself: each test's app is
// unmounted after it, so no render of it is left to run once the test environment is gone.
afterEach(cleanup);

it('signs olivia in on a session of the test, its keep-alive running at once', async () => {
  const user = userEvent.setup();
  const session = createVaultSession({ client, keepAlive: { intervalMs: 60_000 } });
  render(
    <SessionProvider session={session}>
      <Pages />
    </SessionProvider>,
  );
  await user.type(
    await screen.findByRole('textbox', { name: 'User name' }),
    'olivia@sunrise.example',
  );
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(
    await screen.findByLabelText('Password', { selector: 'input' }),
    'Sunrise-Demo-1',
  );
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(
    await screen.findByRole(
      'heading',
      { name: /Documents of olivia@sunrise.example/ },
      { timeout: 5_000 },
    ),
  ).toBeDefined();
  // Built into a session made with createVaultSession: no chunk to wait for.
  expect(session.keepAlive.getSnapshot().status).not.toBe('stopped');
}, 30_000);
