import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { LoginForm } from '../src/components/LoginForm';
import { SessionExpiryDialog } from '../src/components/SessionExpiryDialog';
import { SessionTimer } from '../src/components/SessionTimer';
import { SignOutButton } from '../src/components/SignOutButton';
import { RequireSession } from '../src/react/RequireSession';
import { atViewport } from './support/atViewport';
import { demoUsers } from './support/demoUsers';
import { keepAliveStarted } from './support/keepAliveStarted';
import { readStoryVault } from './support/readStoryVault';
import { signedInAs } from './support/signedInAs';
import { vaultParameters } from './support/vaultParameters';
import { workshopMessages } from './support/workshopMessages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SESSION_CAP_MS = 48 * HOUR;
// The countdowns re-read the clock once a second; a busy machine may take a few.
const TICKS = { timeout: 5_000 };

// The dialog where an application puts it: once, outside RequireSession, over a page with
// the session timer and sign-out button (and the login form once the session is gone).
const meta = {
  title: 'Session/SessionExpiryDialog',
  component: SessionExpiryDialog,
  render: (args) => (
    <>
      <SessionExpiryDialog {...args} />
      <RequireSession fallback={<LoginForm />}>
        <SessionTimer />
        <SignOutButton />
      </RequireSession>
    </>
  ),
  beforeEach: signedInAs(demoUsers.olivia),
} satisfies Meta<typeof SessionExpiryDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * 28½ idle minutes after the page opened (the story clock skips them): 90 seconds before
 * the idle timeout, the dialog asks whether to stay signed in.
 */
export const IdleWarning: Story = {
  play: async ({ loaded, globals }) => {
    const t = workshopMessages(globals.locale).session;
    const vault = readStoryVault({ loaded });
    await keepAliveStarted(vault);
    vault.clock.advance(28.5 * MINUTE);
    const dialog = await screen.findByRole('alertdialog', { name: t.idleTitle }, TICKS);
    await expect(dialog).toBeVisible();
    const stay = screen.getByRole('button', { name: t.staySignedIn });
    await waitFor(() => expect(stay).toHaveFocus());
  },
};

/** The idle timeout ran out unanswered: signed out, and told why. */
export const SignedOutForInactivity: Story = {
  play: async ({ loaded, globals }) => {
    const t = workshopMessages(globals.locale).session;
    const vault = readStoryVault({ loaded });
    await keepAliveStarted(vault);
    vault.clock.advance(31 * MINUTE);
    await expect(
      await screen.findByRole('alertdialog', { name: t.idleEndedTitle }, TICKS),
    ).toBeVisible();
    // The login form behind agrees that the sign-out was automatic.
    const login = workshopMessages(globals.locale).login;
    await expect(await screen.findByText(login.signedOutInactive)).toBeInTheDocument();
    await expect(screen.queryByText(login.signedOut)).toBeNull();
  },
};

/**
 * Four minutes before the 48-hour cap: the session cannot be extended. The story skips the
 * keep-alives of those hours, so its emulator's idle timeout is set past the cap.
 */
export const CapWarning: Story = {
  parameters: vaultParameters({ emulator: { idleTimeoutMs: 49 * HOUR } }),
  beforeEach: signedInAs(demoUsers.olivia, { advanceBy: SESSION_CAP_MS - 4 * MINUTE }),
  play: async ({ globals }) => {
    const t = workshopMessages(globals.locale).session;
    await expect(await screen.findByRole('alertdialog', { name: t.capTitle }, TICKS)).toBeVisible();
    const continueButton = screen.getByRole('button', { name: t.continueSession });
    await waitFor(() => expect(continueButton).toHaveFocus());
  },
};

