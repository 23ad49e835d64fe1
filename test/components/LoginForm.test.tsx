import { act, configure, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActingAsBanner } from '../../src/components/ActingAsBanner';
import { VaultMessagesProvider } from '../../src/components/i18n/VaultMessagesContext';
import { LoginForm, type LoginFormProps } from '../../src/components/LoginForm';
import { deLoginMessages } from '../../src/locales/de';
import { enDelegationMessages } from '../../src/locales/en/enDelegationMessages';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { RequireSession } from '../../src/react/RequireSession';
import { useLogout } from '../../src/react/useLogout';
import { useSession } from '../../src/react/useSession';
import { lendSession } from '../support/lendSession';
import {
  OLIVIA,
  type RenderWithSessionOptions,
  renderWithSession,
} from '../support/renderWithSession';

// The emulator runs on loopback in this process; leave slack for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const en = enLoginMessages;
const NO_KEEP_ALIVE = { keepAlive: false, joinTimeoutMs: 20 } as const;
/** How long the form waits after the last keystroke before it asks for the route. */
const DISCOVERY_DEBOUNCE_MS = 300;

async function renderForm(
  props: LoginFormProps = {},
  options: RenderWithSessionOptions = {},
  beside: ReactNode = null,
) {
  const user = userEvent.setup({ delay: null });
  const tab = await renderWithSession(
    <>
      <LoginForm {...props} />
      {beside}
    </>,
    { settings: NO_KEEP_ALIVE, ...options },
  );
  const continueAs = async (username: string) => {
    const field = tab.getByRole('textbox', { name: en.usernameLabel });
    await user.clear(field);
    await user.type(field, username);
    await user.click(tab.getByRole('button', { name: en.continue }));
    return tab.findByRole('heading', { name: en.passwordHeading });
  };
  const passwordField = () => tab.getByLabelText(en.passwordLabel, { selector: 'input' });
  const signIn = async (password: string) => {
    await user.type(passwordField(), password);
    await user.click(tab.getByRole('button', { name: en.signIn }));
  };
  return { user, tab, continueAs, passwordField, signIn };
}

function alertText(container: HTMLElement): string {
  return within(container).getByRole('alert').textContent ?? '';
}

