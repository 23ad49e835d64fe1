// The dev-server demo in the browser's language: it starts in the first of
// navigator.languages the kit has, says so with <html lang dir>, offers a labelled switch in
// the footer, remembers the choice, and stays axe clean in every language (Debian's
// Chromium, the emulator and the kit's proxy on the same origin, as in demo.test.ts).
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enMessages } from '../../src/components/i18n/enMessages';
import type { VaultMessages } from '../../src/components/i18n/VaultMessages';
import { arMessages } from '../../src/locales/ar';
import { esMessages } from '../../src/locales/es';
import { frMessages } from '../../src/locales/fr';
import { jaMessages } from '../../src/locales/ja';
import { axeViolations } from './support/axeViolations';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const LANGUAGE_SWITCH = 'Language of the sign-in and session components';

const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, emulator: { authBurstLimit: 1_000 } },
});

/** The demo in a browser whose languages are `locale` (a context per test, as axe requires). */
async function openDemo(locale: string, messages: VaultMessages): Promise<Page> {
  const context = await demo.newContext({ locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(demo.dev.url);
  await usernameField(page, messages).waitFor();
  return page;
}

function usernameField(page: Page, messages: VaultMessages) {
  return page.getByRole('textbox', { name: messages.login.usernameLabel });
}

function pageLanguage(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

/** Sends an empty user name: the form's required-field error, in the form's language. */
async function submitEmptyUserName(page: Page, messages: VaultMessages): Promise<void> {
  await page.getByRole('button', { name: messages.login.continue, exact: true }).click();
  await page.getByText(messages.login.usernameRequired).waitFor();
}

describe('the demo follows the browser language', () => {
  it('opens in French for a French browser, signs in and out in French, and is axe clean', async () => {
    const page = await openDemo('fr-FR', frMessages);
    const t = frMessages;

    expect(await pageLanguage(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    await expect(page.getByLabel(LANGUAGE_SWITCH).inputValue()).resolves.toBe('fr');
    // The form's heading speaks the form's language, not the demo's English brand.
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([
      t.login.title,
    ]);
    await expect(
      page.getByRole('textbox', { name: enMessages.login.usernameLabel }).count(),
    ).resolves.toBe(0);

    await submitEmptyUserName(page, t);
    expect(await axeViolations(page, 'fr, user name missing')).toEqual([]);

    await usernameField(page, t).fill(OLIVIA.username);
    await page.getByRole('button', { name: t.login.continue, exact: true }).click();
    await page.getByLabel(t.login.passwordLabel, { exact: true }).fill(OLIVIA.password);
    await page.getByRole('button', { name: t.login.signIn, exact: true }).click();
    const signOut = page.getByRole('button', { name: t.session.signOut, exact: true });
    await signOut.waitFor();
    await page.getByRole('timer').waitFor();
    expect(await axeViolations(page, 'fr, signed in')).toEqual([]);

    await signOut.click();
    await page.getByText(t.login.signedOut).waitFor();
  });

  it.each([
    ['es-MX', 'es', esMessages],
    ['ja-JP', 'ja', jaMessages],
  ] as const)('opens in the kit language of a %s browser', async (locale, tag, messages) => {
    const page = await openDemo(locale, messages);

    expect(await pageLanguage(page)).toEqual({ lang: tag, dir: 'ltr' });
    await submitEmptyUserName(page, messages);
    expect(await axeViolations(page, tag)).toEqual([]);
  });

  it('stays in English for a language the kit does not have', async () => {
    const page = await openDemo('pt-BR', enMessages);

    expect(await pageLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('switches to Arabic from the footer, right to left, axe clean, and remembers it', async () => {
    const page = await openDemo('fr-FR', frMessages);
    const t = arMessages;

    await page.getByLabel(LANGUAGE_SWITCH).selectOption('ar');
    await usernameField(page, t).waitFor();
    expect(await pageLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // Laid out right to left (the user name field itself stays left to right: addresses are).
    const form = await page
      .locator('.vsk-login')
      .evaluate((element) => getComputedStyle(element).direction);
    expect(form).toBe('rtl');
    // The demo's own text stays English: it says so, and reads left to right.
    const intro = await page
      .getByText("Sign in to see your vault's documents.", { exact: false })
      .evaluate((element) => ({
        lang: element.closest('[lang]')?.getAttribute('lang'),
        direction: getComputedStyle(element).direction,
      }));
    expect(intro).toEqual({ lang: 'en', direction: 'ltr' });

    await submitEmptyUserName(page, t);
    expect(await axeViolations(page, 'ar, user name missing')).toEqual([]);

    await usernameField(page, t).fill(OLIVIA.username);
    await page.getByRole('button', { name: t.login.continue, exact: true }).click();
    await page.getByLabel(t.login.passwordLabel, { exact: true }).fill('Not-The-Password-1');
    await page.getByRole('button', { name: t.login.signIn, exact: true }).click();
    await page.getByText(t.login.incorrectCredentials).waitFor();
    expect(await axeViolations(page, 'ar, wrong password')).toEqual([]);

    // A new visit in the same browser (still French) keeps the choice.
    await page.reload();
    await usernameField(page, t).waitFor();
    expect(await pageLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect(page.getByLabel(LANGUAGE_SWITCH).inputValue()).resolves.toBe('ar');
  });
});
