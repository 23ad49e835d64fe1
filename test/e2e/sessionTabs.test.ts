// The session layer across tabs in real Chromium: every page of one browser context shares
// the origin's BroadcastChannel and Web Locks, exactly as tabs of one browser profile do.
// The app under test is the bare fixture in fixtures/session-app (public React API only),
// served with the emulator on the same origin.
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { token } from '../support/sessionReferences';
import { keepAliveAnswer } from './support/keepAliveAnswer';
import { type RequestLog, recordRequests } from './support/recordRequests';
import { keepAliveOf, settleTabs } from './support/sessionAppTabs';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const APP_ROOT = resolve(import.meta.dirname, 'fixtures/session-app');
const INTERVAL_MS = 60_000;
const APP_QUERY = `interval=${INTERVAL_MS}&idle=${10 * INTERVAL_MS}`;
const LOGIN_PATH = /^\/api\/[^/]+\/auth$/;
const KEEP_ALIVE_PATH = /^\/api\/[^/]+\/keep-alive$/;
const END_SESSION_PATH = /^\/api\/[^/]+\/session$/;
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const STORAGE_KEY = 'vault-session-kit.session';

// The fixture app runs in token mode (it holds the session ID), so the proxy runs without
// session secrets.
const app = setUpBrowserAndDevServer({
  devServer: { root: APP_ROOT, session: false, prebuilt: true },
});

/** Polls from the test process: no page timer is involved, so it works under a page clock. */
function poll<T>(read: () => Promise<T> | T, timeout = 10_000) {
  return expect.poll(read, { timeout, interval: 25 });
}

async function openTab(target: BrowserContext, query = APP_QUERY): Promise<Page> {
  const page = await target.newPage();
  await page.goto(`${app.dev.url}/?${query}`);
  await page.getByTestId('status').waitFor();
  return page;
}

function statusOf(page: Page): Promise<string | null> {
  return page.getByTestId('status').textContent();
}

function endReasonOf(page: Page): Promise<string | null> {
  return page.getByTestId('end-reason').textContent();
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('User name').fill(OLIVIA.username);
  await page.getByLabel('Password').fill(OLIVIA.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await poll(() => statusOf(page)).toBe('active');
}

/** A tab that signs in, then `count - 1` more tabs that find the session open. */
async function openSignedInTabs(
  target: BrowserContext,
  count: number,
  query = APP_QUERY,
): Promise<Page[]> {
  const first = await openTab(target, query);
  await signIn(first);
  const tabs = [first];
  for (let index = 1; index < count; index += 1) {
    const tab = await openTab(target, query);
    await poll(() => statusOf(tab)).toBe('active');
    tabs.push(tab);
  }
  return tabs;
}

/**
 * Makes one authenticated call from `page` and returns the session ID its `Authorization`
 * header carried. The ID stays in this process and is only ever compared, never printed.
 */
async function captureSessionId(page: Page, log: RequestLog): Promise<string> {
  await page.getByRole('button', { name: 'Call the API' }).click();
  await poll(() => page.getByTestId('api-result').textContent()).toMatch(/^ok /);
  const ids = log.sessionIds();
  expect(ids.length).toBe(1);
  const [id] = ids;
  if (id === undefined) throw new Error('No session ID was captured.');
  return id;
}

/** Records what the tabs post on their BroadcastChannels, except the session hand-off. */
function recordChannelMessages(): void {
  const log: string[] = [];
  (window as unknown as { channelLog: string[] }).channelLog = log;
  const post = BroadcastChannel.prototype.postMessage;
  BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
    // The hand-off to a joining tab is the one message meant to carry the session.
    if ((message as { type?: unknown } | null)?.type !== 'session') {
      log.push(JSON.stringify(message));
    }
    post.call(this, message);
  };
}

function channelMessagesOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { channelLog: string[] }).channelLog);
}

/** Records the name of every BroadcastChannel the page opens. */
function recordChannelNames(): void {
  const names: string[] = [];
  (window as unknown as { channelNames: string[] }).channelNames = names;
  const Native = BroadcastChannel;
  window.BroadcastChannel = class extends Native {
    constructor(name: string) {
      super(name);
      names.push(name);
    }
  };
}

function channelNamesOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { channelNames: string[] }).channelNames);
}