describe('LoginForm: identifier step, then password', () => {
  it('signs olivia in: identifier -> password -> signed in, discovery prefetched while typing (0 round trips on Continue), 1 login', async () => {
    const onSignedIn = vi.fn();
    const { tab, user, passwordField } = await renderForm({ onSignedIn }, { manualTime: true });
    // Nobody answers the new tab's hand-off request; on the manual clock that wait is explicit.
    await tab.backend.advance(NO_KEEP_ALIVE.joinTimeoutMs);
    const root = tab.container.querySelector('.vsk-login');
    expect(root).toHaveAttribute('data-state', 'identifier');
    expect(root).toHaveClass('vsk-root', 'vsk-login');

    await user.type(tab.getByRole('textbox', { name: en.usernameLabel }), OLIVIA.username);
    // The user pauses for the debounce, and the prefetch answers before they press Continue.
    expect(tab.queryClient.isFetching()).toBe(0);
    await tab.backend.advance(DISCOVERY_DEBOUNCE_MS);
    await waitFor(() => expect(tab.count('/auth/discovery')).toBe(1));
    await user.click(tab.getByRole('button', { name: en.continue }));

    expect(await tab.findByRole('heading', { name: en.passwordHeading })).toBeInTheDocument();
    expect(tab.count('/auth/discovery')).toBe(1);
    expect(root).toHaveAttribute('data-state', 'password');
    // The user name stays visible, read-only (PWD-07, WCAG 3.3.7).
    expect(tab.getByText(OLIVIA.username, { selector: 'bdi' })).toBeVisible();
    expect(passwordField()).toHaveFocus();

    await user.type(passwordField(), OLIVIA.password);
    await user.click(tab.getByRole('button', { name: en.signIn }));

    expect(await tab.findByRole('heading', { name: en.signedInHeading })).toHaveFocus();
    expect(tab.count('/auth')).toBe(1);
    expect(tab.session.manager.getSnapshot().status).toBe('active');
    expect(tab.session.manager.getSnapshot().user?.username).toBe(OLIVIA.username);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(onSignedIn).toHaveBeenCalledWith({ method: 'password' });
  });

  it('PWD-01: native forms with visible labels, autocomplete username/current-password, Enter submits', async () => {
    const { tab, user, passwordField } = await renderForm();
    const username = tab.getByLabelText(en.usernameLabel);
    expect(username.closest('form')).not.toBeNull();
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(username).toHaveAttribute('type', 'text');
    expect(username).toHaveAttribute('autocapitalize', 'none');
    expect(username).toHaveAttribute('spellcheck', 'false');
    expect(tab.getByText(en.usernameLabel).tagName).toBe('LABEL');

    await user.type(username, `${OLIVIA.username}{Enter}`);
    await tab.findByRole('heading', { name: en.passwordHeading });

    const password = passwordField();
    expect(password.closest('form')).not.toBeNull();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).not.toHaveAttribute('maxlength');
    // PWD-07: the password form carries the user name for password managers, filled in.
    const carried = password.closest('form')?.querySelector('input[autocomplete="username"]');
    expect(carried).toHaveValue(OLIVIA.username);
    expect(carried).toHaveAttribute('readonly');
    expect(tab.queryByRole('textbox', { name: en.usernameLabel })).not.toBeInTheDocument();

    await user.type(password, `${OLIVIA.password}{Enter}`);
    expect(await tab.findByRole('heading', { name: en.signedInHeading })).toBeInTheDocument();
    expect(tab.count('/auth')).toBe(1);
  });

  it('PWD-04: the password is sent exactly as typed, spaces, accents, emoji and length included', async () => {
    const { tab, user, continueAs, passwordField } = await renderForm();
    await continueAs(OLIVIA.username);
    const typed = `  Pässwörd 🙂 ${'x'.repeat(200)}`;
    await user.click(passwordField());
    await user.paste(typed);
    expect(passwordField()).toHaveValue(typed);
    await user.click(tab.getByRole('button', { name: en.signIn }));

    await waitFor(() => expect(tab.count('/auth')).toBe(1));
    expect(tab.backend.requests('/auth')[0]?.form.get('password')).toBe(typed);
    await waitFor(() => expect(alertText(tab.container)).toBe(en.incorrectCredentials));
  });

  it('PWD-05: no client-side password rules; a one-character password goes to the service', async () => {
    const { tab, continueAs, signIn } = await renderForm();
    await continueAs(OLIVIA.username);
    await signIn('a');
    await waitFor(() => expect(tab.count('/auth')).toBe(1));
    expect(tab.backend.requests('/auth')[0]?.form.get('password')).toBe('a');
  });

  it('PWD-02: paste is not blocked in the user name or the password field', async () => {
    const { tab, continueAs, passwordField } = await renderForm();
    expect(fireEvent.paste(tab.getByLabelText(en.usernameLabel))).toBe(true);
    await continueAs(OLIVIA.username);
    expect(fireEvent.paste(passwordField())).toBe(true);
  });

  it('PWD-03: the password toggle inside the field switches the type, and its name says what it will do', async () => {
    const { tab, user, continueAs, passwordField } = await renderForm();
    await continueAs(OLIVIA.username);
    await user.type(passwordField(), 'secret');
    const toggle = tab.getByRole('button', { name: en.showPassword });
    // One name that changes, not a fixed name with a pressed state beside it.
    expect(toggle).not.toHaveAttribute('aria-pressed');
    expect(toggle).toHaveAttribute('aria-controls', passwordField().id);
    expect(passwordField().parentElement).toContainElement(toggle);

    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAccessibleName(en.hidePassword);
    expect(passwordField()).toHaveValue('secret');
    // A shown password is plain text: it must not go to a spell-check service.
    expect(passwordField()).toHaveAttribute('spellcheck', 'false');

    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAccessibleName(en.showPassword);
  });

  it('"Not you?" returns to the first step with the user name kept editable and focused', async () => {
    const { tab, user, continueAs } = await renderForm();
    await continueAs(OLIVIA.username);
    await user.click(tab.getByRole('button', { name: en.notYou }));

    const field = await tab.findByRole('textbox', { name: en.usernameLabel });
    expect(field).toHaveValue(OLIVIA.username);
    expect(field).not.toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'marcus@sunrise.example');
    expect(field).toHaveValue('marcus@sunrise.example');
  });

  it('validates only emptiness: an empty user name or password gets an inline error and no request', async () => {
    const { tab, user, continueAs } = await renderForm();
    await user.click(tab.getByRole('button', { name: en.continue }));
    const field = tab.getByRole('textbox', { name: en.usernameLabel });
    expect(await tab.findByRole('alert')).toHaveTextContent(en.usernameRequired);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(en.usernameRequired));
    expect(field).toHaveFocus();
    expect(tab.count('/auth/discovery')).toBe(0);

    await continueAs(OLIVIA.username);
    await user.click(tab.getByRole('button', { name: en.signIn }));
    expect(alertText(tab.container)).toBe(en.passwordRequired);
    expect(tab.getByLabelText(en.passwordLabel, { selector: 'input' })).toHaveFocus();
    expect(tab.count('/auth')).toBe(0);
  });

  it('B12: a double click on "Sign in" sends one login request', async () => {
    // Counted where the page calls fetch: a second request aborted before it reached the
    // service would still be a second request.
    const sent: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url).pathname.endsWith('/auth')) sent.push(url);
      return globalThis.fetch(input, init);
    };
    const { tab, user, continueAs, passwordField } = await renderForm(
      {},
      { client: { fetch: countingFetch } },
    );
    await continueAs(OLIVIA.username);
    await user.type(passwordField(), OLIVIA.password);
    await user.dblClick(tab.getByRole('button', { name: en.signIn }));
    await tab.findByRole('heading', { name: en.signedInHeading });
    expect(sent).toHaveLength(1);
    expect(tab.count('/auth')).toBe(1);
    expect(tab.emulator.sessionCount()).toBe(1);
  });

  it('B12: the submit button is disabled and aria-busy while the login is on the wire', async () => {
    const { tab, user, continueAs, passwordField } = await renderForm();
    await continueAs(OLIVIA.username);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    tab.backend.intercept((emulator) => async (request) => {
      if (new URL(request.url).pathname.endsWith('/auth')) await held;
      return emulator(request);
    });
    await user.type(passwordField(), OLIVIA.password);
    const button = tab.getByRole('button', { name: en.signIn });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.type(passwordField(), '{Enter}');
    release();
    await tab.findByRole('heading', { name: en.signedInHeading });
    expect(tab.count('/auth')).toBe(1);
  });

  it('renders headings at the requested level and the given title', async () => {
    const { tab, continueAs } = await renderForm({ headingLevel: 3, title: 'Sign in to Sunrise' });
    expect(tab.getByRole('heading', { level: 3, name: 'Sign in to Sunrise' })).toBeInTheDocument();
    await continueAs(OLIVIA.username);
    expect(tab.getByRole('heading', { level: 3, name: en.passwordHeading })).toBeInTheDocument();
  });
});

