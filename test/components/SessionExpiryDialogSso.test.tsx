// The expiry dialog at the 48-hour cap of a single sign-on session in BFF mode, against the
// real dev stack: the kit's proxy, the vault emulator and the development OpenID Provider
// over loopback HTTP. The cap is crossed with the emulator's clock, which the proxy and the
// page share. An active user keeps the page as it is, unsaved input included, with no
// dialog; an idle one meets the idle warning and then the form; a refusal of the provider is
// said, and the cap then leads to the form. The page's timers run on the same clock (a manual
// scheduler), so nothing waits on real time but the HTTP traffic.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionExpiryDialog } from '../../src/components/SessionExpiryDialog';
import { createVaultClient } from '../../src/core/client/createVaultClient';
import type { VaultClient } from '../../src/core/client/types';
import type { VaultSession } from '../../src/core/session/VaultSession';
import { createManualClock } from '../../src/emulator/createManualClock';
import { enSessionMessages } from '../../src/locales/en/enSessionMessages';
import { RequireSession } from '../../src/react/RequireSession';
import { SessionProvider } from '../../src/react/SessionProvider';
import { useVaultSession } from '../../src/react/VaultSessionContext';
import { createManualScheduler } from '../core/keepAlive/support/createManualScheduler';
import { createMemoryLockManager } from '../core/keepAlive/support/createMemoryLockManager';
import { createProviderBrowser } from '../oidc/support/createProviderBrowser';
import { createCookieJarFetch } from '../support/createCookieJarFetch';
import { type DevStackProcess, serveDevStackProcess } from '../support/serveDevStackProcess';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };
const t = enSessionMessages;

// The page's clock follows the stack's, which runs in a process of its own (see
// serveDevStackProcess for why); the page's timers fire as it moves.
const START = Date.UTC(2026, 0, 5, 9);
const pageClock = createManualClock(START);
const scheduler = createManualScheduler(pageClock);
const settle = () => act(async () => {});
const clock = {
  now: () => pageClock.now(),
  advance: async (ms: number) => {
    const at = await served.advance(ms);
    await scheduler.advance(at - pageClock.now(), settle);
  },
};
let served: DevStackProcess;
let channel = 0;

beforeAll(async () => {
  served = await serveDevStackProcess(START);
}, 30_000);
afterEach(() => {
  document.body.innerHTML = '';
});
afterAll(async () => {
  await served.stop();
});

/** A browser's cookie jar for the app's origin, behind the page's client. */
function openBrowser(): { client: VaultClient; signInWithSso(): Promise<void> } {
  const { fetch: browserFetch } = createCookieJarFetch(served.url);
  const client = createVaultClient({
    authUrl: served.url,
    vaultUrl: `${served.url}/vault/{dns}`,
    credentials: 'proxy',
    clientId: 'vault-session-kit-demo',
    timeoutMs: 5_000,
    fetch: browserFetch,
  });
  return {
    client,
    async signInWithSso() {
      const url = await client.startProxySso({
        profileId: 'harbor-oidc',
        username: 'sam@harbor.example',
      });
      const back = await createProviderBrowser().signIn(url, {
        username: 'sam',
        password: 'Harbor-Demo-1',
      });
      // The provider's return, as the browser follows it: a navigation, through the same jar.
      await browserFetch(`${served.url}/vault-session/sso/callback${back.search}`);
    },
  };
}

function Probe({ onSession }: { onSession: (session: VaultSession) => void }) {
  onSession(useVaultSession());
  return null;
}

async function renderApp(
  client: VaultClient,
  keepAlive: { idleTimeoutMs: number } | false = false,
) {
  let session: VaultSession | undefined;
  const onOpenChange = vi.fn();
  channel += 1;
  render(
    <StrictMode>
      <SessionProvider
        client={client}
        now={() => clock.now()}
        keepAlive={
          keepAlive && {
            ...keepAlive,
            channelName: `vault-session-kit:sso-dialog:${channel}:keep-alive`,
            environment: {
              now: () => clock.now(),
              ...scheduler.timers,
              navigator: { onLine: true, locks: createMemoryLockManager() },
              window,
              document,
              BroadcastChannel: null,
            },
          }
        }
        BroadcastChannel={null}
        channelName={`vault-session-kit:sso-dialog:${channel}`}
      >
        <Probe onSession={(next) => (session = next)} />
        <SessionExpiryDialog onOpenChange={onOpenChange} />
        <RequireSession fallback={<p>The sign-in form</p>}>
          <label>
            Notes
            <textarea />
          </label>
        </RequireSession>
      </SessionProvider>
    </StrictMode>,
  );
  const notes = await screen.findByRole('textbox', { name: 'Notes' });
  if (!session) throw new Error('No session.');
  return { notes, manager: session.manager, onOpenChange, session };
}

