import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createVaultEmulator } from 'vault-session-kit/emulator';
import { emulatorHandlers } from 'vault-session-kit/emulator/msw';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { App } from './App';

// The app calls /auth/* and /vault/{dns}/api/* on its own origin; jsdom resolves those
// relative URLs against the document's URL (http://localhost:3000/ in Vitest), and the
// handlers answer them with the emulator, each vault at its own host.
// Fewer hashing rounds than the emulator's default keep a sign-in fast in tests.
const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
const server = setupServer(...emulatorHandlers(emulator));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('signs olivia in through the login form', async () => {
  const user = userEvent.setup();
  render(<App />);
  // A new tab first asks open tabs for their session; the form appears when none answers.
  const name = await screen.findByRole('textbox', { name: 'User name' });
  await user.type(name, 'olivia@sunrise.example');
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
}, 30_000);
