import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { LoginForm } from '../src/components/LoginForm';
import { demoUsers, demoVaults } from './support/demoUsers';
import { readStoryVault } from './support/readStoryVault';
import { storySteps } from './support/storySteps';
import { vaultParameters } from './support/vaultParameters';
import { workshopMessages } from './support/workshopMessages';

const SESSION_CAP_MS = 48 * 60 * 60_000;
const WRONG_PASSWORD = 'Not-The-Password-1';
const LOGIN_PATH = '/api/:version/auth';

// The identifier-first form against the emulator: every state below is reached the way a
// user reaches it, by typing into the form (play) or by a real session that ended.
const meta = {
  title: 'Sign-in/LoginForm',
  component: LoginForm,
  args: { passwordChangeUrl: 'https://promomats.sunrise.example/ui/#password' },
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first step: the user name, with its hint. */
export const IdentifierStep: Story = {};

/** "Continue" with an empty user name. */
export const UserNameMissing: Story = {
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).login;
    const canvas = within(context.canvasElement);
    await canvas.findByLabelText(t.usernameLabel);
    await userEvent.click(canvas.getByRole('button', { name: t.continue }));
    await storySteps(context).expectMessage(t.usernameRequired);
  },
};

/** Discovery answered `password` for olivia: the password step. */
export const PasswordStep: Story = {
  play: async (context) => {
    await storySteps(context).continueAs(demoUsers.olivia.username);
  },
};

/** Discovery answered `sso` for sam (harbor.example): the Harbor SSO profile. Nothing redirects until the button is pressed. */
export const SsoStep: Story = {
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).login;
    await storySteps(context).continueAs(demoUsers.sam.username);
    const canvas = within(context.canvasElement);
    await expect(
      canvas.getByRole('button', { name: t.ssoContinueWith({ label: 'Harbor SSO' }) }),
    ).toBeVisible();
  },
};

const enterWrongPassword: NonNullable<Story['play']> = async (context) => {
  const steps = storySteps(context);
  await steps.continueAs(demoUsers.olivia.username);
  await steps.signIn(WRONG_PASSWORD);
  await steps.expectMessage(workshopMessages(context.globals.locale).login.incorrectCredentials);
};

/** A wrong password (the same answer as an unknown user). */
export const WrongPassword: Story = { play: enterWrongPassword };

/** `USER_LOCKED_OUT`. */
export const LockedOut: Story = {
  play: async (context) => {
    const steps = storySteps(context);
    await steps.continueAs(demoUsers.locked.username);
    await steps.signIn(demoUsers.locked.password);
    await steps.expectMessage(workshopMessages(context.globals.locale).login.lockedOut);
  },
};

/** `PASSWORD_CHANGE_REQUIRED` for newhire, with the link to change it. */
export const PasswordChangeRequired: Story = {
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).login;
    const steps = storySteps(context);
    await steps.continueAs(demoUsers.newhire.username);
    await steps.signIn(demoUsers.newhire.password);
    await steps.expectMessage(t.passwordChangeRequired);
    await expect(
      within(context.canvasElement).getByRole('link', { name: t.changePassword }),
    ).toHaveAttribute('href', 'https://promomats.sunrise.example/ui/#password');
  },
};

/** `INACTIVE_USER`. */
export const InactiveUser: Story = {
  play: async (context) => {
    const steps = storySteps(context);
    await steps.continueAs(demoUsers.inactive.username);
    await steps.signIn(demoUsers.inactive.password);
    await steps.expectMessage(workshopMessages(context.globals.locale).login.inactiveUser);
  },
};

/**
 * `API_LIMIT_EXCEEDED`: the emulator allows one password login per user and minute here,
 * so the attempt after a typo is refused; submitting stays blocked with a countdown.
 */
export const RateLimited: Story = {
  parameters: vaultParameters({ emulator: { authBurstLimit: 1 } }),
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).login;
    const steps = storySteps(context);
    await steps.continueAs(demoUsers.olivia.username);
    await steps.signIn(WRONG_PASSWORD);
    await steps.expectMessage(t.incorrectCredentials);
    await steps.signIn(demoUsers.olivia.password);
    // The service says how long is left of its one-minute window, so up to 60 seconds. The
    // message is announced once and its visible copy counts down: one of each.
    const waits = new Set(Array.from({ length: 60 }, (_, i) => t.rateLimited({ seconds: i + 1 })));
    const canvas = within(context.canvasElement);
    const shown = await canvas.findAllByText((text) => waits.has(text));
    await expect(
      shown.filter((element) => element.getAttribute('aria-hidden') === 'true'),
    ).toHaveLength(1);
    await expect(
      shown.filter((element) => element.classList.contains('vsk-visually-hidden')),
    ).toHaveLength(1);
    await expect(
      within(context.canvasElement).getByRole('button', { name: t.signIn }),
    ).toBeDisabled();
  },
};

