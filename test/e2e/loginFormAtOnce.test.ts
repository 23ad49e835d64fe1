// The sign-in page in real Chromium does not wait for the other tabs: the demo's form is
// there while a new tab still asks the open ones for their session, and it steps aside when
// one of them hands a session over. The page clock of the asking tab stands still, so its
// join timeout can never run out: only the hand-over can change what it shows.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { recordRequests } from './support/recordRequests';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const LOGIN_PATH = /^\/api\/[^/]+\/auth$/;

const demo = setUpBrowserAndDevServer({ devServer: { root: DEMO_ROOT, prebuilt: true } });

function usernameField(page: Page) {
  return page.getByRole('textbox', { name: enLoginMessages.usernameLabel });
}

function documentsHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Documents' });
}

describe('the sign-in page while a new tab asks the open ones', () => {
  it('shows the form at once, and gives way to the session another tab signs in with', async () => {
    const context = await demo.newContext({ viewport: { width: 1280, height: 800 } });
    const log = recordRequests(context);
    const asking = await context.newPage();
    await asking.clock.install();
    await asking.clock.pauseAt(Date.now() + 1_000);
    await asking.goto(demo.dev.url);

    // The join timeout cannot have run out on a clock that stands still.
    await usernameField(asking).waitFor();
    await expect(usernameField(asking).isEditable()).resolves.toBe(true);
    await usernameField(asking).fill(OLIVIA.username);

    const other = await context.newPage();
    await other.goto(demo.dev.url);
    await usernameField(other).fill(OLIVIA.username);
    await other.getByRole('button', { name: enLoginMessages.continue }).click();
    await other.getByLabel(enLoginMessages.passwordLabel, { exact: true }).fill(OLIVIA.password);
    await other.getByRole('button', { name: enLoginMessages.signIn }).click();
    await documentsHeading(other).waitFor();

    await documentsHeading(asking).waitFor();
    await expect(usernameField(asking).count()).resolves.toBe(0);
    expect(log.count('POST', LOGIN_PATH)).toBe(1);
  });
});
