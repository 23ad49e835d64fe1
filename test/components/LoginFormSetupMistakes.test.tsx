// Setup mistakes between an app and the kit's proxy read as setup errors, never as a fault
// to retry: a BFF app behind a proxy in token mode, a token-mode app behind a proxy in BFF
// mode, a session route the proxy does not answer (a single-page app's fallback, or a 404)
// and an origin the proxy refuses. A development build names the fix in the form and in
// the console; a production build says the site is not set up correctly. The proxy is the
// kit's own, in front of the emulator, over loopback HTTP.
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FetchHandler, type ServedFetch, serveFetch } from '../../server/serveFetch';
import { LoginForm } from '../../src/components/LoginForm';
import type { VaultClientConfig } from '../../src/core/client/types';
import { createVaultEmulator, demoDirectory } from '../../src/emulator';
import { randomToken } from '../../src/emulator/randomToken';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { createVaultProxy } from '../../src/proxy';
import { SessionProvider } from '../../src/react/SessionProvider';
import { type BffBackend, startBffBackend } from '../core/session/startBffBackend';
import { uniqueChannelName } from '../core/session/startSessionBackend';

configure({ asyncUtilTimeout: 5_000 });

const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(closers.splice(0).map((close) => close()));
});

function renderApp(credentials: 'proxy' | 'token', config: VaultClientConfig) {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <StrictMode>
      <SessionProvider
        credentials={credentials}
        config={{ vaultDns: 'promomats.sunrise.example', ...config }}
        keepAlive={false}
        channelName={uniqueChannelName()}
      >
        <LoginForm />
      </SessionProvider>
    </StrictMode>,
  );
  return consoleError;
}

async function backend(options: { session?: false } = {}): Promise<BffBackend> {
  const started = await startBffBackend(options);
  closers.push(() => started.close());
  return started;
}

function routesOf(url: string, fetch: typeof globalThis.fetch): VaultClientConfig {
  return { authUrl: url, vaultUrl: `${url}/vault/{dns}`, fetch };
}

/** The form's alert once it says something. */
async function alertText(pattern: RegExp | string): Promise<string> {
  const shown = await screen.findByText(pattern);
  return (shown.closest('[role="alert"]') ?? shown).textContent ?? '';
}

function expectNoRetry(text: string): void {
  expect(text).not.toContain(en.unexpectedError);
  expect(text).not.toContain(en.serviceUnavailable);
  expect(within(document.body).queryByRole('button', { name: en.tryAgain })).toBeNull();
}

async function continueAs(username: string): Promise<void> {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByRole('textbox', { name: en.usernameLabel }), username);
  await user.click(screen.getByRole('button', { name: en.continue }));
}

async function submitPassword(password: string): Promise<void> {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(en.passwordLabel, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: en.signIn }));
}

/**
 * The kit's proxy in BFF mode for /auth/* and /vault/*, and `rest` for every other path,
 * as a server whose routing left out the session route.
 */
async function proxyWithout(rest: FetchHandler): Promise<ServedFetch> {
  const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
  const proxy = createVaultProxy({
    loginHost: emulator.loginHost ?? '',
    allowHosts: demoDirectory.vaults.map((vault) => vault.dns),
    session: { secrets: [randomToken(32)] },
    fetch: (request, context) => emulator.fetch(request, context),
  });
  const served = await serveFetch((request, context) =>
    /^\/(auth|vault)\//.test(new URL(request.url).pathname)
      ? proxy(request, context)
      : rest(request, context),
  );
  closers.push(() => served.close());
  return served;
}

const indexHtml: FetchHandler = () =>
  new Response('<!doctype html><title>App</title><div id="root"></div>', {
    headers: { 'content-type': 'text/html' },
  });

