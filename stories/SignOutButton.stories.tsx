import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { LoginForm } from '../src/components/LoginForm';
import { SignOutButton } from '../src/components/SignOutButton';
import { RequireSession } from '../src/react/RequireSession';
import { demoUsers } from './support/demoUsers';
import { signedInAs } from './support/signedInAs';
import { workshopMessages } from './support/workshopMessages';

const meta = {
  title: 'Session/SignOutButton',
  component: SignOutButton,
  beforeEach: signedInAs(demoUsers.olivia),
} satisfies Meta<typeof SignOutButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as olivia. */
export const SignedIn: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).session;
    await expect(within(canvasElement).getByRole('button', { name: t.signOut })).toBeVisible();
  },
};

/** After "Sign out": the login form is back, with her user name and the reason. */
export const AfterSignOut: Story = {
  render: (args) => (
    <RequireSession fallback={<LoginForm />}>
      <SignOutButton {...args} />
    </RequireSession>
  ),
  play: async ({ canvasElement, globals }) => {
    const { session, login } = workshopMessages(globals.locale);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: session.signOut }));
    await expect(await canvas.findByText(login.signedOut)).toBeVisible();
    await expect(canvas.getByLabelText(login.usernameLabel)).toHaveValue(demoUsers.olivia.username);
  },
};

/** "Sign out" pressed while the service has not answered yet: busy, and not pressed twice. */
export const Pending: Story = {
  parameters: { msw: [http.delete('/api/:version/session', () => delay('infinite'))] },
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).session;
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.signOut }));
    const button = await canvas.findByRole('button', { name: t.signingOut });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
  },
};

/** The dark theme. */
export const DarkTheme: Story = {
  ...SignedIn,
  globals: { theme: 'dark' },
};
