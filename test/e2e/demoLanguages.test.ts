// The dev-server demo in the browser's language: it starts in the first of
// navigator.languages the kit has, says so with <html lang dir>, offers a labelled switch in
// the footer, remembers the choice, speaks that language end to end (its own text as well
// as the kit's), and stays axe clean in every language (Debian's Chromium, the emulator and
// the kit's proxy on the same origin, as in demo.test.ts).
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LANGUAGES } from '../../demo/demoLanguages';
import { type DemoMessages, enDemoMessages } from '../../demo/demoMessages';
import { arDemoMessages } from '../../demo/locales/arDemoMessages';
import { deDemoMessages } from '../../demo/locales/deDemoMessages';
import { esDemoMessages } from '../../demo/locales/esDemoMessages';
import { frDemoMessages } from '../../demo/locales/frDemoMessages';
import { jaDemoMessages } from '../../demo/locales/jaDemoMessages';
import type { VaultMessages } from '../../src/components/i18n/VaultMessages';
import { arMessages } from '../../src/locales/ar';
import { deMessages } from '../../src/locales/de';
import { enMessages } from '../../src/locales/en/enMessages';
import { esMessages } from '../../src/locales/es';
import { frMessages } from '../../src/locales/fr';
import { jaMessages } from '../../src/locales/ja';
import { axeViolations } from './support/axeViolations';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
/** Names that read the same in every language, so their English spelling may stay. */
const NAMES = ['Vault Docs', 'vault-session-kit', 'Vault', 'OpenID'];

const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, emulator: { authBurstLimit: 1_000 }, prebuilt: true },
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