async function atTheCapWarning(manager: VaultSession['manager']) {
  await clock.advance(48 * HOUR - 4 * MINUTE);
  await act(async () => manager.checkDeadline());
}

describe('SessionExpiryDialog: the 48-hour cap of a single sign-on session (BFF mode)', () => {
  it('keeps an active sso user where they are, unsaved input included, with no dialog', async () => {
    const browser = openBrowser();
    await browser.signInWithSso();
    const user = userEvent.setup();
    const { notes, manager, onOpenChange } = await renderApp(browser.client);
    expect(manager.getSnapshot().renewal).toBe('sso');
    await user.type(notes, 'Draft not saved yet');
    const before = manager.getSnapshot().deadline;

    await atTheCapWarning(manager);
    await waitFor(() => expect(manager.getSnapshot().deadline).not.toBe(before));
    expect(manager.getSnapshot()).toMatchObject({ status: 'active', renewal: 'sso' });
    // The same field, with what was typed and the focus: no page load, no form, no dialog.
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBe(notes);
    expect(notes).toHaveValue('Draft not saved yet');
    expect(notes).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalledWith(true);

    // Past the first session's cap, still signed in.
    await clock.advance(10 * MINUTE);
    await act(async () => manager.checkDeadline());
    expect(manager.getSnapshot().status).toBe('active');
    expect(screen.queryByText('The sign-in form')).toBeNull();
  });

  it('shows an idle sso user the idle warning, not a silent renewal, and then the form', async () => {
    const browser = openBrowser();
    const renew = vi.fn(browser.client.renewProxySso);
    const client: VaultClient = { ...browser.client, renewProxySso: renew };
    await browser.signInWithSso();
    // The idle timeout ends two minutes after the cap warning is due: a user who has done
    // nothing since signing in is idle when the cap comes near.
    const { notes, manager, session } = await renderApp(client, {
      idleTimeoutMs: 48 * HOUR - 2 * MINUTE,
    });
    expect(manager.getSnapshot().renewal).toBe('sso');
    // The keep-alive's code arrives on its own (a chunk): the idle countdown runs from then.
    await waitFor(() => expect(session?.keepAlive.getSnapshot().status).toBe('scheduled'));

    await atTheCapWarning(manager);
    const dialog = await screen.findByRole('alertdialog', { name: t.idleTitle });
    expect(dialog).toHaveAttribute('data-mode', 'idle');
    expect(renew).not.toHaveBeenCalled();
    expect(notes).toBeInTheDocument();

    // Unanswered, the idle timeout signs the user out, and the form follows.
    await clock.advance(2 * MINUTE);
    expect(await screen.findByRole('alertdialog', { name: t.idleEndedTitle })).toHaveTextContent(
      t.idleEndedBody,
    );
    expect(screen.getByText('The sign-in form')).toBeInTheDocument();
    expect(manager.getSnapshot()).toMatchObject({ status: 'ended', endReason: 'inactive' });
    expect(renew).not.toHaveBeenCalled();
  });

  it('says so when the provider refuses (consent withdrawn), then shows the form at the cap', async () => {
    const browser = openBrowser();
    await browser.signInWithSso();
    const user = userEvent.setup();
    const { manager } = await renderApp(browser.client);
    await served.withdrawConsent('sam');

    await atTheCapWarning(manager);
    const dialog = await screen.findByRole('alertdialog', { name: t.capTitle });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      t.capRenewFailedBody({ time: '' }).split('.')[0] as string,
    );
    expect((await axe.run(document.body, WCAG)).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: t.continueSession }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await clock.advance(5 * MINUTE);
    await act(async () => manager.checkDeadline());
    expect(await screen.findByRole('alertdialog', { name: t.expiredTitle })).toHaveTextContent(
      t.renewalRefusedBody,
    );
    expect(screen.getByText('The sign-in form')).toBeInTheDocument();
  });

  it('tells a password user the cap leads to the form, and renews nothing', async () => {
    const { client: browserClientOf } = openBrowser();
    const renew = vi.fn(browserClientOf.renewProxySso);
    const client: VaultClient = { ...browserClientOf, renewProxySso: renew };
    await client.login({
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
      vaultDns: 'promomats.sunrise.example',
    });
    const { manager } = await renderApp(client);
    expect(manager.getSnapshot().renewal).toBeUndefined();
    await atTheCapWarning(manager);
    const dialog = await screen.findByRole('alertdialog', { name: t.capTitle });
    expect(dialog).toHaveTextContent(
      t.capBody({ time: '', limit: '48 hours' }).split('.')[0] as string,
    );
    expect(screen.getByRole('button', { name: t.continueSession })).toBeInTheDocument();
    expect(renew).not.toHaveBeenCalled();
  });
});
