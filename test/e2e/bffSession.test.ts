// BFF mode in real Chromium: the demo (as `npm run dev` serves it) with the proxy keeping the
// vault session ID in HttpOnly cookies. A script injected into the signed-in page stands in
// for an XSS payload and tries every way a page has to the session ID: document.cookie, web
// storage, the kit's tab channel while another tab joins, delegation changes hands over and
// keep-alives run, and the proxy's session route. Every request and response of the browser
// is recorded too; the real IDs, read by opening the cookies with the dev server's secret,
// appear in none of it. Then the demo flow: act as marcus, stop acting, a second tab joining
// and both signing out together.
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { enSessionMessages } from '../../src/locales/en/enSessionMessages';
import { token } from '../support/sessionReferences';
import { sealedSessionIds } from './support/sealedSessionIds';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const MINUTE = 60_000;
const ACT_AS_MARCUS = 'Act as Marcus Reed in Sunrise QualityDocs';

const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, emulator: { authBurstLimit: 1_000 }, prebuilt: true },
});

interface Traffic {
  readonly text: string[];
  /** Resolves once every response seen so far has been read. */
  settled(): Promise<unknown>;
}

/** Every request (URL, headers, body) and response (status, headers, body) of the context. */
function recordTraffic(context: BrowserContext): Traffic {
  const text: string[] = [];
  const reading: Promise<void>[] = [];
  context.on('request', (request) => {
    text.push(
      JSON.stringify([request.method(), request.url(), request.headers(), request.postData()]),
    );
  });
  context.on('response', (response) => {
    reading.push(
      Promise.all([response.allHeaders(), response.body().catch(() => Buffer.from(''))]).then(
        ([headers, body]) => {
          text.push(JSON.stringify([response.status(), response.url(), headers, body.toString()]));
        },
      ),
    );
  });
  return { text, settled: () => Promise.all(reading) };
}

function poll<T>(read: () => Promise<T> | T, timeout = 15_000) {
  return expect.poll(read, { timeout, interval: 25 });
}

function usernameField(page: Page) {
  return page.getByRole('textbox', { name: enLoginMessages.usernameLabel });
}

function documentsHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Documents' });
}

async function signIn(page: Page): Promise<void> {
  await usernameField(page).fill(OLIVIA.username);
  await page.getByRole('button', { name: enLoginMessages.continue }).click();
  await page.getByLabel(enLoginMessages.passwordLabel, { exact: true }).fill(OLIVIA.password);
  await page.getByRole('button', { name: enLoginMessages.signIn }).click();
  await documentsHeading(page).waitFor();
}

/**
 * The payload: what any script on the page can do. It reads cookies and storage at once,
 * listens on the kit's tab channel, which carries the keep-alive's messages too, and asks
 * the proxy's session route.
 */
function injectStealer(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const stolen: string[] = [];
    const keep = (label: string, value: unknown) =>
      stolen.push(`${label}:${typeof value === 'string' ? value : JSON.stringify(value)}`);
    (window as unknown as { stolen: string[] }).stolen = stolen;
    keep('cookie', document.cookie);
    keep('local', { ...localStorage });
    keep('session', { ...sessionStorage });
    // The kit's one tab channel: the session's messages, and the keep-alive's as a topic.
    const channel = new BroadcastChannel('vault-session-kit');
    channel.onmessage = (event) => keep('channel', event.data);
    const route = await fetch('/vault-session', { credentials: 'same-origin' });
    keep('route', await route.text());
  });
}

function stolenOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { stolen: string[] }).stolen);
}