describe('setup mistakes in a development build', () => {
  it('a BFF app behind a proxy in token mode: the fix is session secrets, before and at sign-in', async () => {
    const bff = await backend({ session: false });
    const consoleError = renderApp('proxy', routesOf(bff.server.url, bff.fetch));
    // A new tab asks the session route first, which a proxy in token mode does not serve.
    const atStart = await alertText(/Setup error/);
    expect(atStart).toContain(`${bff.server.url}/vault-session`);
    expect(atStart).toContain('session: { secrets }');
    expectNoRetry(atStart);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining(
        `[vault-session-kit] Setup error: Nothing answers at ${bff.server.url}/vault-session`,
      ),
    );

    await continueAs(OLIVIA.username);
    await submitPassword(OLIVIA.password);
    const atSignIn = await alertText(/not in BFF mode/);
    expect(atSignIn).toContain('Give it session: { secrets');
    expectNoRetry(atSignIn);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('is not in BFF mode'));
    // The session the proxy handed to the page was ended.
    expect(bff.emulator.sessionCount()).toBe(0);
  });

  it("a token-mode app behind a proxy in BFF mode: the fix is credentials: 'proxy'", async () => {
    const bff = await backend();
    const consoleError = renderApp('token', routesOf(bff.server.url, bff.fetch));
    await continueAs(OLIVIA.username);
    const shown = await alertText(/Setup error/);
    expect(shown).toContain("set credentials: 'proxy'");
    expectNoRetry(shown);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining("[vault-session-kit] Setup error: The kit's proxy runs in BFF mode"),
    );
  });

  it.each([
    { answer: 'an SPA fallback (index.html)', rest: indexHtml, said: 'A text/html page answers' },
    {
      answer: 'a 404',
      rest: () => new Response('Not Found', { status: 404 }),
      said: 'Nothing answers',
    },
  ])(
    'a session route left out of the routing, answered by $answer: the fix is the route',
    async ({ rest, said }) => {
      const served = await proxyWithout(rest);
      const consoleError = renderApp('proxy', routesOf(served.url, globalThis.fetch));
      const shown = await alertText(/Setup error/);
      expect(shown).toContain(`${said}`);
      expect(shown).toContain(`${served.url}/vault-session`);
      expect(shown).toContain('route it to the kit');
      expect(shown).toContain('vault-session(?:$|/)');
      expectNoRetry(shown);
      expect(consoleError).toHaveBeenCalledWith(
        expect.stringContaining(`[vault-session-kit] Setup error: ${said}`),
      );
      // Signing in still works through the routes that reach the proxy.
      await continueAs(OLIVIA.username);
      expect(await screen.findByLabelText(en.passwordLabel, { selector: 'input' })).toBeVisible();
    },
  );

  it('a BFF app on an origin the proxy refuses: the fix is allowedOrigins', async () => {
    const bff = await backend();
    const refusedOrigin = 'http://127.0.0.1:5273';
    // What a browser on another origin sends with every state-changing call.
    const fromElsewhere: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Origin', refusedOrigin);
      return fetch(input, { ...init, headers });
    };
    vi.stubGlobal('location', new URL(`${refusedOrigin}/`));
    const consoleError = renderApp('proxy', routesOf(bff.server.url, fromElsewhere));
    await continueAs(OLIVIA.username);
    const shown = await alertText(/PROXY_ORIGIN_REFUSED/);
    expect(shown).toContain(`refused calls from ${refusedOrigin}`);
    expect(shown).toContain('allowedOrigins');
    expectNoRetry(shown);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining(`refused calls from ${refusedOrigin}`),
    );
  });
});

describe('setup mistakes in a production build', () => {
  it.each([
    { mistake: 'a BFF app behind a proxy in token mode', mode: 'proxy' as const, bff: false },
    { mistake: 'a token-mode app behind a proxy in BFF mode', mode: 'token' as const, bff: true },
  ])('$mistake: "not set up correctly", never "try again"', async ({ mode, bff }) => {
    vi.stubEnv('NODE_ENV', 'production');
    const started = await backend(bff ? {} : { session: false });
    renderApp(mode, routesOf(started.server.url, started.fetch));
    await continueAs(OLIVIA.username);
    if (mode === 'proxy') await submitPassword(OLIVIA.password);
    const shown = await alertText(en.setupError);
    expect(shown).toBe(en.setupError);
    expectNoRetry(shown);
  });

  it('a session route answered by an SPA fallback: "not set up correctly" at once', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const served = await proxyWithout(indexHtml);
    renderApp('proxy', routesOf(served.url, globalThis.fetch));
    expect(await alertText(en.setupError)).toBe(en.setupError);
  });
});