describe('LoginForm: every failing demo user gets its own message and next step', () => {
  it('PWD-06 / ENUM-04: a wrong password and an unknown user get the same text; the field is marked, described and focused, and emptied', async () => {
    const wrong = await renderForm();
    await wrong.continueAs(OLIVIA.username);
    await wrong.signIn('not-the-password');
    const alert = await wrong.tab.findByRole('alert', {}, { timeout: 3_000 });
    await waitFor(() => expect(alert).toHaveTextContent(en.incorrectCredentials));
    const field = wrong.passwordField();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field).toHaveAccessibleDescription(en.incorrectCredentials);
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
    const wrongText = alertText(wrong.tab.container);
    wrong.tab.unmount();

    const unknown = await renderForm();
    // The unknown user reaches the password step like anyone else.
    await unknown.continueAs('nobody@sunrise.example');
    await unknown.signIn('whatever');
    await waitFor(() => expect(alertText(unknown.tab.container)).not.toBe(''));
    expect(alertText(unknown.tab.container)).toBe(wrongText);
  });

  it.each([
    ['newhire@sunrise.example', 'Sunrise-Demo-3', en.passwordChangeRequired],
    ['locked@sunrise.example', 'anything', en.lockedOut],
    ['inactive@sunrise.example', 'anything', en.inactiveUser],
  ])(
    '%s sees its message in the alert, which takes the focus',
    async (username, password, message) => {
      const { tab, continueAs, signIn, passwordField } = await renderForm({
        passwordChangeUrl: 'https://promomats.sunrise.example/ui/#password',
      });
      await continueAs(username);
      await signIn(password);
      const alert = await tab.findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent(message));
      expect(alert).toHaveFocus();
      expect(passwordField()).not.toHaveAttribute('aria-invalid');
      expect(passwordField()).toHaveValue('');
      const link = tab.queryByRole('link', { name: en.changePassword });
      if (message === en.passwordChangeRequired) {
        expect(link).toHaveAttribute('href', 'https://promomats.sunrise.example/ui/#password');
      } else {
        expect(link).toBeNull();
      }
      expect(tab.queryByRole('button', { name: en.tryAgain })).toBeNull();
    },
  );

  it('five wrong passwords lock the account: from the third the form warns of the lock, then says what the service says, and links the reset page every time', async () => {
    const resetUrl = 'https://docs.sunrise.example/password-reset';
    const { tab, continueAs, signIn, user, passwordField } = await renderForm({
      passwordResetUrl: resetUrl,
    });
    await continueAs(OLIVIA.username);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await signIn(`not-the-password-${attempt}`);
      // The service says neither how many tries are left nor when it locks, so the warning
      // names no number.
      const expected = attempt >= 3 ? en.lockoutWarning : en.incorrectCredentials;
      await waitFor(() => expect(alertText(tab.container)).toBe(expected));
      expect(passwordField()).toHaveAccessibleDescription(expected);
      expect(tab.getByRole('link', { name: en.resetPassword })).toHaveAttribute('href', resetUrl);
      await user.clear(passwordField());
    }
    // Locked now: even the right password is refused, and nothing promises a time the
    // service did not give.
    await signIn(OLIVIA.password);
    await waitFor(() => expect(alertText(tab.container)).toBe(en.lockedOut));
    expect(alertText(tab.container)).not.toMatch(/minute/);
    expect(tab.getByRole('alert')).toHaveFocus();
    expect(tab.getByRole('link', { name: en.resetPassword })).toHaveAttribute('href', resetUrl);
  });

  it('the warning counts wrong passwords in a row for one user name: another name, or signing in, starts again', async () => {
    const { tab, user, continueAs, signIn, passwordField } = await renderForm();
    const tryWrong = async (attempt: number, expected: string) => {
      await signIn(`not-the-password-${attempt}`);
      await waitFor(() => expect(alertText(tab.container)).toBe(expected));
      await user.clear(passwordField());
    };
    await continueAs('nobody@sunrise.example');
    await tryWrong(1, en.incorrectCredentials);
    await tryWrong(2, en.incorrectCredentials);
    await user.click(tab.getByRole('button', { name: en.notYou }));
    await continueAs(OLIVIA.username);
    await tryWrong(3, en.incorrectCredentials);
    await tryWrong(4, en.incorrectCredentials);
    await tryWrong(5, en.lockoutWarning);
    await signIn(OLIVIA.password);
    await tab.findByRole('heading', { name: en.signedInHeading });
    await act(() => tab.session.manager.signOut());
    await continueAs(OLIVIA.username);
    await tryWrong(6, en.incorrectCredentials);
  });

  it('the password-change message stands alone when no passwordChangeUrl is given', async () => {
    const { tab, continueAs, signIn } = await renderForm();
    await continueAs('newhire@sunrise.example');
    await signIn('Sunrise-Demo-3');
    await waitFor(() => expect(alertText(tab.container)).toBe(en.passwordChangeRequired));
    expect(tab.queryByRole('link')).toBeNull();
  });
});