function languageSwitch(page: Page, demoMessages: DemoMessages) {
  return page.getByRole('combobox', { name: demoMessages.footer.language, exact: true });
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
  it('names the page in its language from the first paint, before any module runs', async () => {
    const context = await demo.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    // The app never starts: what shows is what the page paints by itself.
    await page.route(
      (url) => /\.(?:tsx|js)$/.test(url.pathname),
      (route) => route.abort(),
    );
    const firstPaint = async () => {
      await page.goto(demo.dev.url);
      return page.evaluate(() => ({
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      }));
    };
    expect(await firstPaint()).toEqual({
      lang: 'de',
      dir: 'ltr',
      title: 'Vault Docs · Demo von vault-session-kit',
      description:
        'Vault Docs: eine Demo der Dokumentenverwaltung mit vault-session-kit, die mit dem eingebauten Vault-Emulator läuft.',
    });
    // A language picked before wins over the browser's.
    await page.evaluate(() => localStorage.setItem('vault-docs-language', 'ar'));
    expect(await firstPaint()).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      title: 'Vault Docs · عرض vault-session-kit التوضيحي',
    });
  });

  it('opens in French for a French browser, signs in and out in French, and is axe clean', async () => {
    const page = await openDemo('fr-FR', frMessages);
    const t = frMessages;

    expect(await pageLanguage(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    await expect(languageSwitch(page, frDemoMessages).inputValue()).resolves.toBe('fr');
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

    await languageSwitch(page, frDemoMessages).selectOption('ar');
    await usernameField(page, t).waitFor();
    expect(await pageLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // Laid out right to left (the user name field itself stays left to right: addresses are).
    const form = await page
      .locator('.vsk-login')
      .evaluate((element) => getComputedStyle(element).direction);
    expect(form).toBe('rtl');
    // The demo's own text speaks Arabic too, right to left.
    const intro = await page.getByText(arDemoMessages.signIn.intro).evaluate((element) => ({
      lang: element.closest('[lang]')?.getAttribute('lang'),
      direction: getComputedStyle(element).direction,
    }));
    expect(intro).toEqual({ lang: 'ar', direction: 'rtl' });

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
    await expect(languageSwitch(page, arDemoMessages).inputValue()).resolves.toBe('ar');
  });
});

/** Stands for a filled-in value (a name, a count) when a message is a function. */
const HOLE = '\u0000';

/**
 * The fixed words of every message, by its path in the catalogue: a function is called with
 * holes for its values and split at them. Only words with letters count.
 */
function fixedWords(messages: unknown, path = ''): Map<string, string[]> {
  const words = new Map<string, string[]>();
  const add = (key: string, text: string) =>
    words.set(
      key,
      text
        .split(HOLE)
        .map((part) => part.replace(/^[\s.,:;()·]+|[\s.,:;()·]+$/g, ''))
        .filter((part) => /\p{L}{2}/u.test(part) && !NAMES.includes(part)),
    );
  for (const [key, value] of Object.entries(messages as Record<string, unknown>)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (typeof value === 'string') add(at, value);
    else if (typeof value === 'function') {
      add(at, String(value(...Array.from({ length: value.length }, () => HOLE))));
    } else {
      for (const [inner, parts] of fixedWords(value, at)) words.set(inner, parts);
    }
  }
  return words;
}

/**
 * The English words a translation replaced: none of them may be left on its page. Words the
 * language shares with English (French "minutes", German "Status") are the translation's
 * own, so they may stay.
 */
function replacedEnglish(translation: DemoMessages): string[] {
  const translated = [...fixedWords(translation).values()].flat().join('\n');
  return [...fixedWords(enDemoMessages).values()]
    .flat()
    .filter((english) => !asWords(english).test(translated));
}

/** Matches `text` where it stands as words of its own, not inside longer ones. */
function asWords(text: string): RegExp {
  return new RegExp(`(?<!\\p{L})${escapeRegExp(text)}(?!\\p{L})`, 'u');
}

/**
 * Every text a person can read on the page, the title included, less the vault's own data
 * (document names, titles, types and statuses come from the vault as they are).
 */
function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let text = `${document.title}\n${document.body.innerText}`;
    const data = document.querySelectorAll<HTMLElement>(
      '.demo-doc__name, .demo-doc__title, .demo-doc__meta, .demo-status',
    );
    for (const element of data) text = text.replace(element.innerText, '');
    return text;
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('the demo speaks the chosen language end to end', () => {
  it('has every message of the English catalogue in every language', () => {
    const englishKeys = [...fixedWords(enDemoMessages).keys()].sort();
    for (const language of DEMO_LANGUAGES) {
      expect([...fixedWords(language.demo).keys()].sort(), language.tag).toEqual(englishKeys);
    }
  });

  it.each([
    ['de-DE', 'de', deMessages, deDemoMessages],
    ['fr-FR', 'fr', frMessages, frDemoMessages],
    ['es-ES', 'es', esMessages, esDemoMessages],
    ['ja-JP', 'ja', jaMessages, jaDemoMessages],
    ['ar-EG', 'ar', arMessages, arDemoMessages],
  ] as const)(
    'leaves no English of its own on screen, signed in, for a %s browser',
    async (locale, tag, messages, t) => {
      const page = await openDemo(locale, messages);
      await usernameField(page, messages).fill(OLIVIA.username);
      await page.getByRole('button', { name: messages.login.continue, exact: true }).click();
      await page.getByLabel(messages.login.passwordLabel, { exact: true }).fill(OLIVIA.password);
      await page.getByRole('button', { name: messages.login.signIn, exact: true }).click();
      await page.getByRole('table').waitFor();
      await page.getByRole('button', { name: t.header.delegations }).waitFor();

      const text = await readableText(page);
      const leftOver = replacedEnglish(t).filter((english) => asWords(english).test(text));
      expect(leftOver).toEqual([]);
      expect(await page.title()).toBe(`${t.documents.pageTitle} · Sunrise PromoMats · Vault Docs`);

      const direction = await page
        .getByRole('main')
        .evaluate((main) => getComputedStyle(main).direction);
      expect(direction).toBe(tag === 'ar' ? 'rtl' : 'ltr');
      expect(await axeViolations(page, `${tag}, signed in`)).toEqual([]);
    },
  );

  it.each([
    ['de-DE', deMessages, deDemoMessages],
    ['ar-EG', arMessages, arDemoMessages],
  ] as const)(
    'shows the password-reset page in the language of a %s browser',
    async (locale, messages, t) => {
      const page = await openDemo(locale, messages);
      await page.goto(new URL('/password-reset.html', demo.dev.url).href);
      await page.getByRole('heading', { level: 1, name: t.passwordReset.heading }).waitFor();

      const text = await readableText(page);
      expect(replacedEnglish(t).filter((english) => asWords(english).test(text))).toEqual([]);
      expect(await page.title()).toBe(`${t.passwordReset.heading} · Vault Docs`);
      expect(await pageLanguage(page)).toEqual({
        lang: locale.slice(0, 2),
        dir: t === arDemoMessages ? 'rtl' : 'ltr',
      });
      await page.getByRole('link', { name: t.passwordReset.back }).waitFor();
      expect(await axeViolations(page, `${locale}, password reset`)).toEqual([]);
    },
  );
});