/** The login call never reaches the service (offline, DNS, CORS): "Try again" keeps the password. */
export const NetworkError: Story = {
  parameters: { msw: [http.post(LOGIN_PATH, () => HttpResponse.error())] },
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).login;
    const steps = storySteps(context);
    await steps.continueAs(demoUsers.olivia.username);
    await steps.signIn(demoUsers.olivia.password);
    await steps.expectMessage(t.networkError);
    await expect(
      within(context.canvasElement).getByRole('button', { name: t.tryAgain }),
    ).toBeVisible();
  },
};

/** The service does not answer the login call within the client's timeout (2.5 s here). */
export const Timeout: Story = {
  parameters: {
    ...vaultParameters({ client: { timeoutMs: 2_500 } }),
    msw: [http.post(LOGIN_PATH, () => delay('infinite'))],
  },
  play: async (context) => {
    const steps = storySteps(context);
    await steps.continueAs(demoUsers.olivia.username);
    await steps.signIn(demoUsers.olivia.password);
    await steps.expectMessage(workshopMessages(context.globals.locale).login.timeout);
  },
};

/**
 * Olivia's session reached the 48-hour cap: the form is back with her user name filled in
 * and says why (the story clock skips the 48 hours).
 */
export const SessionExpired: Story = {
  beforeEach: async (context) => {
    const { session, clock } = readStoryVault(context);
    await session.manager.signIn(demoUsers.olivia);
    clock.advance(SESSION_CAP_MS);
    session.manager.checkDeadline();
  },
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).login;
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByText(t.sessionExpired)).toBeVisible();
    await expect(canvas.getByLabelText(t.usernameLabel)).toHaveValue(demoUsers.olivia.username);
  },
};

/** Signed in with the right password. */
export const SignedIn: Story = {
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).login;
    const steps = storySteps(context);
    await steps.continueAs(demoUsers.olivia.username);
    await steps.signIn(demoUsers.olivia.password);
    await expect(
      await within(context.canvasElement).findByRole('heading', { name: t.signedInHeading }),
    ).toBeVisible();
  },
};

/** The application lets the user choose the vault on the password step. */
export const VaultChoice: Story = {
  args: { vaults: demoVaults },
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).login;
    await storySteps(context).continueAs(demoUsers.olivia.username);
    await expect(within(context.canvasElement).getByLabelText(t.vaultLabel)).toHaveValue(
      demoVaults[0].dns,
    );
  },
};

/**
 * Marcus asks for Sunrise PromoMats, where he has no account: the service signs him in to
 * his own vault instead, the DNS check refuses that session and ends it, and the form names
 * the vault he asked for and the one his account is in.
 */
export const VaultNotAvailable: Story = {
  args: { vaults: demoVaults },
  play: async (context) => {
    const steps = storySteps(context);
    await steps.continueAs(demoUsers.marcus.username);
    await steps.signIn(demoUsers.marcus.password);
    await steps.expectMessage(
      workshopMessages(context.globals.locale).login.vaultElsewhere({
        vault: demoVaults[0].name,
        actual: 'Sunrise QualityDocs',
      }),
    );
  },
};

/** German messages, after a wrong password. */
export const German: Story = {
  globals: { locale: 'de' },
  play: enterWrongPassword,
};

/** French messages, after a wrong password. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: enterWrongPassword,
};

/** Spanish messages, after a wrong password. */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: enterWrongPassword,
};

/** Japanese messages, after a wrong password. */
export const Japanese: Story = {
  globals: { locale: 'ja' },
  play: enterWrongPassword,
};

/** Arabic, right to left, on the password step with an error. */
export const RightToLeft: Story = {
  globals: { locale: 'ar', dir: 'rtl' },
  play: enterWrongPassword,
};

/** The dark theme, on the password step with an error. */
export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  play: enterWrongPassword,
};

/**
 * An app's own layout from the parts: on the first step the error region above its heading
 * and the status line under the field; on the password step the error under the heading
 * and "Not you?" after "Sign in"; the single sign-on step as the kit has it. Discovery,
 * focus moves and announcements are the same as in the form above.
 */
export const RearrangedFromParts: Story = {
  name: 'Rearranged from parts',
  render: ({ title, ...args }) => (
    <LoginForm.Root {...args}>
      <LoginForm.IdentifierStep>
        <LoginForm.Error />
        <LoginForm.Heading>{title}</LoginForm.Heading>
        <LoginForm.UsernameField />
        <LoginForm.Status />
        <LoginForm.Submit />
      </LoginForm.IdentifierStep>
      <LoginForm.PasswordStep>
        <LoginForm.Heading />
        <LoginForm.Error />
        <LoginForm.PasswordField />
        <LoginForm.VaultChoice />
        <LoginForm.Submit />
        <LoginForm.Identity />
      </LoginForm.PasswordStep>
      <LoginForm.SsoStep />
      <LoginForm.SsoCallback />
      <LoginForm.SignedIn />
    </LoginForm.Root>
  ),
  args: { vaults: demoVaults },
  play: enterWrongPassword,
};
