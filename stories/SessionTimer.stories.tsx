import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { SessionTimer } from '../src/components/SessionTimer';
import { demoUsers } from './support/demoUsers';
import { keepAliveStarted } from './support/keepAliveStarted';
import { readStoryVault } from './support/readStoryVault';
import { signedInAs } from './support/signedInAs';
import { vaultParameters } from './support/vaultParameters';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// The timer re-reads the clock once a second; a busy machine may take a few.
const TICKS = { timeout: 5_000 };

const meta = {
  title: 'Session/SessionTimer',
  component: SessionTimer,
} satisfies Meta<typeof SessionTimer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Just signed in: 30 minutes until the idle timeout. */
export const IdleCountdown: Story = {
  beforeEach: signedInAs(demoUsers.olivia),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('timer')).toBeVisible();
  },
};

/** 26 idle minutes later (the story clock skips them): under 5 minutes, marked urgent. */
export const IdleUrgent: Story = {
  beforeEach: signedInAs(demoUsers.olivia),
  play: async ({ canvasElement, loaded }) => {
    const vault = readStoryVault({ loaded });
    await keepAliveStarted(vault);
    vault.clock.advance(26 * MINUTE);
    await waitFor(
      () =>
        expect(canvasElement.querySelector('.vsk-session-timer')).toHaveAttribute(
          'data-state',
          'urgent',
        ),
      TICKS,
    );
  },
};

/**
 * 47 h 40 min into the session: the 48-hour cap, 20 minutes away, comes before the idle
 * timeout, so it is the countdown shown. The story skips the keep-alives of those hours,
 * so its emulator's idle timeout is set past the cap.
 */
export const NearTheCap: Story = {
  parameters: vaultParameters({ emulator: { idleTimeoutMs: 49 * HOUR } }),
  beforeEach: signedInAs(demoUsers.olivia, { advanceBy: 47 * HOUR + 40 * MINUTE }),
  play: async ({ canvasElement }) => {
    const timer = await within(canvasElement).findByRole('timer', {}, TICKS);
    await expect(timer).toHaveAttribute('data-kind', 'cap');
  },
};

/** The idle countdown in the dark theme. */
export const DarkTheme: Story = {
  ...IdleCountdown,
  globals: { theme: 'dark' },
};