describe('the session across tabs of one browser', () => {
  it('lets a second tab join the open session without a second login', async () => {
    const target = await app.newContext();
    const log = recordRequests(target);
    const [first, second] = await openSignedInTabs(target, 2);
    if (!first || !second) throw new Error('Two tabs were expected.');

    expect(await second.getByTestId('user').textContent()).toBe(OLIVIA.username);
    expect(log.count('POST', LOGIN_PATH)).toBe(1);
    // The joined tab really holds the session: it can call the API with it.
    await second.getByRole('button', { name: 'Call the API' }).click();
    await poll(() => second.getByTestId('api-result').textContent()).toBe('ok 1');
    expect(log.count('POST', LOGIN_PATH)).toBe(1);
  });

  it('keeps the session ID out of localStorage, cookies, IndexedDB and every URL (STO-01, SES-09)', async () => {
    const target = await app.newContext();
    const log = recordRequests(target);
    const tabs = await openSignedInTabs(target, 2);
    const [first] = tabs;
    if (!first) throw new Error('A tab was expected.');
    const sessionId = await captureSessionId(first, log);
    // The captured value is the live session, so the checks below look for the real thing.
    expect(await keepAliveAnswer(app.dev.client, sessionId)).toBe('SUCCESS');

    for (const tab of tabs) {
      const stored = await tab.evaluate(async () => ({
        local: JSON.stringify({ ...localStorage }),
        session: JSON.stringify({ ...sessionStorage }),
        cookie: document.cookie,
        databases: JSON.stringify(await indexedDB.databases()),
        url: location.href,
      }));
      const leaks = Object.entries(stored).filter(([, value]) => value.includes(sessionId));
      expect(leaks.map(([where]) => where)).toEqual([]);
      expect(stored.databases).toBe('[]');
    }
    const urlsWithId = log.entries.filter((entry) => entry.url.includes(sessionId));
    expect(urlsWithId.length).toBe(0);
    // The URLs looked at are the tabs' real traffic: both pages, the sign-in and the calls
    // made with the session.
    expect(log.entries.filter((entry) => entry.path === '/').length).toBe(2);
    expect(log.count('POST', LOGIN_PATH)).toBe(1);
    expect(log.entries.some((entry) => entry.vault !== undefined)).toBe(true);
  });

  it('signs every tab out within a second and ends the session on the server (STO-03, SES-07)', async () => {
    const target = await app.newContext();
    await target.addInitScript(recordChannelMessages);
    const log = recordRequests(target);
    const [first, second, third] = await openSignedInTabs(target, 3);
    if (!first || !second || !third) throw new Error('Three tabs were expected.');
    const sessionId = await captureSessionId(second, log);

    app.dev.clearEvents();

    // Signed out from a tab that did not sign in; the others follow within a second.
    await third.getByRole('button', { name: 'Sign out' }).click();
    await poll(() => statusOf(third)).toBe('ended');
    await Promise.all([first, second].map((tab) => poll(() => statusOf(tab), 1_000).toBe('ended')));
    expect(await endReasonOf(third)).toBe('signed-out');
    expect(await endReasonOf(first)).toBe('remote-sign-out');
    expect(await first.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);

    // One tab ends the session on the server, and it is really over there.
    await poll(
      () =>
        app.dev.events.filter(
          (event) => event.type === 'session_ended' && event.reason === 'logout',
        ).length,
    ).toBe(1);
    expect(log.count('DELETE', END_SESSION_PATH)).toBe(1);
    expect(await keepAliveAnswer(app.dev.client, sessionId)).toBe('INVALID_SESSION_ID');

    // Sign-out and keep-alive notices between tabs carry no session ID.
    const messages = (await Promise.all([first, second, third].map(channelMessagesOf))).flat();
    expect(messages.some((message) => message.includes('"signed-out"'))).toBe(true);
    expect(messages.filter((message) => message.includes(sessionId)).length).toBe(0);
  });

  it('still signs every tab out when the end-session call fails (SES-07)', async () => {
    const target = await app.newContext();
    const log = recordRequests(target);
    let refused = 0;
    await target.route('**/vault/*/api/*/session', (route) => {
      refused += 1;
      return route.abort('connectionrefused');
    });
    const query = `${APP_QUERY}&storage=session`;
    const [first, second] = await openSignedInTabs(target, 2, query);
    if (!first || !second) throw new Error('Two tabs were expected.');
    const sessionId = await captureSessionId(first, log);
    expect(await first.evaluate((key) => sessionStorage.getItem(key) !== null, STORAGE_KEY)).toBe(
      true,
    );

    await first.getByRole('button', { name: 'Sign out' }).click();
    await poll(() => refused).toBe(1);
    for (const tab of [first, second]) {
      await poll(() => statusOf(tab)).toBe('ended');
      expect(await tab.evaluate(() => sessionStorage.length)).toBe(0);
    }
    expect(log.count('DELETE', END_SESSION_PATH)).toBe(1);
    // The call never reached the service, so the session is still open there: the tabs did
    // not wait for the service to agree before forgetting it.
    expect(await keepAliveAnswer(app.dev.client, sessionId)).toBe('SUCCESS');
    await app.dev.client.endSession(token(sessionId));
  });

  it('ends the session in every tab when one tab meets INVALID_SESSION_ID (STO-04)', async () => {
    const target = await app.newContext();
    const log = recordRequests(target);
    const tabs = await openSignedInTabs(target, 3);
    const [first, second] = tabs;
    if (!first || !second) throw new Error('Three tabs were expected.');
    const sessionId = await captureSessionId(first, log);

    // Ended behind the browser's back, e.g. by an administrator or another client.
    await app.dev.client.endSession(token(sessionId));
    await second.getByRole('button', { name: 'Call the API' }).click();

    for (const tab of tabs) {
      await poll(() => statusOf(tab)).toBe('expired');
      expect(await endReasonOf(tab)).toBe('invalid-session');
    }
    expect(await second.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  // The page clock belongs to the context: every tab's clock moves by the same step, each
  // firing only the timers that fell due, once. Web Locks and BroadcastChannel stay real,
  // so the leader election and the activity messages are the browser's own. The interval is
  // a minute, far longer than the test runs, so only fastForward ever makes one fall due.
  it('sends one keep-alive per interval for three tabs while the user is active and none while idle (SES-05)', async () => {
    const target = await app.newContext();
    await target.clock.install();
    await target.addInitScript(recordChannelNames);
    const log = recordRequests(target);
    const tabs = await openSignedInTabs(target, 3);

    await poll(async () => {
      const views = await Promise.all(tabs.map(keepAliveOf));
      return views.filter((view) => view.leader).length;
    }).toBe(1);
    // Each tab talks to the others on one channel, for its session and its keep-alive alike.
    for (const tab of tabs) expect(await channelNamesOf(tab)).toEqual(['vault-session-kit']);
    const views = await Promise.all(tabs.map(keepAliveOf));
    const leader = tabs[views.findIndex((view) => view.leader)];
    const [followerA, followerB] = tabs.filter((tab) => tab !== leader);
    if (!leader || !followerA || !followerB) throw new Error('One leader and two followers.');

    // Real input, only ever in tabs that do not send; some intervals see input in both.
    const rounds: (() => Promise<void>)[] = [
      () => followerA.keyboard.press('Shift'),
      async () => {
        await followerB.mouse.click(5, 5);
        await followerA.keyboard.press('Shift');
      },
      () => followerB.mouse.wheel(0, 40),
    ];
    for (const [index, input] of rounds.entries()) {
      const before = await keepAliveOf(leader);
      const followersBefore = await Promise.all([followerA, followerB].map(keepAliveOf));
      await input();
      await poll(async () => (await keepAliveOf(leader)).lastActivity).not.toBe(
        before.lastActivity,
      );
      await target.clock.fastForward(INTERVAL_MS);
      await poll(() => log.count('POST', KEEP_ALIVE_PATH)).toBe(index + 1);
      await poll(async () => {
        const now = await keepAliveOf(leader);
        return now.lastSent !== before.lastSent && now.status === 'scheduled';
      }).toBe(true);
      // Every tab has heard of the send before the next interval begins. (Each tab's clock
      // is its own copy, a few milliseconds apart, so the times themselves may differ.)
      for (const [position, follower] of [followerA, followerB].entries()) {
        const previous = followersBefore[position]?.lastSent;
        await poll(async () => (await keepAliveOf(follower)).lastSent).not.toBe(previous);
      }
    }
    await settleTabs(tabs);
    expect(log.count('POST', KEEP_ALIVE_PATH)).toBe(rounds.length);

    // Three more intervals without input: nothing at all.
    for (let index = 0; index < 3; index += 1) await target.clock.fastForward(INTERVAL_MS);
    await poll(async () => (await keepAliveOf(leader)).status).toBe('idle');
    await settleTabs(tabs);
    expect(log.count('POST', KEEP_ALIVE_PATH)).toBe(rounds.length);
    for (const tab of tabs) expect(await statusOf(tab)).toBe('active');
  });

  // Firefox keeps a module whose fetch failed in its module map and answers every later
  // import() of that URL with the same failure, without a request; the retries here must
  // reach the network in it all the same (they import the URL it named, with a query).
  it('keeps the session when the keep-alive code cannot be fetched, retries, and keeps it alive once it can', async () => {
    const target = await app.newContext();
    await target.clock.install();
    const log = recordRequests(target);
    // The scheduler comes as a module of its own, fetched when the provider mounts; here the
    // network drops that one fetch until the test lets it through.
    let blocked = 0;
    await target.route(/createKeepAliveRun/, async (route) => {
      blocked += 1;
      await route.abort('internetdisconnected');
    });
    const [tab] = await openSignedInTabs(target, 1);
    if (!tab) throw new Error('One tab.');

    await poll(async () => (await keepAliveOf(tab)).status).toBe('backoff');
    expect(blocked).toBeGreaterThan(0);
    expect(await statusOf(tab)).toBe('active');

    // Still cut off at the first retry (5 s): backoff again, and the session stays.
    const beforeRetry = blocked;
    await target.clock.fastForward(5_000);
    await poll(() => blocked).toBeGreaterThan(beforeRetry);
    expect((await keepAliveOf(tab)).status).toBe('backoff');
    expect(await statusOf(tab)).toBe('active');

    // Back online: the next retry (10 s later) loads it, and an active user is kept alive.
    await target.unroute(/createKeepAliveRun/);
    await target.clock.fastForward(10_000);
    await poll(async () => (await keepAliveOf(tab)).status).toBe('scheduled');
    await tab.keyboard.press('Shift');
    await target.clock.fastForward(INTERVAL_MS);
    await poll(() => log.count('POST', KEEP_ALIVE_PATH)).toBe(1);
    await poll(async () => (await keepAliveOf(tab)).lastSent).not.toBe('');
    expect(await statusOf(tab)).toBe('active');
  });
});
