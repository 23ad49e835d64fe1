import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { VaultSwitcher } from '../src/components/VaultSwitcher';
import { atViewport } from './support/atViewport';
import { demoUsers } from './support/demoUsers';
import { signedInAs } from './support/signedInAs';
import { workshopMessages } from './support/workshopMessages';

const PROMOMATS = 'Sunrise PromoMats';
const QUALITY = 'Sunrise QualityDocs';

// Olivia belongs to Sunrise PromoMats (where she signs in) and Sunrise QualityDocs.
const meta = {
  title: 'Session/VaultSwitcher',
  component: VaultSwitcher,
  beforeEach: signedInAs(demoUsers.olivia),
} satisfies Meta<typeof VaultSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the button names the vault olivia is in. */
export const Closed: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).account;
    const toggle = await within(canvasElement).findByRole('button', {
      name: t.toggleLabel({ vault: PROMOMATS }),
    });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Open: her two vaults, the current one marked. */
export const Open: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).account;
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: t.toggleLabel({ vault: PROMOMATS }) }),
    );
    const list = canvas.getByRole('list', { name: t.switchVault });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(
      canvas.getByRole('button', { name: t.switchToLabel({ vault: QUALITY }) }),
    ).toBeVisible();
  },
};

/** The password step for Sunrise QualityDocs: her user name and the vault already set. */
export const PasswordStep: Story = {
  play: async (context) => {
    await Open.play?.(context);
    const t = workshopMessages(context.globals.locale).account;
    const canvas = within(context.canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: t.switchToLabel({ vault: QUALITY }) }),
    );
    await expect(
      canvas.getByRole('heading', { name: t.passwordHeading({ vault: QUALITY }) }),
    ).toBeVisible();
    await expect(canvas.getByLabelText(t.passwordLabel, { selector: 'input' })).toHaveFocus();
  },
};

/** A wrong password: she stays in Sunrise PromoMats and is told so. */
export const WrongPassword: Story = {
  play: async (context) => {
    await PasswordStep.play?.(context);
    const t = workshopMessages(context.globals.locale).account;
    const canvas = within(context.canvasElement);
    await userEvent.keyboard('not-her-password{Enter}');
    await expect(await canvas.findByText(t.wrongPassword({ current: PROMOMATS }))).toBeVisible();
  },
};

/** Switched: the button names Sunrise QualityDocs, and the move is announced. */
export const Switched: Story = {
  play: async (context) => {
    await PasswordStep.play?.(context);
    const t = workshopMessages(context.globals.locale).account;
    const canvas = within(context.canvasElement);
    await userEvent.keyboard(`${demoUsers.olivia.password}{Enter}`);
    await expect(
      await canvas.findByRole('button', { name: t.toggleLabel({ vault: QUALITY }) }),
    ).toHaveFocus();
    await expect(canvas.getByText(t.switched({ vault: QUALITY }))).toBeInTheDocument();
  },
};

/** Acting as marcus: the list says that a switch stops that first. */
export const WhileActing: Story = {
  beforeEach: signedInAs(demoUsers.olivia, {
    delegation: { vaultId: 1002, delegatorUserId: '61002' },
  }),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).account;
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: t.toggleLabel({ vault: PROMOMATS }) }),
    );
    await expect(canvas.getByText(t.actingNotice)).toBeVisible();
  },
};

/** The password step in Arabic, right to left. */
export const Arabic: Story = {
  ...PasswordStep,
  globals: { locale: 'ar' },
};

/** The dark theme. */
export const DarkTheme: Story = {
  ...PasswordStep,
  globals: { theme: 'dark' },
};

/** The password step on a 375 px wide phone. */
export const Narrow: Story = {
  ...PasswordStep,
  ...atViewport('narrow375'),
  tags: ['viewport:narrow375'],
};

/** The password step in a 1280 px window zoomed to 200 %. */
export const Zoom200: Story = {
  ...PasswordStep,
  ...atViewport('zoom200'),
  tags: ['viewport:zoom200'],
};
