import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  SessionExpiryDialog,
  type SessionExpiryDialogProps,
} from '../../src/components/SessionExpiryDialog';
import { deSessionMessages } from '../../src/locales/de';
import { RequireSession } from '../../src/react/RequireSession';
import { useSession } from '../../src/react/useSession';
import { failing, faults, USERS_ME } from '../react/support/faults';
import { lendSession } from '../support/lendSession';
import {
  OLIVIA,
  type RenderWithSessionOptions,
  renderWithSession,
} from '../support/renderWithSession';

// Time is the emulator's manual clock, shared by the session, its keep-alive and the
// service; `backend.advance` moves it and fires every timer due on the way, the dialog's
// ticks included, so what it shows is settled when `advance` returns. Nothing waits on real
// time but the HTTP traffic.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };
const NO_IDLE_LIMIT = {
  service: { emulator: { idleTimeoutMs: 49 * HOUR } },
  settings: { joinTimeoutMs: 20, keepAlive: { idleTimeoutMs: 49 * HOUR } },
} as const;

function StatusLine() {
  const { status } = useSession();
  return <output aria-label="Session status">{status}</output>;
}

function LoginPlaceholder() {
  const { lastUsername } = useSession();
  return <p>Sign in as {lastUsername}</p>;
}

function App(props: SessionExpiryDialogProps) {
  return (
    <>
      <SessionExpiryDialog {...props} />
      <StatusLine />
      <RequireSession fallback={<LoginPlaceholder />}>
        <button type="button">Edit document</button>
      </RequireSession>
    </>
  );
}

async function signedIn(
  props: SessionExpiryDialogProps = {},
  options: RenderWithSessionOptions = {},
) {
  const user = userEvent.setup();
  const tab = await renderWithSession(<App {...props} />, {
    manualTime: true,
    settings: { joinTimeoutMs: 20 },
    ...options,
  });
  await act(() => tab.session.manager.signIn(OLIVIA));
  await tab.backend.settle();
  // Focus without input: a click or a key press would count as activity.
  const work = tab.getByRole('button', { name: 'Edit document' });
  act(() => work.focus());
  const status = () => tab.getByRole('status', { name: 'Session status' });
  return { ...tab, user, work, status };
}

async function noViolations() {
  expect((await axe.run(document.body, WCAG)).violations).toEqual([]);
}

