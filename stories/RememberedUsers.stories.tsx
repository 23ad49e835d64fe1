import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { createRememberedUsers } from '../src/components/createRememberedUsers';
import { LoginForm } from '../src/components/LoginForm';
import { atViewport } from './support/atViewport';
import { workshopMessages } from './support/workshopMessages';

/** A store of its own per story, in memory: the workshop leaves the browser's storage alone. */
function rememberedUsers() {
  const items = new Map<string, string>();
  const users = createRememberedUsers({
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
  });
  users.remember('marcus@sunrise.example');
  users.remember('olivia@sunrise.example');
  return users;
}

const meta = {
  title: 'Sign in/RememberedUsers',
  component: LoginForm,
  render: (args) => <LoginForm {...args} rememberedUsers={rememberedUsers()} />,
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first step offers the two names last signed in on this browser. */
export const Offered: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).account;
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: t.rememberedHeading });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};

/** Olivia's name chosen: in the field, which has the focus. */
export const Chosen: Story = {
  play: async ({ canvasElement, globals }) => {
    const { account, login } = workshopMessages(globals.locale);
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: account.continueAs({ user: 'olivia@sunrise.example' }),
      }),
    );
    const field = canvas.getByLabelText(login.usernameLabel);
    await expect(field).toHaveValue('olivia@sunrise.example');
    await expect(field).toHaveFocus();
  },
};

/** Olivia's name removed: marcus's is left, and has the focus. */
export const Removed: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).account;
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: t.forgetLabel({ user: 'olivia@sunrise.example' }),
      }),
    );
    await expect(
      canvas.getByRole('button', { name: t.continueAs({ user: 'marcus@sunrise.example' }) }),
    ).toHaveFocus();
  },
};

/** The dark theme. */
export const DarkTheme: Story = {
  ...Offered,
  globals: { theme: 'dark' },
};

/** On a 375 px wide phone. */
export const Narrow: Story = {
  ...Offered,
  ...atViewport('narrow375'),
  tags: ['viewport:narrow375'],
};
