import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoginForm } from '../src/components/LoginForm';
import { atSsoCallback, previewRedirectUri } from './support/atSsoCallback';
import { vaultParameters } from './support/vaultParameters';
import { workshopMessages } from './support/workshopMessages';

// The login form on the page single sign-on returns to: the preview page itself is the
// session's redirect URI, and each story puts the provider's answer into its address.
const meta = {
  title: 'Sign-in/SsoCallback',
  component: LoginForm,
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Back from the provider with a code: the form says the sign-in is being completed. The
 * single sign-on code never finishes loading here, so the story stays in that state.
 */
export const Completing: Story = {
  parameters: vaultParameters({
    session: { sso: { redirectUri: previewRedirectUri(), load: () => new Promise(() => {}) } },
  }),
  beforeEach: atSsoCallback({ code: 'story-code', state: 'story-state' }),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).login;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(t.ssoCompleting);
  },
};

/** The user cancelled at the identity provider (`access_denied`): said plainly, as an alert. */
export const Cancelled: Story = {
  parameters: vaultParameters({ session: { sso: { redirectUri: previewRedirectUri() } } }),
  beforeEach: atSsoCallback({ error: 'access_denied' }),
  play: async ({ canvasElement, globals }) => {
    const t = workshopMessages(globals.locale).login;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t.ssoCancelled);
    await expect(window.location.search).not.toContain('access_denied');
  },
};

/** The cancelled answer in the dark theme. */
export const DarkTheme: Story = {
  ...Cancelled,
  globals: { theme: 'dark' },
};