describe('LoginForm: vault choice (variant B)', () => {
  const vaults = [
    { dns: 'promomats.sunrise.example', name: 'Sunrise PromoMats' },
    { dns: 'quality.sunrise.example', name: 'Sunrise QualityDocs' },
    { dns: 'clinical.harbor.example', name: 'Harbor Clinical' },
  ];

  it('sends the chosen vault as vaultDNS and signs in there', async () => {
    const { tab, user, continueAs, signIn } = await renderForm({ vaults });
    await continueAs(OLIVIA.username);
    const select = tab.getByRole('combobox', { name: en.vaultLabel });
    expect(select).toHaveValue('promomats.sunrise.example');
    await user.selectOptions(select, 'Sunrise QualityDocs');
    await signIn(OLIVIA.password);
    await tab.findByRole('heading', { name: en.signedInHeading });
    expect(tab.backend.requests('/auth')[0]?.form.get('vaultDNS')).toBe('quality.sunrise.example');
    expect(tab.session.manager.getSnapshot().user?.vaultId).toBe(1002);
  });

  it('a vault the user cannot use is named in the error, on the vault field, which takes the focus', async () => {
    const { tab, user, continueAs, signIn } = await renderForm({ vaults });
    await continueAs(OLIVIA.username);
    const select = tab.getByRole('combobox', { name: en.vaultLabel });
    await user.selectOptions(select, 'Harbor Clinical');
    await signIn(OLIVIA.password);
    const message = en.vaultElsewhere({ vault: 'Harbor Clinical', actual: 'Sunrise PromoMats' });
    await waitFor(() => expect(alertText(tab.container)).toBe(message));
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(message);
    expect(select).toHaveFocus();
    // The session the service opened in another vault was ended by the client.
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(0));
    expect(tab.session.manager.getSnapshot().status).toBe('signed-out');
  });

  it('auth defaulting, validateDns on (the default): marcus asking for PromoMats is refused and told where his account is, by the vault names the service gives', async () => {
    const { tab, continueAs, signIn } = await renderForm(
      {},
      { client: { vaultDns: 'promomats.sunrise.example' } },
    );
    await continueAs(MARCUS.username);
    await signIn(MARCUS.password);
    await waitFor(() =>
      expect(alertText(tab.container)).toBe(
        'You do not have access to promomats.sunrise.example. Your account is in Sunrise QualityDocs.',
      ),
    );
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(0));
    expect(tab.session.manager.getSnapshot().status).toBe('signed-out');
  });

  it('auth defaulting, validateDns off: marcus asking for PromoMats is signed in to QualityDocs, and the banner says so, by name', async () => {
    // Named as the app writes it: host names match in any case.
    const promoMats = [{ dns: 'PromoMats.Sunrise.example', name: 'Sunrise PromoMats' }];
    const { tab, continueAs, signIn } = await renderForm(
      {},
      { client: { vaultDns: 'promomats.sunrise.example', validateDns: false } },
      <ActingAsBanner vaults={promoMats} />,
    );
    await continueAs(MARCUS.username);
    await signIn(MARCUS.password);
    await tab.findByRole('heading', { name: en.signedInHeading });
    expect(tab.session.manager.getSnapshot().vault?.dns).toBe('quality.sunrise.example');
    const said = enDelegationMessages.landedVault({
      vault: 'Sunrise QualityDocs',
      asked: 'Sunrise PromoMats',
    });
    expect(tab.container.querySelector('[data-state="landed"]')).toHaveTextContent(said);
    // Said too, as it appears: the banner was on the page before the sign-in.
    expect(tab.container.querySelector('[aria-live="polite"]')).toHaveTextContent(said);
  });

  it('validateDns off: olivia, in the vault asked for, gets no such banner', async () => {
    const { tab, continueAs, signIn } = await renderForm(
      {},
      { client: { vaultDns: 'promomats.sunrise.example', validateDns: false } },
      <ActingAsBanner />,
    );
    await continueAs(OLIVIA.username);
    await signIn(OLIVIA.password);
    await tab.findByRole('heading', { name: en.signedInHeading });
    expect(tab.container.querySelector('.vsk-acting-as-banner')).toBeNull();
    expect(tab.container.querySelector('[aria-live="polite"]')).toHaveTextContent(/^$/);
  });

  it('a fixed vaultDns prop is sent without showing a choice', async () => {
    const { tab, continueAs, signIn } = await renderForm({ vaultDns: 'quality.sunrise.example' });
    await continueAs(OLIVIA.username);
    expect(tab.queryByRole('combobox')).toBeNull();
    await signIn(OLIVIA.password);
    await tab.findByRole('heading', { name: en.signedInHeading });
    expect(tab.backend.requests('/auth')[0]?.form.get('vaultDNS')).toBe('quality.sunrise.example');
  });
});

