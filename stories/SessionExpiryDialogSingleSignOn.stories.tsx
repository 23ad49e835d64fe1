import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { SessionExpiryDialog } from '../src/components/SessionExpiryDialog';
import { DialogOverDraft } from './support/DialogOverDraft';
import { readStoryVault } from './support/readStoryVault';
import { vaultParameters } from './support/vaultParameters';
import { workshopMessages } from './support/workshopMessages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SESSION_CAP_MS = 48 * HOUR;
const TICKS = { timeout: 5_000 };

// The kit's proxy in BFF mode, as the page sees it: its session route says which session the
// browser holds (a single sign-on session the proxy can renew), and its renewal route answers
// as the identity provider lets it. The workshop has no identity provider, so the mock service
// worker stands in for the proxy's two routes; the tests run the real ones.
interface ProxyState {
  tag: string;
  createdAt: number;
  renewal: 'granted' | 'refused';
}
let proxy: ProxyState = { tag: 'storyTagFirstSession00', createdAt: 0, renewal: 'granted' };

const sam = { userId: 63001, vaultId: 2001, vaultDns: 'clinical.harbor.example' };
const proxyRoutes = [
  http.get('/vault-session', () =>
    HttpResponse.json({
      own: {
        sessionTag: proxy.tag,
        vaultDns: sam.vaultDns,
        userId: sam.userId,
        vaultId: sam.vaultId,
        createdAt: proxy.createdAt,
        deadline: proxy.createdAt + SESSION_CAP_MS,
        // The proxy holds a refresh token for this session; whether the provider still
        // honours it, only the renewal finds out.
        renewal: 'sso',
      },
      delegated: null,
    }),
  ),
  http.delete('/vault-session', () => HttpResponse.json({ own: null, delegated: null })),
  http.post('/vault-session/sso/renew', () => {
    if (proxy.renewal === 'refused') {
      return HttpResponse.json({
        responseStatus: 'FAILURE',
        errors: [
          {
            type: 'SSO_RENEWAL_REFUSED',
            message: 'The identity provider no longer allows a sign-in without a form.',
          },
        ],
      });
    }
    proxy = { ...proxy, tag: 'storyTagRenewedSession', createdAt: Date.now() };
    return HttpResponse.json({
      responseStatus: 'SUCCESS',
      userId: sam.userId,
      vaultId: sam.vaultId,
      vaultIds: [{ id: sam.vaultId, name: 'Harbor Clinical', url: `https://${sam.vaultDns}/api` }],
      sessionTag: proxy.tag,
      sessionDeadline: proxy.createdAt + SESSION_CAP_MS,
      sessionRenewal: 'sso',
    });
  }),
];

/**
 * Sam, signed in through his organisation in BFF mode, four minutes before the 48-hour cap,
 * with a draft typed into the page.
 */
function nearTheCap(renewal: ProxyState['renewal']) {
  return (context: { readonly loaded: Record<string, unknown> }) => {
    const { clock } = readStoryVault(context);
    proxy = {
      tag: 'storyTagFirstSession00',
      createdAt: clock.now() - SESSION_CAP_MS + 4 * MINUTE,
      renewal,
    };
  };
}

// The dialog where an application puts it, over a page with unsaved input.
const meta = {
  title: 'Session/SessionExpiryDialog single sign-on',
  component: SessionExpiryDialog,
  parameters: {
    ...vaultParameters({
      client: { credentials: 'proxy' },
      session: { keepAlive: false },
    }),
    msw: proxyRoutes,
  },
  render: (args) => <DialogOverDraft {...args} />,
} satisfies Meta<typeof SessionExpiryDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The identity provider allows a new session: at the cap warning the page stays as it is
 * (no dialog, the draft kept) and the session's 48 hours start again.
 */
export const Renewed: Story = {
  beforeEach: nearTheCap('granted'),
  play: async ({ loaded }) => {
    const vault = readStoryVault({ loaded });
    const notes = await screen.findByRole('textbox', { name: 'Notes' }, TICKS);
    await waitFor(() => {
      const deadline = vault.session.manager.getSnapshot().deadline ?? 0;
      expect(deadline - vault.clock.now()).toBeGreaterThan(47 * HOUR);
    }, TICKS);
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(notes).toHaveValue('Draft not saved yet');
  },
};

/**
 * The identity provider refused (consent withdrawn): the cap warning says so, and that the
 * form follows at the cap.
 */
export const RenewalRefused: Story = {
  beforeEach: nearTheCap('refused'),
  play: async ({ globals }) => {
    const t = workshopMessages(globals.locale).session;
    await expect(await screen.findByRole('alertdialog', { name: t.capTitle }, TICKS)).toBeVisible();
    await expect(await screen.findByRole('alert', {}, TICKS)).toBeVisible();
    const continueButton = screen.getByRole('button', { name: t.continueSession });
    await waitFor(() => expect(continueButton).toHaveFocus());
  },
};

/** After a refusal the cap was reached: the session ended, and the dialog says why. */
export const EndedAfterRefusal: Story = {
  beforeEach: nearTheCap('refused'),
  play: async (context) => {
    const t = workshopMessages(context.globals.locale).session;
    await RenewalRefused.play?.(context);
    await userEvent.click(screen.getByRole('button', { name: t.continueSession }));
    const vault = readStoryVault(context);
    vault.clock.advance(5 * MINUTE);
    vault.session.manager.checkDeadline();
    const ended = await screen.findByRole('alertdialog', { name: t.expiredTitle }, TICKS);
    await expect(ended).toHaveTextContent(t.renewalRefusedBody);
  },
};

/** The refusal in Arabic, right to left. */
export const RenewalRefusedArabic: Story = {
  ...RenewalRefused,
  globals: { locale: 'ar', dir: 'rtl' },
};

/** The refusal in the dark theme. */
export const DarkTheme: Story = {
  ...RenewalRefused,
  globals: { theme: 'dark' },
};
