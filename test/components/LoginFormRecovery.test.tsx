import { configure, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '../../src/components/LoginForm';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import {
  OLIVIA,
  type RenderWithSessionOptions,
  renderWithSession,
} from '../support/renderWithSession';

// The emulator runs on loopback in this process; leave slack for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const SETTINGS = { keepAlive: false, joinTimeoutMs: 20 } as const;

async function renderForm(options: RenderWithSessionOptions = {}) {
  const user = userEvent.setup({ delay: null });
  const tab = await renderWithSession(<LoginForm />, { settings: SETTINGS, ...options });
  // On manual time the wait for another tab to hand over its session is a timer like any.
  if (options.manualTime) await tab.backend.advance(SETTINGS.joinTimeoutMs);
  const passwordField = () => tab.getByLabelText(en.passwordLabel, { selector: 'input' });
  const toPasswordStep = async (username = OLIVIA.username) => {
    await user.type(tab.getByRole('textbox', { name: en.usernameLabel }), username);
    await user.click(tab.getByRole('button', { name: en.continue }));
    await tab.findByRole('heading', { name: en.passwordHeading });
  };
  const alert = () => within(tab.container).getByRole('alert');
  return { user, tab, passwordField, toPasswordStep, alert };
}

/**
 * Every text a sighted user sees that names a number of seconds: elements not hidden from
 * view (the visually hidden class) with a digit in their own text.
 */
function shownSeconds(container: HTMLElement): string[] {
  return [...container.querySelectorAll<HTMLElement>('*')]
    .filter((element) => !element.closest('.vsk-visually-hidden'))
    .filter((element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && /\d/.test(node.textContent ?? ''),
      ),
    )
    .map((element) => element.textContent ?? '');
}

/** Every number a screen reader can reach: digits in text outside `aria-hidden`. */
function spokenNumbers(container: HTMLElement): string[] {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const numbers: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[aria-hidden="true"]')) continue;
    numbers.push(...(node.textContent?.match(/\d+/g) ?? []));
  }
  return numbers;
}