function SignedInApp() {
  const { user } = useSession();
  const { logout } = useLogout();
  return (
    <div>
      <p>Documents of {user?.username}</p>
      <button type="button" onClick={logout}>
        Sign out
      </button>
    </div>
  );
}

describe('LoginForm: coming back after the session ended (WCAG 3.3.7)', () => {
  it('after sign-out the user name is filled in and the sign-out is told', async () => {
    const user = userEvent.setup({ delay: null });
    const tab = await renderWithSession(
      <RequireSession fallback={<LoginForm defaultUsername="someone@else.example" />}>
        <SignedInApp />
      </RequireSession>,
      { settings: NO_KEEP_ALIVE },
    );
    const field = await tab.findByRole('textbox', { name: en.usernameLabel });
    expect(field).toHaveValue('someone@else.example');
    await user.clear(field);
    await user.type(field, OLIVIA.username);
    await user.click(tab.getByRole('button', { name: en.continue }));
    await user.type(
      await tab.findByLabelText(en.passwordLabel, { selector: 'input' }),
      OLIVIA.password,
    );
    await user.click(tab.getByRole('button', { name: en.signIn }));
    await user.click(await tab.findByRole('button', { name: 'Sign out' }));

    expect(await tab.findByRole('textbox', { name: en.usernameLabel })).toHaveValue(
      OLIVIA.username,
    );
    await waitFor(() =>
      expect(tab.container.querySelector('.vsk-login__notice')).toHaveTextContent(en.signedOut),
    );
  });

  it('after the 48-hour cap the user name is filled in and the reason is told', async () => {
    const user = userEvent.setup({ delay: null });
    const tab = await renderWithSession(
      <RequireSession fallback={<LoginForm />}>
        <SignedInApp />
      </RequireSession>,
      { settings: NO_KEEP_ALIVE, manualTime: true },
    );
    // Nobody answers the new tab's hand-off request; on the manual clock that wait is explicit.
    await tab.backend.advance(50);
    await user.type(await tab.findByRole('textbox', { name: en.usernameLabel }), OLIVIA.username);
    await user.click(tab.getByRole('button', { name: en.continue }));
    await user.type(
      await tab.findByLabelText(en.passwordLabel, { selector: 'input' }),
      OLIVIA.password,
    );
    await user.click(tab.getByRole('button', { name: en.signIn }));
    await tab.findByText(`Documents of ${OLIVIA.username}`);

    await tab.backend.advance(48 * 3_600_000);

    expect(await tab.findByRole('textbox', { name: en.usernameLabel })).toHaveValue(
      OLIVIA.username,
    );
    await waitFor(() =>
      expect(tab.container.querySelector('.vsk-login__notice')).toHaveTextContent(
        en.sessionExpired,
      ),
    );
    // One more Continue: discovery was cached, the password step follows at once.
    await user.click(tab.getByRole('button', { name: en.continue }));
    expect(await tab.findByRole('heading', { name: en.passwordHeading })).toBeInTheDocument();
  });
});

