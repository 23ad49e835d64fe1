import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import type { SessionMessages } from '../src/components/i18n/SessionMessages';
import { SessionExpiryDialog } from '../src/components/SessionExpiryDialog';
import type { VaultSsoModule } from '../src/core/session/VaultSession';
import { createSsoError, type SsoErrorCode } from '../src/oidc/createSsoError';
import { DialogOverDraft } from './support/DialogOverDraft';
import { demoUsers } from './support/demoUsers';
import { readStoryVault } from './support/readStoryVault';
import { vaultParameters } from './support/vaultParameters';
import { workshopMessages } from './support/workshopMessages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TICKS = { timeout: 5_000 };

// Token mode: at the cap the page asks the identity provider for a new session in a hidden
// frame (a silent sign-in). The workshop has no identity provider, so the single sign-on code
// answers as the provider does when it refuses; the browser tests run the real provider.
function refusingProvider(code: SsoErrorCode): () => Promise<VaultSsoModule> {
  return async () => ({
    ...(await import('../src/oidc/index')),
    renewSsoSilently: () => Promise.reject(createSsoError(code)),
  });
}

/**
 * A session that a single sign-on began (renewable at the cap without a form), four minutes
 * before its 48-hour cap, with a draft typed into the page.
 */
async function nearTheCap(context: { readonly loaded: Record<string, unknown> }): Promise<void> {
  const { session, clock } = readStoryVault(context);
  const startedAt = clock.now();
  const result = await session.client.login(demoUsers.olivia);
  // As the callback of a single sign-on with `sso.silentRedirectUri` hands it over.
  session.manager.checkDeadline();
  session.manager.establish(
    { ...result, renewal: 'sso' },
    { username: demoUsers.olivia.username, startedAt },
  );
  clock.advance(48 * HOUR - 4 * MINUTE);
  session.manager.checkDeadline();
}

function refusingParameters(code: SsoErrorCode) {
  return vaultParameters({
    session: {
      keepAlive: false,
      sso: { silentRedirectUri: '/sso/silent', load: refusingProvider(code) },
    },
  });
}

/**
 * The cap warning says the organisation refused, its least drastic action has the focus;
 * "Continue until then", the cap, and the end notice says why the form follows.
 */
function endsAtTheCapWith(why: (t: SessionMessages) => string) {
  return async (context: {
    readonly loaded: Record<string, unknown>;
    readonly globals: { readonly locale?: string };
  }): Promise<void> => {
    const t = workshopMessages(context.globals.locale).session;
    await expect(await screen.findByRole('alertdialog', { name: t.capTitle }, TICKS)).toBeVisible();
    const continueButton = screen.getByRole('button', { name: t.continueSession });
    await waitFor(() => expect(continueButton).toHaveFocus());
    await userEvent.click(continueButton);
    const vault = readStoryVault(context);
    vault.clock.advance(5 * MINUTE);
    vault.session.manager.checkDeadline();
    const ended = await screen.findByRole('alertdialog', { name: t.expiredTitle }, TICKS);
    await expect(ended).toHaveTextContent(why(t));
  };
}

const meta = {
  title: 'Session/SessionExpiryDialog silent sign-in',
  component: SessionExpiryDialog,
  parameters: refusingParameters('sso_login_required'),
  beforeEach: nearTheCap,
  render: (args) => <DialogOverDraft {...args} />,
} satisfies Meta<typeof SessionExpiryDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The provider no longer knows the user (`login_required`): the cap warning says the
 * organisation did not allow a new session, and at the cap the dialog says why the form
 * follows.
 */
export const SignedOutAtProvider: Story = {
  play: endsAtTheCapWith((t) => t.renewalSignedOutBody),
};

/** The user's consent for the app was withdrawn at the provider (`consent_required`). */
export const ConsentWithdrawn: Story = {
  parameters: refusingParameters('sso_consent_required'),
  play: endsAtTheCapWith((t) => t.renewalConsentBody),
};

/** No longer signed in at the provider, in Arabic, right to left. */
export const SignedOutAtProviderArabic: Story = {
  ...SignedOutAtProvider,
  globals: { locale: 'ar', dir: 'rtl' },
};

/** No longer signed in at the provider, in the dark theme. */
export const DarkTheme: Story = {
  ...SignedOutAtProvider,
  globals: { theme: 'dark' },
};