/** The 48-hour cap was reached while the page was open: the session has ended. */
export const Ended: Story = {
  play: async ({ loaded, globals }) => {
    const t = workshopMessages(globals.locale).session;
    const vault = readStoryVault({ loaded });
    const { clock, session } = vault;
    await keepAliveStarted(vault);
    clock.advance(SESSION_CAP_MS);
    session.manager.checkDeadline();
    await expect(
      await screen.findByRole('alertdialog', { name: t.expiredTitle }, TICKS),
    ).toBeVisible();
    const signInAgain = screen.getByRole('button', { name: t.signInAgain });
    await waitFor(() => expect(signInAgain).toHaveFocus());
  },
};

/** The cap warning in Arabic, right to left: the countdown in Arabic words and plural forms. */
export const Arabic: Story = {
  ...CapWarning,
  globals: { locale: 'ar', dir: 'rtl' },
};

/** The idle warning in French, whose sentences run longest. */
export const French: Story = {
  ...IdleWarning,
  globals: { locale: 'fr' },
};

/** The idle warning in Spanish. */
export const Spanish: Story = {
  ...IdleWarning,
  globals: { locale: 'es' },
};

/**
 * Controlled: the app decides when the dialog shows (`open`, `onOpenChange`). Here it holds
 * the 48-hour warning back and offers it from a button in its header instead; Escape (or
 * "Continue until then") asks to close, and focus goes back to that button.
 */
export const Controlled: Story = {
  ...CapWarning,
  render: (args) => {
    const [open, setOpen] = useState(false);
    const [waiting, setWaiting] = useState(false);
    return (
      <>
        <SessionExpiryDialog
          {...args}
          open={open}
          onOpenChange={(next) => {
            setWaiting(next);
            if (!next) setOpen(false);
          }}
        />
        <RequireSession fallback={<LoginForm />}>
          <button type="button" className="vsk-button" onClick={() => setOpen(true)}>
            {waiting ? 'Session notice (1)' : 'No session notice'}
          </button>
          <SessionTimer />
        </RequireSession>
      </>
    );
  },
  play: async ({ globals }) => {
    const t = workshopMessages(globals.locale).session;
    const notice = await screen.findByRole('button', { name: 'Session notice (1)' }, TICKS);
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(notice);
    const dialog = await screen.findByRole('alertdialog', { name: t.capTitle }, TICKS);
    await expect(dialog).toHaveAttribute('data-state', 'open');
    const continueButton = screen.getByRole('button', { name: t.continueSession });
    await waitFor(() => expect(continueButton).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.getByRole('button', { name: 'No session notice' })).toHaveFocus();
  },
};

// Keep-alives reach the emulator until a story says the network is gone.
let keepAliveUnreachable = false;

/**
 * The idle warning, and "Stay signed in" cannot reach the service: the dialog stays open,
 * says the session is still active, and offers the button again.
 */
export const StaySignedInFailed: Story = {
  parameters: {
    msw: [
      http.post('/api/:version/keep-alive', () =>
        keepAliveUnreachable ? HttpResponse.error() : undefined,
      ),
    ],
  },
  // After the meta's own `beforeEach`, which signs olivia in.
  beforeEach: () => {
    keepAliveUnreachable = false;
    return () => {
      keepAliveUnreachable = false;
    };
  },
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).session;
    await IdleWarning.play?.(context);
    keepAliveUnreachable = true;
    await userEvent.click(screen.getByRole('button', { name: t.staySignedIn }));
    await expect(await screen.findByText(t.extendFailed, {}, { timeout: 10_000 })).toBeVisible();
    await expect(screen.getByRole('alertdialog')).toBeVisible();
  },
};

/** The idle warning in the dark theme. */
export const DarkTheme: Story = {
  ...IdleWarning,
  globals: { theme: 'dark' },
};

/** The idle warning on a 375 px wide phone. */
export const Narrow: Story = {
  ...IdleWarning,
  ...atViewport('narrow375'),
  tags: ['viewport:narrow375'],
};

/** The idle warning in a 1280 px window zoomed to 200 %. */
export const Zoom200: Story = {
  ...IdleWarning,
  ...atViewport('zoom200'),
  tags: ['viewport:zoom200'],
};