describe('LoginForm: rate limit (THR-04)', () => {
  it('disables "Sign in" with a countdown from Retry-After and one number for a screen reader, never resends on its own, and lets the user sign in once it ran out', async () => {
    // One manual clock for the page and the service: the countdown moves only as it does.
    const { tab, user, passwordField, toPasswordStep, alert } = await renderForm({
      manualTime: true,
      service: { emulator: { authBurstLimit: 1 } },
    });
    await toPasswordStep();
    await user.type(passwordField(), 'wrong-once');
    await user.click(tab.getByRole('button', { name: en.signIn }));
    await waitFor(() => expect(alert()).toHaveTextContent(en.incorrectCredentials));

    await user.type(passwordField(), OLIVIA.password);
    await user.click(tab.getByRole('button', { name: en.signIn }));
    await waitFor(() => expect(alert()).toHaveTextContent(en.rateLimited({ seconds: 60 })));
    expect(alert()).toHaveFocus();
    const signIn = tab.getByRole('button', { name: en.signIn });
    expect(signIn).toBeDisabled();
    // One number for a screen reader, not the wait beside a countdown beside a status.
    expect(spokenNumbers(tab.container)).toEqual(['60']);
    // The service did not judge the password: it stays for the next try.
    expect(passwordField()).toHaveValue(OLIVIA.password);

    await tab.backend.advance(15_000);
    // One message whose seconds count down, not a fixed figure beside a live one.
    expect(shownSeconds(tab.container)).toEqual([en.rateLimited({ seconds: 45 })]);
    // The message as first announced stays for screen readers, out of sight.
    expect(
      tab.getByText(en.rateLimited({ seconds: 60 })).closest('.vsk-visually-hidden'),
    ).not.toBeNull();
    // The alert speaks again at a few points only, not every second.
    expect(spokenNumbers(tab.container)).toEqual(['60']);
    await tab.backend.advance(20_000);
    expect(spokenNumbers(tab.container)).toEqual(['30']);
    expect(
      tab.getByText(en.retryCountdown({ seconds: 30 })).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(signIn).toBeDisabled();
    await user.type(passwordField(), '{Enter}');

    await tab.backend.advance(25_000);
    expect(signIn).toBeEnabled();
    expect(alert()).toHaveTextContent(en.retryReady);
    expect(shownSeconds(tab.container)).toEqual([]);
    expect(spokenNumbers(tab.container)).toEqual([]);
    // Nothing was sent while the user waited.
    expect(tab.count('/auth')).toBe(2);

    await user.click(signIn);
    expect(await tab.findByRole('heading', { name: en.signedInHeading })).toBeInTheDocument();
    expect(tab.count('/auth')).toBe(3);
  });

  it('waits 60 seconds when the service names no wait', async () => {
    const { tab, user, passwordField, toPasswordStep, alert } = await renderForm({
      manualTime: true,
    });
    tab.backend.intercept((emulator) => async (request) => {
      if (!new URL(request.url).pathname.endsWith('/auth')) return emulator(request);
      return Response.json({
        responseStatus: 'FAILURE',
        errors: [{ type: 'API_LIMIT_EXCEEDED', message: 'Slow down.' }],
      });
    });
    await toPasswordStep();
    await user.type(passwordField(), OLIVIA.password);
    await user.click(tab.getByRole('button', { name: en.signIn }));
    await waitFor(() => expect(alert()).toHaveTextContent(en.rateLimited({ seconds: 60 })));
    const signIn = tab.getByRole('button', { name: en.signIn });
    await tab.backend.advance(59_000);
    expect(signIn).toBeDisabled();
    await tab.backend.advance(1_500);
    expect(signIn).toBeEnabled();
    expect(tab.count('/auth')).toBe(1);
  });
});

describe('LoginForm: faults that say nothing about the credentials', () => {
  it('offline: the message offers "Try again", which resends the kept password on the user\'s click', async () => {
    let offline = false;
    const onlineFetch: typeof fetch = (input, init) => {
      if (offline) return Promise.reject(new TypeError('Failed to fetch'));
      return globalThis.fetch(input, init);
    };
    const { tab, user, passwordField, toPasswordStep, alert } = await renderForm({
      client: { fetch: onlineFetch },
    });
    await toPasswordStep();
    offline = true;
    await user.type(passwordField(), OLIVIA.password);
    await user.click(tab.getByRole('button', { name: en.signIn }));
    await waitFor(() => expect(alert()).toHaveTextContent(en.networkError));
    expect(alert()).toHaveFocus();
    expect(passwordField()).toHaveValue(OLIVIA.password);
    expect(passwordField()).not.toHaveAttribute('aria-invalid');
    expect(tab.count('/auth')).toBe(0);

    offline = false;
    await user.click(tab.getByRole('button', { name: en.tryAgain }));
    expect(await tab.findByRole('heading', { name: en.signedInHeading })).toBeInTheDocument();
    expect(tab.count('/auth')).toBe(1);
    expect(tab.backend.requests('/auth')[0]?.form.get('password')).toBe(OLIVIA.password);
  });

  it('a 5xx page from a proxy: "service unavailable" with "Try again", one request per click', async () => {
    const { tab, user, passwordField, toPasswordStep, alert } = await renderForm();
    await toPasswordStep();
    tab.backend.intercept(
      (emulator) => (request) =>
        new URL(request.url).pathname.endsWith('/auth')
          ? new Response('<html><body>Bad gateway</body></html>', {
              status: 502,
              headers: { 'content-type': 'text/html' },
            })
          : emulator(request),
    );
    await user.type(passwordField(), OLIVIA.password);
    await user.click(tab.getByRole('button', { name: en.signIn }));
    await waitFor(() => expect(alert()).toHaveTextContent(en.serviceUnavailable));
    expect(tab.count('/auth')).toBe(1);

    await user.click(tab.getByRole('button', { name: en.tryAgain }));
    await waitFor(() => expect(tab.count('/auth')).toBe(2));
    await waitFor(() => expect(alert()).toHaveTextContent(en.serviceUnavailable));

    tab.backend.intercept(undefined);
    await user.click(tab.getByRole('button', { name: en.tryAgain }));
    expect(await tab.findByRole('heading', { name: en.signedInHeading })).toBeInTheDocument();
    expect(tab.count('/auth')).toBe(3);
  });

  it('discovery unreachable on "Continue": the message and "Try again" stay on the first step', async () => {
    const { tab, user, alert } = await renderForm();
    tab.backend.intercept(
      (emulator) => (request) =>
        new URL(request.url).pathname.endsWith('/auth/discovery')
          ? new Response('upstream timeout', { status: 504 })
          : emulator(request),
    );
    // A name without a domain is not prefetched, so Continue asks.
    await user.type(tab.getByRole('textbox', { name: en.usernameLabel }), 'olivia');
    await user.click(tab.getByRole('button', { name: en.continue }));
    // Discovery itself retries a transient fault once before giving up.
    await waitFor(() => expect(alert()).toHaveTextContent(en.serviceUnavailable), {
      timeout: 5_000,
    });
    expect(tab.getByRole('textbox', { name: en.usernameLabel })).toHaveValue('olivia');

    tab.backend.intercept(undefined);
    await user.click(tab.getByRole('button', { name: en.tryAgain }));
    expect(await tab.findByRole('heading', { name: en.passwordHeading })).toBeInTheDocument();
  });
});