describe('BFF mode: the session ID out of reach of page scripts', () => {
  it('an injected script finds no session ID anywhere, through sign-in, a joining tab, keep-alive and delegation', async () => {
    const context = await demo.newContext();
    const traffic = recordTraffic(context);
    const page = await context.newPage();
    await page.clock.install();
    // Short timeouts: a keep-alive every 30 s of the page clock.
    await page.goto(`${demo.dev.url}/?short-timeouts`);
    await usernameField(page).waitFor();
    await signIn(page);
    await injectStealer(page);

    const stolenBefore = await stolenOf(page);
    expect(stolenBefore.find((entry) => entry.startsWith('cookie:'))).toBe('cookie:');
    const routeAnswer = stolenBefore.find((entry) => entry.startsWith('route:')) ?? '';
    expect(routeAnswer).toContain('"sessionTag"');

    // Another tab joins: the open tab hands its session over on the channel.
    const second = await context.newPage();
    await second.goto(`${demo.dev.url}/?short-timeouts`);
    await documentsHeading(second).waitFor();
    await poll(async () =>
      (await stolenOf(page)).some((entry) => entry.includes('"type":"session"')),
    ).toBe(true);

    // Keep-alives run (the page clock moves past the interval while the user is active).
    const keptAlive = page.waitForResponse((response) => response.url().endsWith('/keep-alive'));
    await page.keyboard.press('Shift');
    await page.clock.fastForward(MINUTE);
    expect((await keptAlive).status()).toBe(200);
    await poll(async () =>
      (await stolenOf(page)).some(
        (entry) =>
          entry.startsWith('channel:') && entry.includes('"topic":"vault-session-kit:keep-alive:'),
      ),
    ).toBe(true);

    // A delegation starts: the delegated session is handed to the other tab.
    await page.getByRole('button', { name: /^Delegations/ }).click();
    await page.getByRole('button', { name: ACT_AS_MARCUS }).click();
    await page.getByRole('region', { name: 'Delegated session' }).waitFor();
    await second.getByRole('region', { name: 'Delegated session' }).waitFor();
    const { own, delegated } = await sealedSessionIds(context, demo.dev);
    if (own === undefined || delegated === undefined) {
      throw new Error('The proxy set no session cookies.');
    }
    await injectStealer(second);

    const stolen = [...(await stolenOf(page)), ...(await stolenOf(second))];
    expect(stolen.length).toBeGreaterThan(5);
    for (const entry of stolen) {
      expect(entry).not.toContain(own);
      expect(entry).not.toContain(delegated);
    }
    // The kit sent no Authorization from the page, and no request or response carried an ID.
    await traffic.settled();
    const seen = traffic.text.join('\n');
    expect(seen).not.toContain(own);
    expect(seen).not.toContain(delegated);
    expect(seen.toLowerCase()).not.toContain('"authorization"');
    await context.close();
  });

  it('acts as marcus, stops acting, and a second tab joins and signs out with the first', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await page.goto(demo.dev.url);
    await usernameField(page).waitFor();
    await signIn(page);
    const header = page.getByRole('banner');
    await poll(() => header.getByText('Olivia Bennett').count()).toBe(1);

    await page.getByRole('button', { name: /^Delegations/ }).click();
    await page.getByRole('button', { name: ACT_AS_MARCUS }).click();
    const banner = page.getByRole('region', { name: 'Delegated session' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Acting as Marcus Reed in Sunrise QualityDocs');
    // The delegated cookie exists only while acting.
    expect((await sealedSessionIds(context, demo.dev)).delegated).toBeDefined();
    await banner.getByRole('button', { name: 'Stop acting' }).click();
    await poll(() => banner.count()).toBe(0);
    await poll(async () => (await sealedSessionIds(context, demo.dev)).delegated).toBeUndefined();
    await documentsHeading(page).waitFor();

    // A second tab of the same browser joins without a sign-in.
    const second = await context.newPage();
    await second.goto(demo.dev.url);
    await documentsHeading(second).waitFor();
    await poll(() => second.getByRole('banner').getByText('Olivia Bennett').count()).toBe(1);

    // The reload of a tab keeps the session too.
    await second.reload();
    await documentsHeading(second).waitFor();

    const { own } = await sealedSessionIds(context, demo.dev);
    if (own === undefined) throw new Error('The proxy set no session cookie.');
    await second
      .getByRole('banner')
      .getByRole('button', { name: enSessionMessages.signOut })
      .click();
    await usernameField(second).waitFor();
    await usernameField(page).waitFor();
    await poll(() => second.getByText(enLoginMessages.signedOut).count()).toBe(1);
    await poll(() => page.getByText(enLoginMessages.signedOutElsewhere).count()).toBe(1);
    await poll(async () => (await context.cookies(demo.dev.url)).length).toBe(0);
    // The session is over at the vault, not only in the browser.
    await poll(async () => {
      try {
        await demo.dev.client.keepAlive(token(own));
        return 'alive';
      } catch {
        return 'ended';
      }
    }).toBe('ended');
    await context.close();
  });

  it('keeps one session alive of two password sign-ins sent at the same moment from two tabs', async () => {
    const context = await demo.newContext();
    const tabs = [await context.newPage(), await context.newPage()];
    // This test's sign-ins only: the file's others may still be alive.
    const eventsBefore = demo.dev.events.length;
    const events = () => demo.dev.events.slice(eventsBefore);
    // Each sign-in waits at the browser's door until the other is sent too: both go out
    // with the cookies held before either, and each answer sets the own cookie.
    let sent = 0;
    let release: () => void = () => undefined;
    const bothSent = new Promise<void>((done) => {
      release = done;
    });
    await context.route(/\/api\/v\d+\.\d+\/auth$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent += 1;
      if (sent === 2) release();
      await bothSent;
      await route.continue();
    });
    for (const tab of tabs) {
      await tab.goto(demo.dev.url);
      await usernameField(tab).fill(OLIVIA.username);
      await tab.getByRole('button', { name: enLoginMessages.continue }).click();
      await tab.getByLabel(enLoginMessages.passwordLabel, { exact: true }).fill(OLIVIA.password);
    }
    await Promise.all(
      tabs.map((tab) => tab.getByRole('button', { name: enLoginMessages.signIn }).click()),
    );
    await Promise.all(tabs.map((tab) => documentsHeading(tab).waitFor()));
    const logins = events().flatMap((event) =>
      event.type === 'login' && event.username === OLIVIA.username ? [event.sessionRef] : [],
    );
    const live = () => {
      const ended = new Set(
        events().flatMap((event) => (event.type === 'session_ended' ? [event.sessionRef] : [])),
      );
      return logins.filter((ref) => !ended.has(ref)).length;
    };
    // Both tabs work on, with the session the browser kept; the other is over at the vault.
    for (const tab of tabs) {
      await tab.reload();
      await documentsHeading(tab).waitFor();
    }
    expect(logins).toHaveLength(2);
    await poll(live).toBe(1);
    // The one alive is the one the browser holds.
    const { own } = await sealedSessionIds(context, demo.dev);
    if (own === undefined) throw new Error('The proxy set no session cookie.');
    await demo.dev.client.keepAlive(token(own));
    await context.close();
  });
});