describe("LoginForm after a vault's web tab lent the session", () => {
  it('says the vault ended the session when the service no longer knows it', async () => {
    const tab = await renderWithSession(
      <RequireSession fallback={<LoginForm />}>
        <SignedInApp />
      </RequireSession>,
      { settings: NO_KEEP_ALIVE },
    );
    await lendSession(tab);
    await tab.findByText(`Documents of ${OLIVIA.username}`);
    const lent = tab.session.manager.getSession();
    // The user signs out of the vault around the app; the app's next call is refused.
    await tab.session.client.endSession(lent as NonNullable<typeof lent>);
    const refused = await tab.session.client
      .getDelegations(lent as NonNullable<typeof lent>)
      .catch((error: unknown) => error);
    act(() => {
      tab.session.manager.reportError(refused, { session: lent });
    });

    expect(await tab.findByRole('textbox', { name: en.usernameLabel })).toHaveValue(
      OLIVIA.username,
    );
    await waitFor(() =>
      expect(tab.container.querySelector('.vsk-login__notice')).toHaveTextContent(en.vaultEnded),
    );
  });
});

const MARCUS = { username: 'marcus@sunrise.example', password: 'Sunrise-Demo-2' } as const;

/** A parent that owns the user name, with a button per account, as a list of accounts has. */
function AccountChooser({ onUsernameChange }: { onUsernameChange?: (name: string) => void }) {
  const [name, setName] = useState('');
  return (
    <>
      {[OLIVIA.username, MARCUS.username].map((account) => (
        <button key={account} type="button" onClick={() => setName(account)}>
          Use {account}
        </button>
      ))}
      <LoginForm
        username={name}
        onUsernameChange={(next) => {
          onUsernameChange?.(next);
          setName(next);
        }}
      />
    </>
  );
}

