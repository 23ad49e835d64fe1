import { act, configure, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormHTMLAttributes, RefObject } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm, type LoginFormSignedIn } from '../../src/components/LoginForm';
import { useLoginForm } from '../../src/components/useLoginForm';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { OLIVIA, renderHookWithSession, renderWithSession } from '../support/renderWithSession';

// The emulator runs on loopback in this process; leave slack for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const SETTINGS = { keepAlive: false, joinTimeoutMs: 20 } as const;
/** How long the form waits after the last keystroke before it asks for the route. */
const DISCOVERY_DEBOUNCE_MS = 300;
const SAM = 'sam@harbor.example';

/**
 * An app's own layout: its first step is its own markup on the prop getters, with the error
 * above the heading; the password step is the kit's parts in another order; the SSO step is
 * the kit's.
 */
function RearrangedLogin({ onSignedIn }: { onSignedIn: (event: LoginFormSignedIn) => void }) {
  return (
    <LoginForm.Root onSignedIn={onSignedIn} headingLevel={1} className="app-login">
      <LoginForm.IdentifierStep className="app-step">
        {(form) => (
          <>
            <LoginForm.Error className="app-error" />
            <h1 {...form.getHeadingProps()}>Sunrise Docs</h1>
            <label htmlFor={form.ids.username}>Work email</label>
            <input {...form.getUsernameProps()} className="app-input" />
            <button {...form.getSubmitProps()}>Next</button>
          </>
        )}
      </LoginForm.IdentifierStep>
      <LoginForm.PasswordStep>
        <LoginForm.Error />
        <LoginForm.Heading>Your password</LoginForm.Heading>
        <LoginForm.PasswordField />
        <LoginForm.Submit>Log in</LoginForm.Submit>
        <LoginForm.Identity>Use another account</LoginForm.Identity>
      </LoginForm.PasswordStep>
      <LoginForm.SsoStep />
      <LoginForm.SignedIn />
    </LoginForm.Root>
  );
}

async function renderRearranged() {
  const user = userEvent.setup({ delay: null });
  const onSignedIn = vi.fn();
  const tab = await renderWithSession(<RearrangedLogin onSignedIn={onSignedIn} />, {
    settings: SETTINGS,
    manualTime: true,
  });
  // Nobody answers the new tab's hand-off request; on the manual clock that wait is explicit.
  await tab.backend.advance(SETTINGS.joinTimeoutMs);
  const alert = () => within(tab.container).getByRole('alert');
  const root = () => tab.container.querySelector('.app-login');
  return { user, tab, alert, root, onSignedIn };
}

/** Whether `first` comes before `second` in the document. */
function precedes(first: Element, second: Element): boolean {
  return (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

describe('LoginForm parts: a login rearranged by the app', () => {
  it('keeps discovery, the focus move to the next step, the live-region error and the sign-in', async () => {
    const { user, tab, alert, root, onSignedIn } = await renderRearranged();
    expect(root()).toHaveAttribute('data-state', 'identifier');
    expect(root()).toHaveClass('vsk-root', 'vsk-login', 'app-login');
    const heading = tab.getByRole('heading', { level: 1, name: 'Sunrise Docs' });
    expect(precedes(alert(), heading)).toBe(true);
    const form = tab.getByRole('form', { name: 'Sunrise Docs' });
    expect(form).toHaveClass('vsk-login__form', 'app-step');

    // The form's own check, in the app's markup: the field is marked, described and focused.
    await user.click(tab.getByRole('button', { name: 'Next' }));
    const field = tab.getByRole('textbox', { name: 'Work email' });
    expect(alert()).toHaveTextContent(en.usernameRequired);
    expect(alert()).toHaveClass('vsk-login__error', 'app-error');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert().id);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'username');
    expect(tab.count('/auth/discovery')).toBe(0);

    // Discovery while typing, then "Next" moves to the password step and its field.
    await user.type(field, OLIVIA.username);
    await tab.backend.advance(DISCOVERY_DEBOUNCE_MS);
    await waitFor(() => expect(tab.count('/auth/discovery')).toBe(1));
    await user.click(tab.getByRole('button', { name: 'Next' }));
    const password = await tab.findByLabelText(en.passwordLabel, { selector: 'input' });
    expect(root()).toHaveAttribute('data-state', 'password');
    expect(tab.getByRole('heading', { level: 1, name: 'Your password' })).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(tab.count('/auth/discovery')).toBe(1);
    // The user name still goes with the password, for password managers (PWD-07).
    expect(password.closest('form')?.querySelector('input[autocomplete="username"]')).toHaveValue(
      OLIVIA.username,
    );

    // A wrong password: said in the alert, which here sits above the heading.
    await user.type(password, 'Not-The-Password-1');
    await user.click(tab.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(alert()).toHaveTextContent(en.incorrectCredentials));
    expect(precedes(alert(), tab.getByRole('heading', { name: 'Your password' }))).toBe(true);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-describedby', alert().id);
    expect(password).toHaveFocus();
    expect(password).toHaveValue('');

    await user.type(password, OLIVIA.password);
    await user.click(tab.getByRole('button', { name: 'Log in' }));
    expect(await tab.findByRole('heading', { name: en.signedInHeading })).toHaveFocus();
    expect(root()).toHaveAttribute('data-state', 'signed-in');
    expect(tab.count('/auth')).toBe(2);
    expect(tab.session.manager.getSnapshot().user?.username).toBe(OLIVIA.username);
    expect(onSignedIn).toHaveBeenCalledExactlyOnceWith({ method: 'password' });
  });

  it('leaves the single sign-on step to the kit, and "Not you?" goes back to the app\'s own first step', async () => {
    const { user, tab, root } = await renderRearranged();
    await user.type(tab.getByRole('textbox', { name: 'Work email' }), `${SAM}{Enter}`);
    expect(await tab.findByRole('heading', { name: en.ssoHeading })).toHaveFocus();
    expect(root()).toHaveAttribute('data-state', 'sso');
    expect(
      tab.getByRole('button', { name: en.ssoContinueWith({ label: 'Harbor SSO' }) }),
    ).toBeEnabled();
    expect(tab.getByText(SAM, { selector: 'bdi' })).toBeVisible();

    await user.click(tab.getByRole('button', { name: en.notYou }));
    const field = tab.getByRole('textbox', { name: 'Work email' });
    expect(field).toHaveValue(SAM);
    expect(field).toHaveFocus();
    expect(tab.count('/auth')).toBe(0);
  });
});

