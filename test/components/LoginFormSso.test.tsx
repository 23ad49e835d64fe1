import { act, configure, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm, type LoginFormProps } from '../../src/components/LoginForm';
import { demoDirectory } from '../../src/emulator/index';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import type { SsoLoginInput } from '../../src/react/useSsoLogin';
import { type RenderWithSessionOptions, renderWithSession } from '../support/renderWithSession';

// The emulator runs on loopback in this process; leave slack for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// The real hook runs (it builds the authorization request and asks the page to navigate,
// which jsdom declines); the wrapper only records what the form asked it to do.
const startSsoCalls = vi.hoisted(() => [] as SsoLoginInput[]);
vi.mock('../../src/react/useSsoLogin', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/react/useSsoLogin')>();
  return {
    ...actual,
    useSsoLogin: () => {
      const real = actual.useSsoLogin();
      return {
        ...real,
        startSso: (input: SsoLoginInput) => {
          startSsoCalls.push(input);
          return real.startSso(input);
        },
      };
    },
  };
});

const SETTINGS = { keepAlive: false, joinTimeoutMs: 20 } as const;
const SAM = 'sam@harbor.example';

async function renderForm(props: LoginFormProps = {}, options: RenderWithSessionOptions = {}) {
  const user = userEvent.setup({ delay: null });
  const tab = await renderWithSession(<LoginForm {...props} />, {
    settings: SETTINGS,
    client: { clientId: 'vault-session-kit-demo' },
    ...options,
  });
  const continueAs = async (username: string) => {
    await user.type(tab.getByRole('textbox', { name: en.usernameLabel }), username);
    await user.click(tab.getByRole('button', { name: en.continue }));
  };
  return { user, tab, continueAs };
}

afterEach(() => {
  startSsoCalls.length = 0;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('LoginForm: single sign-on step', () => {
  it('sam@harbor.example gets the SSO step: heading focused, one "Continue with Harbor SSO" button that starts the redirect', async () => {
    const { tab, user, continueAs } = await renderForm({ returnTo: '/documents?tab=recent' });
    await continueAs(SAM);

    const heading = await tab.findByRole('heading', { name: en.ssoHeading });
    expect(heading).toHaveFocus();
    expect(tab.container.querySelector('.vsk-login')).toHaveAttribute('data-state', 'sso');
    expect(tab.getByText(SAM, { selector: 'bdi' })).toBeVisible();
    expect(tab.queryByLabelText(en.passwordLabel)).toBeNull();
    const button = tab.getByRole('button', { name: 'Continue with Harbor SSO' });
    expect(button).toHaveAccessibleDescription('Sign in with your Harbor account.');

    await user.click(button);
    await waitFor(() => expect(startSsoCalls).toHaveLength(1));
    expect(startSsoCalls[0]).toMatchObject({
      username: SAM,
      returnTo: '/documents?tab=recent',
      profile: { id: 'harbor-oidc', label: 'Harbor SSO' },
    });
    // The request is on its way: the sign-in state waits in session storage for the
    // callback, and the button stays busy until the page is gone.
    await waitFor(() =>
      expect(Object.keys(sessionStorage).some((key) => key.startsWith('oidc.'))).toBe(true),
    );
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(within(tab.container).getByText(en.ssoRedirecting)).toBeInTheDocument();
    // No password login was ever attempted.
    expect(tab.count('/auth')).toBe(0);
  });

  it('Back from the provider to the page in the back-forward cache gives the step the focus and the button works again', async () => {
    const { tab, user, continueAs } = await renderForm();
    await continueAs(SAM);
    const button = await tab.findByRole('button', { name: 'Continue with Harbor SSO' });
    await user.click(button);
    await waitFor(() =>
      expect(Object.keys(sessionStorage).some((key) => key.startsWith('oidc.'))).toBe(true),
    );
    expect(button).toBeDisabled();

    // The browser shows the page again as it was left (bfcache restore).
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(button).toBeEnabled());
    expect(tab.getByRole('heading', { name: en.ssoHeading })).toHaveFocus();
    expect(within(tab.container).queryByText(en.ssoRedirecting)).toBeNull();
    await user.click(button);
    await waitFor(() => expect(startSsoCalls).toHaveLength(2));
  });

  it('a failed start is reported on the SSO step and the button works again', async () => {
    // Without any client ID the provider cannot be asked: a setup error, which a development
    // build explains.
    const { tab, user, continueAs } = await renderForm({}, { client: {} });
    await continueAs(SAM);
    const button = await tab.findByRole('button', { name: 'Continue with Harbor SSO' });
    await user.click(button);
    const alert = within(tab.container).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(/^Setup error: .*client ID/));
    expect(alert).toHaveFocus();
    expect(button).toBeEnabled();
  });

  it('"Not you?" leaves the SSO step for the first step with the name editable', async () => {
    const { tab, user, continueAs } = await renderForm();
    await continueAs(SAM);
    await user.click(await tab.findByRole('button', { name: en.notYou }));
    const field = tab.getByRole('textbox', { name: en.usernameLabel });
    expect(field).toHaveValue(SAM);
    expect(field).toHaveFocus();
  });

  it('a SAML-only organisation (SSO without profiles) is told to use its portal', async () => {
    const { tab, continueAs } = await renderForm(
      {},
      {
        service: {
          emulator: {
            data: {
              ...demoDirectory,
              realms: [...demoDirectory.realms, { domain: 'portal.example', profileIds: [] }],
            },
          },
        },
      },
    );
    await continueAs('pat@portal.example');
    expect(await tab.findByRole('heading', { name: en.ssoHeading })).toHaveFocus();
    expect(tab.getByText(en.ssoPortalOnly)).toBeVisible();
    expect(tab.queryByRole('button', { name: /continue with/i })).toBeNull();
    expect(tab.getByRole('button', { name: en.notYou })).toBeInTheDocument();
  });
});