describe('LoginForm: a user name from outside', () => {
  it('uncontrolled: defaultUsername fills the field, the user edits it freely, and each edit is reported', async () => {
    const onUsernameChange = vi.fn();
    const { tab, user, passwordField } = await renderForm({
      defaultUsername: 'olivia@sunrise',
      onUsernameChange,
    });
    const field = tab.getByRole('textbox', { name: en.usernameLabel });
    expect(field).toHaveValue('olivia@sunrise');
    await user.type(field, '.example');
    expect(field).toHaveValue(OLIVIA.username);
    expect(onUsernameChange).toHaveBeenLastCalledWith(OLIVIA.username);
    expect(onUsernameChange).toHaveBeenCalledTimes('.example'.length);

    await user.click(tab.getByRole('button', { name: en.continue }));
    await tab.findByRole('heading', { name: en.passwordHeading });
    expect(tab.getByText(OLIVIA.username, { selector: 'bdi' })).toBeVisible();
    expect(passwordField()).toHaveFocus();
  });

  it('controlled: shows only what the parent passes back', async () => {
    const onUsernameChange = vi.fn();
    const { tab, user } = await renderForm({ username: 'olivia@', onUsernameChange });
    const field = tab.getByRole('textbox', { name: en.usernameLabel });
    expect(field).toHaveValue('olivia@');
    await user.type(field, 'x');
    // The parent did not take the change: the field keeps its value, the change was offered.
    expect(onUsernameChange).toHaveBeenCalledWith('olivia@x');
    expect(field).toHaveValue('olivia@');
  });

  it('controlled: a name chosen outside fills the field, is discovered, and signs in; errors and focus work as typed', async () => {
    const user = userEvent.setup({ delay: null });
    const tab = await renderWithSession(<AccountChooser />, {
      settings: NO_KEEP_ALIVE,
      manualTime: true,
    });
    await tab.backend.advance(NO_KEEP_ALIVE.joinTimeoutMs);
    const field = tab.getByRole('textbox', { name: en.usernameLabel });

    // Nothing chosen yet: the form's own check still speaks up, on the field.
    await user.click(tab.getByRole('button', { name: en.continue }));
    expect(await tab.findByRole('alert')).toHaveTextContent(en.usernameRequired);
    expect(field).toHaveFocus();

    await user.click(tab.getByRole('button', { name: `Use ${OLIVIA.username}` }));
    expect(field).toHaveValue(OLIVIA.username);
    // Discovery is prefetched for a chosen name as for a typed one.
    await tab.backend.advance(DISCOVERY_DEBOUNCE_MS);
    await waitFor(() => expect(tab.count('/auth/discovery')).toBe(1));
    await user.click(tab.getByRole('button', { name: en.continue }));
    await tab.findByRole('heading', { name: en.passwordHeading });
    expect(tab.count('/auth/discovery')).toBe(1);
    expect(tab.getByText(OLIVIA.username, { selector: 'bdi' })).toBeVisible();

    // Another account chosen on the password step: back to the first step with that name.
    await user.click(tab.getByRole('button', { name: `Use ${MARCUS.username}` }));
    expect(tab.getByRole('textbox', { name: en.usernameLabel })).toHaveValue(MARCUS.username);
    expect(tab.queryByRole('heading', { name: en.passwordHeading })).toBeNull();
    await user.click(tab.getByRole('button', { name: en.continue }));
    await tab.findByRole('heading', { name: en.passwordHeading });
    expect(tab.getByText(MARCUS.username, { selector: 'bdi' })).toBeVisible();
    await user.type(tab.getByLabelText(en.passwordLabel, { selector: 'input' }), 'wrong-one');
    await user.click(tab.getByRole('button', { name: en.signIn }));
    expect(await tab.findByText(en.incorrectCredentials)).toBeVisible();
    expect(tab.getByLabelText(en.passwordLabel, { selector: 'input' })).toHaveFocus();
    await user.type(tab.getByLabelText(en.passwordLabel, { selector: 'input' }), MARCUS.password);
    await user.click(tab.getByRole('button', { name: en.signIn }));

    await tab.findByRole('heading', { name: en.signedInHeading });
    expect(tab.session.manager.getSnapshot().user?.username).toBe(MARCUS.username);
    const logins = tab.backend.requests('/auth');
    expect(logins.map((request) => request.form.get('username'))).toEqual([
      MARCUS.username,
      MARCUS.username,
    ]);
  });

  it('controlled: "Not you?" and the name kept after sign-out reach the parent (WCAG 3.3.7)', async () => {
    const user = userEvent.setup({ delay: null });
    const onUsernameChange = vi.fn();
    const tab = await renderWithSession(
      <RequireSession fallback={<AccountChooser onUsernameChange={onUsernameChange} />}>
        <SignedInApp />
      </RequireSession>,
      { settings: NO_KEEP_ALIVE },
    );
    const field = await tab.findByRole('textbox', { name: en.usernameLabel });
    await user.type(field, OLIVIA.username);
    await user.click(tab.getByRole('button', { name: en.continue }));
    await user.click(await tab.findByRole('button', { name: en.notYou }));
    expect(await tab.findByRole('textbox', { name: en.usernameLabel })).toHaveFocus();
    expect(tab.getByRole('textbox', { name: en.usernameLabel })).toHaveValue(OLIVIA.username);

    await user.click(tab.getByRole('button', { name: en.continue }));
    await user.type(
      await tab.findByLabelText(en.passwordLabel, { selector: 'input' }),
      OLIVIA.password,
    );
    await user.click(tab.getByRole('button', { name: en.signIn }));
    await user.click(await tab.findByRole('button', { name: 'Sign out' }));

    // A fresh parent with an empty name is offered the last one.
    expect(await tab.findByRole('textbox', { name: en.usernameLabel })).toHaveValue(
      OLIVIA.username,
    );
    expect(onUsernameChange).toHaveBeenLastCalledWith(OLIVIA.username);
  });
});