/** A submit event as the form's handler reads it: the handler only prevents the default. */
function submitEvent(): Parameters<
  NonNullable<FormHTMLAttributes<HTMLFormElement>['onSubmit']>
>[0] {
  return { preventDefault() {} } as never;
}

describe('useLoginForm on its own', () => {
  it('walks the steps for any markup: its own check, discovery, a rate limit counted down on the clock', async () => {
    // One manual clock for the page and the service: the countdown moves only as it does.
    const { result, count, backend } = await renderHookWithSession(() => useLoginForm(), {
      settings: SETTINGS,
      manualTime: true,
      service: { emulator: { authBurstLimit: 1 } },
    });
    // The wait for another tab to hand over its session runs on the same timers.
    await backend.advance(SETTINGS.joinTimeoutMs);
    const submit = () => act(() => result.current.getFormProps().onSubmit?.(submitEvent()));
    expect(result.current.step).toBe('identifier');

    await submit();
    expect(result.current.error).toEqual({ message: en.usernameRequired, field: 'username' });
    expect(result.current.getUsernameProps()).toMatchObject({
      'aria-invalid': true,
      'aria-describedby': `${result.current.ids.usernameHint} ${result.current.ids.error}`,
      autoComplete: 'username',
    });
    expect(count('/auth/discovery')).toBe(0);

    act(() => result.current.setUsername(` ${OLIVIA.username} `));
    await submit();
    await waitFor(() => expect(result.current.step).toBe('password'));
    expect(result.current.identity).toBe(OLIVIA.username);
    expect(result.current.error).toBeUndefined();

    // The app's own password input, reached through the getter's ref.
    const input = document.createElement('input');
    (result.current.getPasswordProps().ref as RefObject<HTMLInputElement>).current = input;
    input.value = 'wrong-once';
    await submit();
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.error?.message).toBe(en.incorrectCredentials);
    expect(result.current.getPasswordProps()['aria-invalid']).toBe(true);
    expect(input.value).toBe('');

    input.value = OLIVIA.password;
    await submit();
    await waitFor(() => expect(result.current.error?.action).toBe('wait'));
    expect(result.current.countdown).toEqual({ secondsLeft: 60, totalSeconds: 60 });
    expect(result.current.getSubmitProps().disabled).toBe(true);
    // The service did not judge the password: it stays for the next try.
    expect(input.value).toBe(OLIVIA.password);

    await backend.advance(45_000);
    expect(result.current.countdown?.secondsLeft).toBe(15);
    await submit();
    expect(count('/auth')).toBe(2);

    await backend.advance(15_000);
    expect(result.current.countdown?.secondsLeft).toBe(0);
    expect(result.current.getSubmitProps().disabled).toBe(false);
  });
});
