// Switching vault and the remembered user names as a person meets them in the demo, in a
// real browser through the kit's proxy in BFF mode: olivia moves from PromoMats to
// QualityDocs and back from the header with her password only, every tab following; a
// cancelled switch leaves her where she was; with remember-me on, the next visit offers
// her name, and with it off, nothing is offered or stored.
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enAccountMessages as account } from '../../src/locales/en/enAccountMessages';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { axeViolations } from './support/axeViolations';
import { BROWSER_ENGINE } from './support/browserEngine';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const demo = setUpBrowserAndDevServer({
  devServer: { root: resolve(import.meta.dirname, '../../demo'), prebuilt: true },
});

const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' } as const;
const PROMOMATS = 'Sunrise PromoMats';
const QUALITY = 'Sunrise QualityDocs';

async function signIn(page: Page, search = ''): Promise<void> {
  await page.goto(`${demo.dev.url}/${search}`);
  await page.getByRole('textbox', { name: en.usernameLabel }).fill(OLIVIA.username);
  await page.getByRole('button', { name: en.continue, exact: true }).click();
  await page.getByLabel(en.passwordLabel, { exact: true }).fill(OLIVIA.password);
  await page.getByRole('button', { name: en.signIn }).click();
  await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
}

function toggle(page: Page, vault: string) {
  return page.getByRole('button', { name: account.toggleLabel({ vault }) });
}

async function switchTo(page: Page, from: string, to: string): Promise<void> {
  await toggle(page, from).click();
  await page.getByRole('button', { name: account.switchToLabel({ vault: to }) }).click();
  await page.getByRole('heading', { name: account.passwordHeading({ vault: to }) }).waitFor();
  // The password field has the focus: olivia types it and presses Enter, nothing else.
  await page.keyboard.type(OLIVIA.password);
  await page.keyboard.press('Enter');
  await toggle(page, to).waitFor();
}

async function announced(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ state: 'attached' });
}

describe('switching vault in the demo', () => {
  it('olivia moves from PromoMats to QualityDocs and back, as herself, with every tab following', async () => {
    const context: BrowserContext = await demo.newContext();
    const page = await context.newPage();
    await signIn(page);
    const second = await context.newPage();
    await second.goto(demo.dev.url);
    await toggle(second, PROMOMATS).waitFor();

    await toggle(page, PROMOMATS).click();
    const list = page.getByRole('list', { name: account.switchVault });
    expect(await list.getByRole('listitem').count()).toBe(2);
    if (BROWSER_ENGINE === 'chromium') {
      expect(await axeViolations(page, 'vault list')).toEqual([]);
    }
    await page.getByRole('button', { name: account.switchToLabel({ vault: QUALITY }) }).click();
    const username = page.getByRole('textbox', { name: account.usernameLabel });
    expect(await username.inputValue()).toBe(OLIVIA.username);
    if (BROWSER_ENGINE === 'chromium') {
      expect(await axeViolations(page, 'password step')).toEqual([]);
    }
    await page.keyboard.type(OLIVIA.password);
    await page.keyboard.press('Enter');
    await toggle(page, QUALITY).waitFor();
    await announced(page, account.switched({ vault: QUALITY }));
    // As herself: no acting-as banner, and no "no access to PromoMats" notice.
    expect(await page.locator('.vsk-acting-as-banner').count()).toBe(0);
    // The other tab follows, and its documents are QualityDocs'.
    await toggle(second, QUALITY).waitFor();
    await announced(second, account.switched({ vault: QUALITY }));

    await switchTo(page, QUALITY, PROMOMATS);
    await announced(page, account.switched({ vault: PROMOMATS }));
    await toggle(second, PROMOMATS).waitFor();
    await context.close();
  });

  it('a cancelled switch leaves olivia where she was', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await signIn(page);
    await toggle(page, PROMOMATS).click();
    await page.getByRole('button', { name: account.switchToLabel({ vault: QUALITY }) }).click();
    await page.getByRole('button', { name: account.cancel({ current: PROMOMATS }) }).click();
    await announced(page, account.stayed({ current: PROMOMATS }));
    const back = toggle(page, PROMOMATS);
    expect(await back.getAttribute('aria-expanded')).toBe('false');
    expect(await back.evaluate((element) => element === document.activeElement)).toBe(true);
    // Escape from the password step does the same.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: account.switchToLabel({ vault: QUALITY }) }).click();
    await page.keyboard.press('Escape');
    expect(await back.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await context.close();
  });
});

describe('the switcher on a phone and at 400 % zoom', () => {
  it.each([
    { width: 375, height: 740 },
    { width: 320, height: 200 },
  ])('opens within the screen at $width × $height, and switches', async (viewport) => {
    const context = await demo.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page);
    await toggle(page, PROMOMATS).click();
    const choice = page.getByRole('button', { name: account.switchToLabel({ vault: QUALITY }) });
    await choice.click();
    const password = page.getByLabel(account.passwordLabel, { exact: true });
    const box = await password.boundingBox();
    if (!box) throw new Error('No box for the password field.');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);
    await page.keyboard.type(OLIVIA.password);
    await page.keyboard.press('Enter');
    await toggle(page, QUALITY).waitFor();
    await context.close();
  });
});