describe('LoginForm: messages', () => {
  it('speaks German under a VaultMessagesProvider, errors included', async () => {
    const user = userEvent.setup({ delay: null });
    const tab = await renderWithSession(
      <VaultMessagesProvider messages={{ login: deLoginMessages }}>
        <LoginForm />
      </VaultMessagesProvider>,
      { settings: NO_KEEP_ALIVE },
    );
    expect(tab.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    await user.type(tab.getByRole('textbox', { name: 'Benutzername' }), OLIVIA.username);
    await user.click(tab.getByRole('button', { name: 'Weiter' }));
    const password = await tab.findByLabelText('Passwort', { selector: 'input' });
    expect(tab.getByRole('button', { name: 'Passwort anzeigen' })).toBeInTheDocument();
    expect(tab.getByRole('button', { name: 'Nicht Sie?' })).toBeInTheDocument();
    await user.type(password, 'falsch');
    await user.click(tab.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() =>
      expect(alertText(tab.container)).toBe('Benutzername oder Passwort ist falsch.'),
    );
  });

  it('the messages prop replaces single strings over the provider', async () => {
    const tab = await renderWithSession(
      <VaultMessagesProvider messages={{ login: deLoginMessages }}>
        <LoginForm messages={{ continue: 'Los' }} />
      </VaultMessagesProvider>,
      { settings: NO_KEEP_ALIVE },
    );
    expect(tab.getByRole('button', { name: 'Los' })).toBeInTheDocument();
    expect(tab.getByRole('textbox', { name: 'Benutzername' })).toBeInTheDocument();
  });
});