describe('SessionExpiryDialog: the idle timeout (A11Y-04, WCAG 2.2.1)', () => {
  it('warns two minutes before the idle timeout; "Stay signed in" sends one keep-alive and closes it', async () => {
    const tab = await signedIn();
    await tab.backend.advance(28 * MINUTE - SECOND);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await tab.backend.advance(SECOND);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'For your security, you will be signed out in 2 minutes because there has been no activity. Do you want to stay signed in?',
    );
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    await waitFor(() => expect(stay).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeVisible();
    // A native modal <dialog>: the browser keeps the page behind out of reach (the
    // browser tests check that part).
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('data-state', 'open');
    expect(dialog).toHaveAttribute('data-mode', 'idle');
    expect(tab.count('/keep-alive')).toBe(0);
    await noViolations();

    await tab.user.click(stay);
    await tab.backend.settle();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(tab.count('/keep-alive')).toBe(1);
    expect(tab.status()).toHaveTextContent('active');
    expect(tab.work).toHaveFocus();
    // A fresh idle period: no warning until two minutes before its end.
    await tab.backend.advance(27 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await tab.backend.advance(MINUTE);
    expect(screen.getByRole('alertdialog', { name: 'Are you still there?' })).toBeVisible();
  });

  it('with a 2-minute idle timeout, warns 1 minute before it, not at sign-in, and "Stay signed in" closes it', async () => {
    const tab = await signedIn(
      {},
      {
        settings: {
          joinTimeoutMs: 20,
          keepAlive: { idleTimeoutMs: 2 * MINUTE, intervalMs: 30 * SECOND },
        },
      },
    );
    await tab.backend.advance(59 * SECOND);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await tab.backend.advance(SECOND);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveAccessibleDescription(
      'For your security, you will be signed out in 1 minute because there has been no activity. Do you want to stay signed in?',
    );
    await tab.user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await tab.backend.settle();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await tab.backend.advance(59 * SECOND);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(tab.status()).toHaveTextContent('active');
  });

  it('keys pressed inside the warning are not activity: Tab reaches "Sign out" and nothing is sent', async () => {
    const tab = await signedIn();
    await tab.backend.advance(28 * MINUTE);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    await waitFor(() => expect(stay).toHaveFocus());

    await tab.user.tab();
    await tab.backend.settle();
    // A moment later, with every timer due by then run.
    await tab.backend.advance(SECOND);

    expect(screen.getByRole('alertdialog', { name: 'Are you still there?' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toHaveFocus();
    expect(tab.count('/keep-alive')).toBe(0);
  });

  it('Escape means "Stay signed in" as well', async () => {
    const tab = await signedIn();
    await tab.backend.advance(28 * MINUTE);
    screen.getByRole('alertdialog', { name: 'Are you still there?' });

    await tab.user.keyboard('{Escape}');
    await tab.backend.settle();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(tab.count('/keep-alive')).toBe(1);
    expect(tab.work).toHaveFocus();
  });

  it('counts down in the text and speaks only at 1 minute and 30 seconds', async () => {
    const tab = await signedIn();
    await tab.backend.advance(28 * MINUTE);
    const dialog = screen.getByRole('alertdialog');
    const live = dialog.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent(/^$/);

    await tab.backend.advance(45 * SECOND);
    expect(dialog).toHaveAccessibleDescription(/signed out in 1 minute, 15 seconds because/);
    expect(live).toHaveTextContent(/^$/);

    await tab.backend.advance(15 * SECOND);
    expect(live).toHaveTextContent('You will be signed out in 1 minute.');
    await tab.backend.advance(20 * SECOND);
    expect(dialog).toHaveAccessibleDescription(/in 40 seconds because/);
    expect(live).toHaveTextContent('You will be signed out in 1 minute.');
    await tab.backend.advance(10 * SECOND);
    expect(live).toHaveTextContent('You will be signed out in 30 seconds.');
  });

  it('keeps the dialog and says so when the keep-alive fails in transit; a retry then works', async () => {
    const tab = await signedIn();
    await tab.backend.advance(28 * MINUTE);
    const dialog = screen.getByRole('alertdialog');

    tab.backend.intercept(failing('/keep-alive', faults.unavailable));
    await tab.user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await tab.backend.settle();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The server could not be reached. Your session is still active; please try again.',
    );
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    expect(dialog).toHaveAccessibleName('The connection is unreliable');
    expect(tab.status()).toHaveTextContent('active');
    await noViolations();

    tab.backend.intercept(undefined);
    await tab.user.click(within(dialog).getByRole('button', { name: 'Try again now' }));
    await tab.backend.settle();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(tab.status()).toHaveTextContent('active');
  });

  it('a keep-alive outage never signs out a user whose other calls succeed', async () => {
    const tab = await signedIn();
    // Only the keep-alive call fails; the app's own calls reach the service.
    tab.backend.intercept(failing('/keep-alive', faults.unavailable));
    for (let minute = 0; minute < 60; minute += 5) {
      act(() => tab.session.keepAlive.notifyActivity());
      await act(() => tab.session.request(USERS_ME));
      await tab.backend.advance(5 * MINUTE);
    }
    await tab.backend.settle();

    expect(tab.count('/keep-alive')).toBeGreaterThan(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(tab.status()).toHaveTextContent('active');
    expect(tab.count('/session')).toBe(0);
    expect(tab.emulator.sessionCount()).toBe(1);
  });

  it('says the connection is unreliable instead of signing out while the keep-alive fails in transit', async () => {
    const tab = await signedIn(
      {},
      // The service keeps the session; only the kit's estimate runs out.
      { service: { emulator: { idleTimeoutMs: 49 * HOUR } } },
    );
    tab.backend.intercept(failing('/keep-alive', faults.unavailable));
    act(() => tab.session.keepAlive.notifyActivity());
    await tab.backend.advance(6 * MINUTE);
    await tab.backend.settle();
    expect(tab.count('/keep-alive')).toBeGreaterThan(0);

    await tab.backend.advance(22 * MINUTE);
    const dialog = screen.getByRole('alertdialog', {
      name: 'The connection is unreliable',
    });
    expect(dialog).toHaveAccessibleDescription(
      'The vault service cannot be reached to keep your session alive. You stay signed in and nothing is lost; the connection is retried in the background.',
    );
    await noViolations();

    // Past the estimated idle timeout: still signed in, and the server session untouched.
    await tab.backend.advance(5 * MINUTE);
    await tab.backend.settle();
    expect(tab.status()).toHaveTextContent('active');
    expect(tab.count('/session')).toBe(0);
    expect(screen.getByRole('alertdialog')).toBe(dialog);

    tab.backend.intercept(undefined);
    await tab.user.click(within(dialog).getByRole('button', { name: 'Try again now' }));
    await tab.backend.settle();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(tab.status()).toHaveTextContent('active');
  });

  it('SES-05: unanswered, it signs the user out at the timeout and says why; "Sign in again" closes it', async () => {
    const onSignInAgain = vi.fn();
    const tab = await signedIn({ onSignInAgain });
    await tab.backend.advance(28 * MINUTE);
    screen.getByRole('alertdialog', { name: 'Are you still there?' });

    await tab.backend.advance(2 * MINUTE);
    const ended = screen.getByRole('alertdialog', { name: 'You have been signed out' });
    expect(ended).toHaveAccessibleDescription(
      'You were signed out automatically because there was no activity for a while. Sign in again to continue.',
    );
    expect(tab.status()).toHaveTextContent('ended');
    // Recorded as the kit's sign-out, so nothing behind the dialog says the user chose it.
    expect(tab.session.manager.getSnapshot().endReason).toBe('inactive');
    expect(tab.count('/keep-alive')).toBe(0);
    await waitFor(() => expect(tab.count('/session')).toBe(1));
    expect(tab.emulator.sessionCount()).toBe(0);
    const again = within(ended).getByRole('button', { name: 'Sign in again' });
    await waitFor(() => expect(again).toHaveFocus());
    await noViolations();

    await tab.user.click(again);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
    // The login form behind keeps the user name (WCAG 3.3.7).
    expect(tab.getByText('Sign in as olivia@sunrise.example')).toBeVisible();
  });

  it('"Sign out" signs out at once and shows no notice', async () => {
    const tab = await signedIn();
    await tab.backend.advance(28 * MINUTE);
    const dialog = screen.getByRole('alertdialog');
    await tab.user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(tab.status()).toHaveTextContent('ended');
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(0));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('tells the user when the service no longer knows the session', async () => {
    const tab = await signedIn();
    await tab.backend.advance(28 * MINUTE);
    const dialog = screen.getByRole('alertdialog');
    tab.emulator.reset();
    await tab.user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await tab.backend.settle();
    const ended = await screen.findByRole('alertdialog', { name: 'Your session has ended' });
    expect(ended).toHaveAccessibleDescription(/^The server no longer accepts your session/);
    expect(tab.status()).toHaveTextContent('expired');
  });

  it('gives at least 20 seconds to respond, whatever idleWarningMs says', async () => {
    const tab = await signedIn({ idleWarningMs: 5 * SECOND });
    await tab.backend.advance(30 * MINUTE - 21 * SECOND);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await tab.backend.advance(SECOND);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/signed out in 20 seconds/);
  });

  it('speaks German with the German messages', async () => {
    const tab = await signedIn({ messages: deSessionMessages });
    await tab.backend.advance(28 * MINUTE);
    const dialog = screen.getByRole('alertdialog', { name: 'Sind Sie noch da?' });
    expect(dialog).toHaveAccessibleDescription(/werden Sie in 2 Minuten abgemeldet/);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Angemeldet bleiben' })).toHaveFocus(),
    );
    expect(within(dialog).getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });
});

describe('SessionExpiryDialog: the 48-hour cap', () => {
  it('warns at `expiring` that the session cannot be extended, and Escape continues', async () => {
    const tab = await signedIn({}, NO_IDLE_LIMIT);
    await tab.backend.advance(48 * HOUR - 5 * MINUTE);
    expect(tab.status()).toHaveTextContent('expiring');
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveAccessibleDescription(
      'Sessions last at most 48 hours and cannot be extended. Yours ends in 5 minutes. Save your work; you will need to sign in again.',
    );
    const proceed = within(dialog).getByRole('button', { name: 'Continue until then' });
    const leave = within(dialog).getByRole('button', { name: 'Sign out now' });
    expect(proceed).toHaveFocus();
    expect(leave).toBeVisible();
    expect(dialog).toHaveAttribute('data-mode', 'cap');
    await noViolations();

    await tab.user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(tab.work).toHaveFocus();
    expect(tab.status()).toHaveTextContent('expiring');
  });

  it('"Continue until then", then at the cap: the session ended after 48 hours, "Sign in again"', async () => {
    const onSignInAgain = vi.fn();
    const tab = await signedIn({ onSignInAgain }, NO_IDLE_LIMIT);
    await tab.backend.advance(48 * HOUR - 5 * MINUTE);
    const warning = screen.getByRole('alertdialog');
    await tab.user.click(within(warning).getByRole('button', { name: 'Continue until then' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await tab.backend.advance(5 * MINUTE);
    const ended = screen.getByRole('alertdialog', { name: 'Your session has ended' });
    expect(ended).toHaveAccessibleDescription(
      'For your security, every session ends after 48 hours. Sign in again to continue.',
    );
    expect(tab.status()).toHaveTextContent('expired');
    await waitFor(() =>
      expect(within(ended).getByRole('button', { name: 'Sign in again' })).toHaveFocus(),
    );
    await noViolations();

    await tab.user.click(within(ended).getByRole('button', { name: 'Sign in again' }));
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(tab.getByText('Sign in as olivia@sunrise.example')).toBeVisible();
  });

  it('"Sign out now" ends the session before the cap', async () => {
    const tab = await signedIn({}, NO_IDLE_LIMIT);
    await tab.backend.advance(48 * HOUR - 5 * MINUTE);
    const warning = screen.getByRole('alertdialog');
    await tab.user.click(within(warning).getByRole('button', { name: 'Sign out now' }));
    expect(tab.status()).toHaveTextContent('ended');
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(0));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('SessionExpiryDialog: open, defaultOpen and onOpenChange', () => {
  it('opens by itself and reports every change to onOpenChange, the close by Escape too', async () => {
    const onOpenChange = vi.fn();
    const tab = await signedIn({ onOpenChange });
    await tab.backend.advance(28 * MINUTE);
    screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(onOpenChange.mock.calls).toEqual([[true]]);

    await tab.user.keyboard('{Escape}');
    await tab.backend.settle();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
    expect(tab.work).toHaveFocus();
  });

  it('lets the app decide when it shows: held closed, it is asked to open, then opens on demand', async () => {
    const requests: boolean[] = [];
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <SessionExpiryDialog
            open={open}
            onOpenChange={(next) => {
              requests.push(next);
              // The app defers opening; it follows only a request to close.
              if (!next) setOpen(false);
            }}
          />
          <StatusLine />
          <button type="button" onClick={() => setOpen(true)}>
            Show session warning
          </button>
          <RequireSession fallback={<LoginPlaceholder />}>
            <button type="button">Edit document</button>
          </RequireSession>
        </>
      );
    }
    const user = userEvent.setup();
    const tab = await renderWithSession(<Controlled />, {
      manualTime: true,
      ...NO_IDLE_LIMIT,
    });
    await act(() => tab.session.manager.signIn(OLIVIA));
    await tab.backend.settle();
    await tab.backend.advance(48 * HOUR - 5 * MINUTE);
    expect(requests).toEqual([true]);
    // Asked to open, but the app holds it closed: there, hidden, and saying so.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const element = tab.container.querySelector('dialog');
    expect(element).toHaveAttribute('data-state', 'closed');
    expect(element).not.toHaveAttribute('open');

    const show = tab.getByRole('button', { name: 'Show session warning' });
    await user.click(show);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Your session is about to end',
    });
    expect(dialog).toHaveAttribute('data-state', 'open');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Continue until then' })).toHaveFocus(),
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests).toEqual([true, false]);
    expect(show).toHaveFocus();
  });

  it('tells an app in control of a warning already due when it mounts, once', async () => {
    const onOpenChange = vi.fn();
    const tab = await renderWithSession(<StatusLine />, { manualTime: true, ...NO_IDLE_LIMIT });
    await act(() => tab.session.manager.signIn(OLIVIA));
    await tab.backend.advance(48 * HOUR - 5 * MINUTE);
    tab.rerender(<SessionExpiryDialog open={false} onOpenChange={onOpenChange} />);
    await waitFor(() => expect(onOpenChange.mock.calls).toEqual([[true]]));
    // The warning stays due while the dialog ticks on; it is not reported again.
    await tab.backend.advance(10 * SECOND);
    expect(onOpenChange.mock.calls).toEqual([[true]]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens at once when mounted with a warning due, unless defaultOpen is false', async () => {
    function LateDialog({ defaultOpen }: { defaultOpen: boolean | undefined }) {
      const [mounted, setMounted] = useState(false);
      return mounted ? (
        <SessionExpiryDialog defaultOpen={defaultOpen} />
      ) : (
        <button type="button" onClick={() => setMounted(true)}>
          Mount dialog
        </button>
      );
    }
    for (const defaultOpen of [undefined, false]) {
      const user = userEvent.setup();
      const tab = await renderWithSession(<LateDialog defaultOpen={defaultOpen} />, {
        manualTime: true,
        ...NO_IDLE_LIMIT,
      });
      await act(() => tab.session.manager.signIn(OLIVIA));
      await tab.backend.advance(48 * HOUR - 5 * MINUTE);
      await user.click(tab.getByRole('button', { name: 'Mount dialog' }));
      await tab.backend.advance(10 * SECOND);
      const element = tab.container.querySelector('dialog');
      expect(element).toHaveAttribute('data-state', defaultOpen === false ? 'closed' : 'open');
      tab.unmount();
    }
  });
});

describe("SessionExpiryDialog: a session lent by a vault's web tab", () => {
  // The vault opened the session before it handed it over, and ends it 48 hours after its
  // own login: nothing on the wire says when that was.
  async function lentAfter(opened: number, props: SessionExpiryDialogProps = {}) {
    const user = userEvent.setup();
    const tab = await renderWithSession(<App {...props} />, {
      manualTime: true,
      ...NO_IDLE_LIMIT,
    });
    await lendSession(tab, opened);
    const status = () => tab.getByRole('status', { name: 'Session status' });
    return { ...tab, user, status };
  }

  it('promises no end time: no cap warning 48 hours after the hand-off, and then says the vault ended it', async () => {
    const tab = await lentAfter(0);
    await tab.backend.advance(48 * HOUR - 5 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await tab.backend.advance(5 * MINUTE);
    const ended = screen.getByRole('alertdialog', { name: 'Your vault ended your session' });
    expect(ended).toHaveAccessibleDescription(
      /^The vault this app is open in has ended your session/,
    );
    expect(tab.status()).toHaveTextContent('expired');
    await noViolations();
  });

  it('says the vault ended the session when the vault refuses it before the hand-off clock runs out', async () => {
    const tab = await lentAfter(40 * HOUR, { messages: deSessionMessages });
    await tab.backend.advance(8 * HOUR + MINUTE);
    // Long before the 48 hours the kit counts from the hand-off; "Stay signed in" asks the vault.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => tab.session.keepAlive.extend().catch(() => undefined));
    await tab.backend.settle();
    const ended = await screen.findByRole('alertdialog', {
      name: 'Ihr Vault hat Ihre Sitzung beendet',
    });
    expect(ended).toHaveAccessibleDescription(/^Der Vault, in dem diese App geöffnet ist/);
    expect(tab.status()).toHaveTextContent('expired');
  });
});
