// A page whose origin the kit's proxy does not allow: the form says it is a setup error,
// names the origin and the setting, and offers no retry. The proxy is the real one, in
// front of the emulator, over loopback HTTP (the dev command's stack).
import { configure, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../src/components/LoginForm';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { SessionProvider } from '../../src/react/SessionProvider';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';

configure({ asyncUtilTimeout: 5_000 });

/** The origin a browser on another port sends; the stack allows only its own and 5199. */
const PAGE_ORIGIN = 'http://127.0.0.1:5273';

let served: ServedDevStack;
let url: string;

beforeAll(async () => {
  served = await serveDevStack({
    appOrigins: ['http://127.0.0.1:5199'],
    emulator: { passwordHashIterations: 1000 },
  });
  url = served.url;
});

afterAll(() => served.close());

describe('LoginForm behind a proxy that refuses the page origin', () => {
  it('says it is a setup error, with the origin and the setting, in the form and the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    // What a browser adds to every state-changing call.
    const fromPage: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Origin', PAGE_ORIGIN);
      return fetch(input, { ...init, headers });
    };
    vi.stubGlobal('location', new URL(`${PAGE_ORIGIN}/`));
    const user = userEvent.setup({ delay: null });
    const view = render(
      <StrictMode>
        <SessionProvider
          config={{ authUrl: url, vaultUrl: `${url}/vault/{dns}`, fetch: fromPage }}
          keepAlive={false}
          channelName={`setup-error-${Math.random()}`}
        >
          <LoginForm />
        </SessionProvider>
      </StrictMode>,
    );
    await user.type(
      view.getByRole('textbox', { name: en.usernameLabel }),
      'olivia@sunrise.example',
    );
    await user.click(view.getByRole('button', { name: en.continue }));

    const shown = await view.findByText(/PROXY_ORIGIN_REFUSED/);
    const alert = shown.closest('[role="alert"]') ?? shown;
    expect(alert.textContent).toContain(`refused calls from ${PAGE_ORIGIN}`);
    expect(alert.textContent).toContain('allowedOrigins');
    expect(alert.textContent).toContain(`--app-origin ${PAGE_ORIGIN}`);
    expect(alert.textContent).not.toContain(en.serviceUnavailable);
    expect(within(view.container).queryByRole('button', { name: en.tryAgain })).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining(`refused calls from ${PAGE_ORIGIN}`),
    );
  });
});
