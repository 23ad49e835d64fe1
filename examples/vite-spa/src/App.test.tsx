import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createVaultEmulator } from 'vault-session-kit/emulator';
import { emulatorHandlers } from 'vault-session-kit/emulator/msw';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { App } from './App';

// The app calls /auth/*, /vault/{dns}/api/* and /vault-session on its own origin; jsdom
// resolves those relative URLs against the document's URL (http://localhost:3000/ in
// Vitest), and the handlers answer them as the kit's proxy in BFF mode does, the emulator
// behind it, keeping the proxy's cookie between calls as the browser would.
// Token mode (an app without credentials="proxy"): emulatorHandlers(emulator, { session: false }).
// Fewer hashing rounds than the emulator's default keep a sign-in fast in tests.
const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
const server = setupServer(...emulatorHandlers(emulator));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Without Vitest's `globals`, Testing Library does not unmount by itself: each test's app is
// unmounted after it, so no render of it is left to run once the test environment is gone.
afterEach(cleanup);
afterAll(() => server.close());

it('tells olivia her password is wrong, then signs her in', async () => {
  const user = userEvent.setup();
  render(<App />);
  // A new tab first asks the proxy for its session; the form appears when there is none.
  const name = await screen.findByRole('textbox', { name: 'User name' });
  await user.type(name, 'olivia@sunrise.example');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const password = await screen.findByLabelText('Password', { selector: 'input' });
  await user.type(password, 'not-her-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('The user name or password is incorrect.')).toBeDefined();
  await user.type(password, 'Sunrise-Demo-1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(
    await screen.findByRole(
      'heading',
      { name: /Documents of olivia@sunrise.example/ },
      { timeout: 5_000 },
    ),
  ).toBeDefined();
}, 30_000);
