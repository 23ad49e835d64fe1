// An active single sign-on user crosses the 48-hour cap in BFF mode without a form: the
// session engine asks the proxy for a new session (the proxy asks the real development
// OpenID Provider with the refresh token it keeps sealed), and every tab of the browser takes
// it through the tab hand-off. The cap is crossed with the emulator's clock, which the proxy
// and the tabs share. A password user, and a provider that refuses, keep the cap.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClient } from '../../../src/core/client/types';
import { createSessionManager } from '../../../src/core/session/createSessionManager';
import { renewSsoSession } from '../../../src/core/session/renewSsoSession';
import type { SessionManager } from '../../../src/core/session/SessionManager';
import type { BroadcastChannelConstructor } from '../../../src/core/session/types';
import { createManualClock } from '../../../src/emulator/createManualClock';
import { createProviderBrowser } from '../../oidc/support/createProviderBrowser';
import { createCookieJarFetch } from '../../support/createCookieJarFetch';
import { type ServedDevStack, serveDevStack } from '../../support/serveDevStack';
import { uniqueChannelName } from './startSessionBackend';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const SAM = 'sam@harbor.example';
const IDP_SAM = { username: 'sam', password: 'Harbor-Demo-1' };
const TOKENS = /access_token|id_token|refresh_token|"sessionId"|eyJ[A-Za-z0-9_-]{10,}/;
const WITHIN_A_SECOND = { timeout: 2_000, interval: 5 };

const clock = createManualClock(Date.UTC(2026, 0, 5, 9));
let served: ServedDevStack;
const tabs: SessionManager[] = [];

beforeAll(async () => {
  served = await serveDevStack({
    emulator: { clock, passwordHashIterations: 1_000, authBurstLimit: 1_000 },
  });
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.destroy();
});
afterAll(async () => {
  await served.close();
});

/** One browser: a cookie jar for the app's origin, and every byte a page could read. */
function openBrowser() {
  const { fetch: browserFetch, jar, readable } = createCookieJarFetch(served.url);
  const client: VaultClient = createVaultClient({
    authUrl: served.url,
    vaultUrl: `${served.url}/vault/{dns}`,
    credentials: 'proxy',
    clientId: 'vault-session-kit-demo',
    timeoutMs: 5_000,
    fetch: browserFetch,
  });
  const channelName = uniqueChannelName();
  return {
    jar,
    readable,
    client,
    openTab() {
      const tab = createSessionManager({
        client,
        channelName,
        BroadcastChannel: BroadcastChannel as BroadcastChannelConstructor,
        now: () => clock.now(),
      });
      tabs.push(tab);
      tab.start();
      return tab;
    },
    /** Sam through the provider's pages: the proxy's start, sign-in, the proxy's callback. */
    async signInWithSso() {
      const authorizationUrl = await client.startProxySso({
        profileId: 'harbor-oidc',
        username: SAM,
      });
      const back = await createProviderBrowser().signIn(authorizationUrl, IDP_SAM);
      await browserFetch(`${served.url}/vault-session/sso/callback${back.search}`);
    },
  };
}

async function joined(tab: SessionManager) {
  await vi.waitFor(() => expect(tab.getSnapshot().joining).toBeUndefined(), WITHIN_A_SECOND);
  return tab.getSnapshot();
}

const liveSessionsOf = (userId: string | undefined) =>
  served.stack.emulator.sessions().filter((s) => String(s.userId) === userId).length;

describe('single sign-on at the 48-hour cap (BFF mode)', () => {
  it('gives every tab of an active sso user a new session without a form; the old one ends at its vault', async () => {
    const browser = openBrowser();
    await browser.signInWithSso();
    const first = browser.openTab();
    const second = browser.openTab();
    const before = await joined(first);
    await joined(second);
    expect(before).toMatchObject({ status: 'active', renewal: 'sso' });
    const userId = before.user?.userId;
    const sessionsBefore = liveSessionsOf(userId);

    clock.advance(48 * HOUR - 4 * MINUTE);
    first.checkDeadline();
    second.checkDeadline();
    expect(first.getSnapshot().status).toBe('expiring');

    await expect(
      renewSsoSession({ manager: first, client: browser.client, now: () => clock.now() }),
    ).resolves.toBe(true);
    const renewed = first.getSnapshot();
    expect(renewed).toMatchObject({ status: 'active', renewal: 'sso' });
    expect(renewed.user?.username).toBe(SAM);
    expect(renewed.deadline).toBe(clock.now() + 48 * HOUR);
    // The other tab takes the new session through the hand-off, and does not renew again.
    await vi.waitFor(
      () => expect(second.getSnapshot().deadline).toBe(renewed.deadline),
      WITHIN_A_SECOND,
    );
    expect(second.getSnapshot().status).toBe('active');
    expect(second.getOwnSession()).toEqual(first.getOwnSession());
    await expect(
      renewSsoSession({ manager: second, client: browser.client, now: () => clock.now() }),
    ).resolves.toBe(false);
    await vi.waitFor(() => expect(liveSessionsOf(userId)).toBe(sessionsBefore), WITHIN_A_SECOND);

    // Past the old cap, both tabs still work with the vault.
    clock.advance(10 * MINUTE);
    first.checkDeadline();
    second.checkDeadline();
    expect(first.getSnapshot().status).toBe('active');
    const route = first.getSessionRoute();
    if (!route) throw new Error('No session route.');
    await expect(browser.client.keepAlive(route.session, route)).resolves.toBeUndefined();
    for (const bytes of browser.readable) expect(bytes).not.toMatch(TOKENS);
  });

  it('keeps the cap when the provider refuses (consent withdrawn): the session ends there', async () => {
    const browser = openBrowser();
    await browser.signInWithSso();
    const tab = browser.openTab();
    await joined(tab);
    await served.stack.oidc?.withdrawConsent('sam');
    clock.advance(48 * HOUR - 4 * MINUTE);
    tab.checkDeadline();
    await expect(
      renewSsoSession({ manager: tab, client: browser.client, now: () => clock.now() }),
    ).rejects.toMatchObject({ type: 'SSO_RENEWAL_REFUSED' });
    // No second attempt is offered once refused.
    expect(tab.getSnapshot()).toMatchObject({ status: 'expiring' });
    expect(tab.getSnapshot().renewal).toBe('sso');
    clock.advance(5 * MINUTE);
    tab.checkDeadline();
    expect(tab.getSnapshot()).toMatchObject({ status: 'expired', endReason: 'expired' });
  });

  it('has nothing to renew for a password user', async () => {
    const browser = openBrowser();
    const tab = browser.openTab();
    await joined(tab);
    await tab.signIn({
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
      vaultDns: 'promomats.sunrise.example',
    });
    expect(tab.getSnapshot().renewal).toBeUndefined();
    clock.advance(48 * HOUR - 4 * MINUTE);
    tab.checkDeadline();
    await expect(
      renewSsoSession({ manager: tab, client: browser.client, now: () => clock.now() }),
    ).resolves.toBe(false);
    expect(tab.getSnapshot().status).toBe('expiring');
  });
});
