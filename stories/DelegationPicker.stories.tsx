import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { DelegationPicker } from '../src/components/DelegationPicker';
import { atViewport } from './support/atViewport';
import { demoUserNames, demoUsers } from './support/demoUsers';
import { manyDelegationsData, manyDelegatorNames } from './support/manyDelegationsData';
import { signedInAs } from './support/signedInAs';
import { vaultParameters } from './support/vaultParameters';
import { workshopMessages } from './support/workshopMessages';

// The picker lists what the emulator answers for the signed-in user's own session.
const meta = {
  title: 'Delegation/DelegationPicker',
  component: DelegationPicker,
  args: { delegatorNames: demoUserNames },
} satisfies Meta<typeof DelegationPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Olivia may act as Marcus in Sunrise QualityDocs. */
export const OliviasDelegations: Story = {
  beforeEach: signedInAs(demoUsers.olivia),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: t.actAsLabel({ delegator: 'Marcus Reed', vault: 'Sunrise QualityDocs' }),
      }),
    ).toBeVisible();
  },
};

/**
 * Twelve more colleagues gave olivia delegate access: past six entries the list gets a
 * filter field and one compact row per entry, and host names such as
 * `manufacturing-batch-records.sunrise.example` break only after a dot.
 */
export const ManyDelegations: Story = {
  args: { delegatorNames: { ...demoUserNames, ...manyDelegatorNames } },
  parameters: vaultParameters({ emulator: { data: manyDelegationsData } }),
  beforeEach: signedInAs(demoUsers.olivia),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(t.filterLabel)).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(13);
    await expect(canvas.getByRole('list')).toHaveAttribute('data-layout', 'rows');
    // Laid out for real: no label of a host name is split over two lines.
    const labels = canvasElement.querySelectorAll('.vsk-delegation-picker__host-label');
    const split = Array.from(labels).filter((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      return range.getClientRects().length > 1;
    });
    await expect(split.map((label) => label.textContent)).toEqual([]);
  },
};

/** The long list, filtered by a person's name. */
export const ManyDelegationsFiltered: Story = {
  ...ManyDelegations,
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(t.filterLabel), 'greta');
    await expect(await canvas.findByText(t.filterResults({ shown: 1, total: 13 }))).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

/** The long list, filtered by something nobody matches: said plainly, with a way back. */
export const ManyDelegationsNoMatch: Story = {
  ...ManyDelegations,
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(t.filterLabel), 'zebra');
    await expect(await canvas.findByText(t.noMatches)).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByRole('button', { name: t.clearFilter })).toBeVisible();
  },
};

/** Marcus has no delegate access. */
export const NoDelegations: Story = {
  beforeEach: signedInAs(demoUsers.marcus),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    await expect(await within(canvasElement).findByText(t.empty)).toBeVisible();
  },
};

/**
 * The list cannot be loaded: the delegation call never reaches the service. The kit
 * retries twice (1 s, then 2 s) before it shows the failure with "Try again".
 */
export const LoadFailed: Story = {
  parameters: {
    msw: [http.get('/api/:version/delegation/vaults', () => HttpResponse.error())],
  },
  beforeEach: signedInAs(demoUsers.olivia),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.loadFailed, {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.retry })).toBeVisible();
  },
};

/** Olivia is acting as Marcus: that entry is marked as the current one. */
export const ActingNow: Story = {
  beforeEach: signedInAs(demoUsers.olivia, {
    delegation: { vaultId: 1002, delegatorUserId: '61002' },
  }),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    await expect(await within(canvasElement).findByText(t.current)).toBeVisible();
  },
};

/** The long list in Arabic, right to left, filtered: Latin names and host names inside Arabic text. */
export const Arabic: Story = {
  ...ManyDelegationsFiltered,
  globals: { locale: 'ar', dir: 'rtl' },
};

/** The list has not arrived yet: a loading line, and the region marked busy. */
export const Loading: Story = {
  parameters: {
    msw: [http.get('/api/:version/delegation/vaults', () => delay('infinite'))],
  },
  beforeEach: signedInAs(demoUsers.olivia),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).delegation;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.loading)).toBeVisible();
    await expect(canvas.getByRole('region', { name: t.heading })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The dark theme, with the entry being acted as marked. */
export const DarkTheme: Story = {
  ...ActingNow,
  globals: { theme: 'dark' },
};

/** The long list on a 375 px wide phone. */
export const Narrow: Story = {
  ...ManyDelegations,
  ...atViewport('narrow375'),
  tags: ['viewport:narrow375'],
};

/** The long list in a 1280 px window zoomed to 200 %. */
export const Zoom200: Story = {
  ...ManyDelegations,
  ...atViewport('zoom200'),
  tags: ['viewport:zoom200'],
};
