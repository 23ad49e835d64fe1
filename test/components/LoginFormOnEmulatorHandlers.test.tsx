// The app as the README's main snippet writes it (BFF mode: credentials="proxy", the proxy's
// routes on the page's own origin), tested as a user's own test suite tests it: the shipped
// MSW handlers in front of the emulator, the app's own fetch, under StrictMode. The same app
// in token mode runs on the handlers' token mode.
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { StrictMode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoginForm } from '../../src/components/LoginForm';
import { SignOutButton } from '../../src/components/SignOutButton';
import { createVaultEmulator, type VaultEmulator } from '../../src/emulator';
import { emulatorHandlers } from '../../src/emulator/msw';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { RequireSession } from '../../src/react/RequireSession';
import { SessionProvider } from '../../src/react/SessionProvider';
import { useSession } from '../../src/react/useSession';

configure({ asyncUtilTimeout: 5_000 });

// The README's page behind the session, with its sign-out.
function Documents() {
  const session = useSession();
  const heading = `Documents of ${session.user?.username} in ${session.vault?.name}`;
  return (
    <main>
      <h1>{heading}</h1>
      <SignOutButton />
    </main>
  );
}

function App({ credentials }: { readonly credentials: 'proxy' | 'token' }) {
  return (
    <StrictMode>
      <SessionProvider
        credentials={credentials}
        config={{ authUrl: '', vaultUrl: '/vault/{dns}', vaultDns: 'promomats.sunrise.example' }}
      >
        <RequireSession fallback={<LoginForm />}>
          <Documents />
        </RequireSession>
      </SessionProvider>
    </StrictMode>
  );
}

// A new emulator per test: a new service, and for the handlers in BFF mode a new browser.
let emulator: VaultEmulator;
beforeEach(() => {
  emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
});

/** What the page received from the login call, read as the app's fetch saw it. */
const loginAnswers: string[] = [];
let pageFetch: typeof fetch;

async function continueAsOlivia() {
  const user = userEvent.setup();
  const name = await screen.findByRole('textbox', { name: en.usernameLabel });
  await user.type(name, 'olivia@sunrise.example');
  await user.click(screen.getByRole('button', { name: en.continue }));
}

async function submitPassword(password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(en.passwordLabel, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: en.signIn }));
}

const HEADING = { name: 'Documents of olivia@sunrise.example in Sunrise PromoMats' };

describe.each([
  { mode: 'BFF (the default)', credentials: 'proxy' as const, session: undefined },
  { mode: 'token', credentials: 'token' as const, session: false },
])('the README app in $mode mode on the shipped MSW handlers', ({ credentials, session }) => {
  const server = setupServer(...emulatorHandlers(() => emulator, { session }));
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    pageFetch = globalThis.fetch;
    // The answers of the login calls, as the app's own fetch received them.
    globalThis.fetch = async (input, init) => {
      const response = await pageFetch(input, init);
      if (String(input instanceof Request ? input.url : input).endsWith('/auth')) {
        loginAnswers.push(await response.clone().text());
      }
      return response;
    };
  });
  afterAll(() => {
    globalThis.fetch = pageFetch;
    server.close();
  });

  it('shows a wrong password as such, then signs in', async () => {
    render(<App credentials={credentials} />);
    await continueAsOlivia();
    await submitPassword('not-her-password');
    expect(await screen.findByText(en.incorrectCredentials)).toBeInTheDocument();
    expect(screen.queryByText(en.unexpectedError)).toBeNull();
    await submitPassword('Sunrise-Demo-1');
    expect(await screen.findByRole('heading', HEADING)).toBeInTheDocument();
  });

  it('hands the page what its mode says; a reload keeps a BFF session, and sign-out ends it', async () => {
    loginAnswers.length = 0;
    const first = render(<App credentials={credentials} />);
    const user = userEvent.setup();
    await continueAsOlivia();
    await submitPassword('Sunrise-Demo-1');
    await screen.findByRole('heading', HEADING);
    // In BFF mode the page gets a session tag in place of the ID.
    const answer = JSON.parse(loginAnswers.at(-1) ?? '{}');
    expect(typeof answer.sessionTag).toBe(credentials === 'proxy' ? 'string' : 'undefined');
    expect(typeof answer.sessionId).toBe(credentials === 'proxy' ? 'undefined' : 'string');
    first.unmount();

    // A reload: a new page, no tab to hand a session over, the same browser.
    const second = render(<App credentials={credentials} />);
    if (credentials === 'proxy') {
      // The user name read from the vault; the vault's name as the proxy kept it from the login.
      expect(
        await screen.findByRole('heading', {
          name: 'Documents of olivia@sunrise.example in Sunrise PromoMats',
        }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('textbox', { name: en.usernameLabel })).toBeInTheDocument();
      expect(emulator.sessionCount()).toBe(0);
      second.unmount();
      render(<App credentials={credentials} />);
    }
    // Signed out, or never kept (token mode keeps the ID in memory only): the form.
    expect(await screen.findByRole('textbox', { name: en.usernameLabel })).toBeInTheDocument();
  });
});