describe('remember me in the demo', () => {
  it('on: the next visit offers olivia her name; "Sign out and forget me" takes it away', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    const name = page.getByRole('button', {
      name: account.continueAs({ user: OLIVIA.username }),
    });
    await name.waitFor();
    // Names only: localStorage holds her user name and nothing of the session.
    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(stored).toContain(OLIVIA.username);
    expect(stored).not.toContain(OLIVIA.password);
    expect(stored).not.toMatch(/sessionId|sessionTag/);

    // A plain sign-out fills her name in, as it always has.
    const field = page.getByRole('textbox', { name: en.usernameLabel });
    expect(await field.inputValue()).toBe(OLIVIA.username);
    await field.fill('');
    await name.click();
    expect(await field.inputValue()).toBe(OLIVIA.username);
    await page.getByRole('button', { name: en.continue, exact: true }).click();
    await page.getByLabel(en.passwordLabel, { exact: true }).fill(OLIVIA.password);
    await page.getByRole('button', { name: en.signIn }).click();
    const second = await context.newPage();
    await second.goto(demo.dev.url);
    await toggle(second, PROMOMATS).waitFor();
    await toggle(page, PROMOMATS).click();
    await page.getByRole('button', { name: account.signOutAndForget }).click();
    // Forgotten everywhere: no name offered, and none filled in, in this tab or the other.
    for (const tab of [page, second]) {
      const username = tab.getByRole('textbox', { name: en.usernameLabel });
      await username.waitFor();
      expect(await username.inputValue()).toBe('');
      // The other tab hears of the list's change from the browser's storage event.
      await tab.getByText(account.rememberedHeading).waitFor({ state: 'detached' });
    }
    expect(await name.count()).toBe(0);
    await page.reload();
    expect(await page.getByRole('textbox', { name: en.usernameLabel }).inputValue()).toBe('');
    await context.close();
  });

  it('off: nothing is offered and nothing is stored', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await signIn(page, '?remember-me=off');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('textbox', { name: en.usernameLabel }).waitFor();
    expect(await page.getByText(account.rememberedHeading).count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await context.close();
  });
});

describe('a single sign-on user switching vault in the demo', () => {
  const SAM = { username: 'sam@harbor.example', idpUser: 'sam', idpPassword: 'Harbor-Demo-1' };
  const CLINICAL = 'Harbor Clinical';
  const SAFETY = 'Harbor Safety';

  it('sam moves to Harbor Safety and back with no prompt, and stays on the page he was on', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    // The page sam works on: its address, language choice included, is what he returns to.
    await page.goto(`${demo.dev.url}/?from=work#documents`);
    await page.getByRole('textbox', { name: en.usernameLabel }).fill(SAM.username);
    await page.getByRole('button', { name: en.continue, exact: true }).click();
    await page.getByRole('button', { name: /Harbor SSO/ }).click();
    await page.getByLabel('User name').fill(SAM.idpUser);
    await page.getByLabel('Password').fill(SAM.idpPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toggle(page, CLINICAL).waitFor();
    const second = await context.newPage();
    await second.goto(`${demo.dev.url}/?from=second`);
    await toggle(second, CLINICAL).waitFor();
    const asked = () =>
      demo.dev.events.filter((event) => event.type === 'login' && event.username === SAM.username)
        .length;
    const before = asked();

    await toggle(page, CLINICAL).click();
    await page.getByRole('button', { name: account.switchToLabel({ vault: SAFETY }) }).click();
    // To the provider and back without a password step or a login page.
    await toggle(page, SAFETY).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Password').count()).toBe(0);
    await announced(page, account.switched({ vault: SAFETY }));
    const here = new URL(page.url());
    expect(`${here.pathname}${here.search}${here.hash}`).toBe('/?from=work#documents');
    await page.getByText('HC-201 Safety management plan').waitFor();
    expect(asked()).toBe(before + 1);
    // The other tab follows, as after a password switch.
    await toggle(second, SAFETY).waitFor();

    await toggle(page, SAFETY).click();
    await page.getByRole('button', { name: account.switchToLabel({ vault: CLINICAL }) }).click();
    await toggle(page, CLINICAL).waitFor({ timeout: 30_000 });
    await announced(page, account.switched({ vault: CLINICAL }));
    const back = new URL(page.url());
    expect(`${back.pathname}${back.search}${back.hash}`).toBe('/?from=work#documents');
    await toggle(second, CLINICAL).waitFor();

    // Forgetting him leaves no name behind, though this page came back from his provider.
    await toggle(page, CLINICAL).click();
    await page.getByRole('button', { name: account.signOutAndForget }).click();
    for (const tab of [page, second]) {
      const username = tab.getByRole('textbox', { name: en.usernameLabel });
      await username.waitFor();
      expect(await username.inputValue()).toBe('');
    }
    await context.close();
  });
});
