import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ActingAsBanner } from '../src/components/ActingAsBanner';
import { DelegationPicker } from '../src/components/DelegationPicker';
import { atViewport } from './support/atViewport';
import { demoUserNames, demoUsers } from './support/demoUsers';
import { signedInAs } from './support/signedInAs';
import { workshopMessages } from './support/workshopMessages';

const meta = {
  title: 'Delegation/ActingAsBanner',
  component: ActingAsBanner,
  args: { delegatorNames: demoUserNames },
} satisfies Meta<typeof ActingAsBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Olivia acts as Marcus in Sunrise QualityDocs, in a delegated session started for real. */
export const Delegated: Story = {
  beforeEach: signedInAs(demoUsers.olivia, {
    delegation: { vaultId: 1002, delegatorUserId: '61002' },
  }),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    await expect(
      await within(canvasElement).findByRole('button', { name: t.stopActing }),
    ).toBeVisible();
  },
};

// The banner where an application puts it: above the picker it was started from.
function bannerOverPicker(args: Story['args']) {
  return (
    <>
      <ActingAsBanner {...args} />
      <DelegationPicker delegatorNames={demoUserNames} />
    </>
  );
}

/** Started from the picker: the banner appears and takes the focus. */
export const StartedFromThePicker: Story = {
  render: bannerOverPicker,
  beforeEach: signedInAs(demoUsers.olivia),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: t.actAsLabel({ delegator: 'Marcus Reed', vault: 'Sunrise QualityDocs' }),
      }),
    );
    const banner = await canvas.findByRole('region', { name: t.bannerLabel });
    await waitFor(() => expect(banner).toHaveFocus());
  },
};

/** "Stop acting": back in her own session, focus on the picker's heading. */
export const Stopped: Story = {
  ...StartedFromThePicker,
  beforeEach: signedInAs(demoUsers.olivia, {
    delegation: { vaultId: 1002, delegatorUserId: '61002' },
  }),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.stopActing }));
    const heading = await canvas.findByRole('heading', { name: t.heading });
    await waitFor(() => expect(heading).toHaveFocus());
  },
};

/**
 * "Stop acting" pressed while the vault has not ended the delegated session yet: the banner
 * stays, says "Stopping…", and keeps the focus on its busy button.
 */
export const Stopping: Story = {
  ...Stopped,
  parameters: { msw: [http.delete('/api/:version/session', () => delay('infinite'))] },
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.stopActing }));
    const banner = canvas.getByRole('region', { name: t.bannerLabel });
    const button = await within(banner).findByRole('button', { name: t.stopping });
    await expect(banner).toHaveAttribute('data-state', 'stopping');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
  },
};

/** Started from the picker in Arabic, right to left. */
export const Arabic: Story = {
  ...StartedFromThePicker,
  globals: { locale: 'ar', dir: 'rtl' },
};

/** Started from the picker in Japanese. */
export const Japanese: Story = {
  ...StartedFromThePicker,
  globals: { locale: 'ja' },
};

/** The dark theme. */
export const DarkTheme: Story = {
  ...Delegated,
  globals: { theme: 'dark' },
};

/** The banner over the picker on a 375 px wide phone. */
export const Narrow: Story = {
  ...Delegated,
  render: bannerOverPicker,
  ...atViewport('narrow375'),
  tags: ['viewport:narrow375'],
};

/** The banner over the picker in a 1280 px window zoomed to 200 %. */
export const Zoom200: Story = {
  ...Delegated,
  render: bannerOverPicker,
  ...atViewport('zoom200'),
  tags: ['viewport:zoom200'],
};