describe('LoginForm: coming back from the identity provider', () => {
  it('a cancelled sign-in is told on the first step, the alert takes the focus and the address is cleaned', async () => {
    window.history.replaceState(null, '', '/sso/callback?error=access_denied');
    const { tab } = await renderForm();
    const alert = await within(tab.container).findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(en.ssoCancelled));
    expect(alert).toHaveFocus();
    expect(window.location.search).toBe('');
    expect(tab.getByRole('textbox', { name: en.usernameLabel })).toBeInTheDocument();
  });

  it('a cancel at the provider returns to the page the sign-in started from, with the user name filled in again (WCAG 3.3.7)', async () => {
    window.history.replaceState(null, '', '/documents?tab=recent');
    const first = await renderForm();
    await first.continueAs(SAM);
    await first.user.click(
      await first.tab.findByRole('button', { name: 'Continue with Harbor SSO' }),
    );
    // The page leaves for the provider with its sign-in state in session storage.
    await waitFor(() =>
      expect(Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.'))).toHaveLength(1),
    );
    const state = Object.keys(sessionStorage)[0]?.slice('oidc.'.length) ?? '';
    first.tab.unmount();

    // The provider's answer to "Cancel" (RFC 6749 §4.1.2.1), loaded as a new page.
    window.history.replaceState(
      null,
      '',
      `/sso/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    const { tab, user } = await renderForm({}, { backend: first.tab.backend });
    const alert = await within(tab.container).findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(en.ssoCancelled));
    expect(alert).toHaveFocus();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/documents?tab=recent');
    const field = tab.getByRole('textbox', { name: en.usernameLabel });
    expect(field).toHaveValue(SAM);
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.'))).toEqual([]);

    // Trying again is one press of "Continue".
    await user.click(tab.getByRole('button', { name: en.continue }));
    expect(await tab.findByRole('button', { name: 'Continue with Harbor SSO' })).toBeVisible();
  });

  it('an app without single sign-on shows its form without looking through session storage for one', async () => {
    // What a sign-in of another app on this origin could have left behind.
    sessionStorage.setItem(
      'oidc.7f3a',
      JSON.stringify({ data: { v: 1, username: SAM }, created: 1 }),
    );
    const keys = vi.spyOn(Storage.prototype, 'key');
    try {
      // Settings without `load`: this app cannot start a single sign-on.
      const tab = await renderWithSession(<LoginForm />, { settings: { ...SETTINGS, sso: {} } });
      const field = await tab.findByRole('textbox', { name: en.usernameLabel });
      expect(field).toHaveValue('');
      expect(keys).not.toHaveBeenCalled();
    } finally {
      keys.mockRestore();
    }
  });

  it('Back from the provider to a page loaded afresh returns to the single sign-on step, focus on its heading (WCAG 3.3.7)', async () => {
    const first = await renderForm();
    await first.continueAs(SAM);
    await first.user.click(
      await first.tab.findByRole('button', { name: 'Continue with Harbor SSO' }),
    );
    await waitFor(() =>
      expect(Object.keys(sessionStorage).some((key) => key.startsWith('oidc.'))).toBe(true),
    );
    first.tab.unmount();

    // The browser had no back-forward cache for the page: it loads again, with no answer.
    const { tab } = await renderForm({}, { backend: first.tab.backend });
    const heading = await tab.findByRole('heading', { name: en.ssoHeading });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(tab.getByRole('button', { name: 'Continue with Harbor SSO' })).toBeVisible();
    expect(tab.container).toHaveTextContent(SAM);
    expect(within(tab.container).getByRole('alert')).toBeEmptyDOMElement();
  });

  it('an answer that belongs to no sign-in of this browser asks to start again', async () => {
    window.history.replaceState(null, '', '/sso/callback?code=abc&state=not-ours');
    const { tab, continueAs } = await renderForm();
    const alert = await within(tab.container).findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(en.ssoRestart));
    expect(window.location.search).toBe('');

    // The message belongs to that answer; the next attempt starts clean.
    await continueAs(SAM);
    await tab.findByRole('heading', { name: en.ssoHeading });
    expect(within(tab.container).getByRole('alert')).toBeEmptyDOMElement();
  });
});
