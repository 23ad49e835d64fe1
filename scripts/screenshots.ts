// Takes the screenshots of the demo that the README shows (docs/screenshots/*.png): it starts the demo on
// its own dev server with the vault emulator and the development OpenID Provider, drives the
// system Chromium through the screens, and writes one PNG per screen.
//
//   npx tsx scripts/screenshots.ts
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/support/launchChromium';
import { type DevServer, startDevServer } from '../test/e2e/support/startDevServer';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = resolve(ROOT, 'docs/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const MINUTE = 60_000;
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };

/**
 * One screenshot: its file name, and how to bring a freshly opened demo page to the screen.
 *
 * @example
 * ```ts
 * const shot: Shot = { file: 'login.png', colorScheme: 'light', prepare: async () => {} };
 * ```
 */
interface Shot {
  readonly file: string;
  readonly colorScheme: 'light' | 'dark';
  /** Install the page clock before the page loads (for the timeout dialogs). */
  readonly clock?: boolean;
  prepare(page: Page): Promise<void>;
}

async function continueAs(page: Page, username: string): Promise<void> {
  await page.getByRole('textbox', { name: 'User name' }).fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).waitFor();
}

async function signIn(page: Page): Promise<void> {
  await continueAs(page, OLIVIA.username);
  await page.getByLabel('Password', { exact: true }).fill(OLIVIA.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('table').waitFor();
  await page.getByRole('banner').getByText('Olivia Bennett').waitFor();
}

async function actAsMarcus(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Delegations/ }).click();
  await page.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }).click();
  await page.getByRole('region', { name: 'Delegated session' }).waitFor();
  await page.getByRole('cell', { name: 'QD-SOP-014' }).waitFor();
}

/**
 * The screens, in the order the README shows them.
 *
 * @example
 * ```ts
 * SHOTS.map((shot) => shot.file);
 * ```
 */
const SHOTS: readonly Shot[] = [
  { file: 'login.png', colorScheme: 'light', prepare: async () => {} },
  {
    file: 'password-step.png',
    colorScheme: 'light',
    async prepare(page) {
      await continueAs(page, OLIVIA.username);
      await page.getByLabel('Password', { exact: true }).fill(OLIVIA.password);
    },
  },
  { file: 'documents.png', colorScheme: 'light', prepare: signIn },
  {
    file: 'delegations.png',
    colorScheme: 'light',
    async prepare(page) {
      await signIn(page);
      await page.getByRole('button', { name: /^Delegations/ }).click();
      await page.getByRole('button', { name: /^Act as/ }).waitFor();
    },
  },
  {
    file: 'acting-as.png',
    colorScheme: 'light',
    async prepare(page) {
      await signIn(page);
      await actAsMarcus(page);
    },
  },
  {
    file: 'expiry-dialog.png',
    colorScheme: 'light',
    clock: true,
    async prepare(page) {
      await signIn(page);
      // No input since sign-in: the warning opens two minutes before the idle timeout.
      await page.clock.fastForward(28 * MINUTE + 30_000);
      await page.getByRole('alertdialog').waitFor();
    },
  },
  {
    file: 'acting-as-dark.png',
    colorScheme: 'dark',
    async prepare(page) {
      await signIn(page);
      await actAsMarcus(page);
    },
  },
];

async function take(browser: Browser, dev: DevServer, shot: Shot): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: shot.colorScheme });
  try {
    const page = await context.newPage();
    if (shot.clock) await page.clock.install();
    await page.goto(dev.url);
    await page.getByRole('textbox', { name: 'User name' }).waitFor();
    await shot.prepare(page);
    // No hover effects from the last click; let transitions settle.
    await page.mouse.move(1, VIEWPORT.height - 1);
    await page.waitForTimeout(300);
    await page.screenshot({ path: resolve(OUT_DIR, shot.file), animations: 'disabled' });
    process.stdout.write(`  docs/screenshots/${shot.file}\n`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const [dev, browser] = await Promise.all([
    startDevServer({ root: resolve(ROOT, 'demo') }),
    launchChromium(),
  ]);
  try {
    for (const shot of SHOTS) await take(browser, dev, shot);
  } finally {
    await browser.close();
    await dev.close();
  }
}

await main();
