// The signed-in demo on small screens and at high zoom, in Debian's Chromium: the
// delegations menu opens under its button, the acting-as banner never covers what has
// focus (WCAG 2.4.11), and the idle warning opens with its title, countdown and focused
// button in view.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { enSessionMessages } from '../../src/locales/en/enSessionMessages';
import { axeViolations } from './support/axeViolations';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const SECOND = 1_000;

const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, emulator: { authBurstLimit: 1_000 }, prebuilt: true },
});

type Viewport = { width: number; height: number };

async function signedIn(viewport: Viewport, path = '/', clock = false): Promise<Page> {
  const context = await demo.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${demo.dev.url}${path}`);
  if (clock) {
    await page.clock.install();
    await page.reload();
  }
  await page.getByRole('textbox', { name: en.usernameLabel }).fill(OLIVIA.username);
  await page.getByRole('button', { name: en.continue }).click();
  await page.getByLabel(en.passwordLabel, { exact: true }).fill(OLIVIA.password);
  await page.getByRole('button', { name: en.signIn }).click();
  await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
  await page.getByRole('table').waitFor();
  return page;
}

async function actAsMarcus(page: Page) {
  await page.getByRole('button', { name: /^Delegations/ }).click();
  await page.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }).click();
  const banner = page.getByRole('region', { name: 'Delegated session' });
  await banner.waitFor();
  await page.getByRole('table').waitFor();
  return banner;
}

/** The focused element's box, and whether something else is drawn over any of its corners. */
function focusedPlacement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { label: 'body', inView: false, covered: true };
    const rect = element.getBoundingClientRect();
    // The centre of each line box: a link may wrap, and Chromium leaves rounded corners out
    // of hit testing.
    const covered = [...element.getClientRects()].some((line) => {
      const top = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
      return top === null || !(element === top || element.contains(top));
    });
    const inView = rect.top >= 0 && rect.bottom <= window.innerHeight;
    return { label: (element.textContent ?? '').trim().slice(0, 40), inView, covered };
  });
}

describe('the delegations menu on a phone and at 200 % zoom', () => {
  it.each([
    { width: 375, height: 740 },
    { width: 640, height: 400 },
  ])('opens right under its button at $width × $height', async (viewport) => {
    const page = await signedIn(viewport);
    const toggle = page.getByRole('button', { name: /^Delegations/ });
    await toggle.click();
    const actAs = page.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' });
    await actAs.waitFor();
    const toggleBox = await toggle.boundingBox();
    const panelBox = await page.locator('.demo-delegations__panel').boundingBox();
    if (!toggleBox || !panelBox) throw new Error('No box for the menu.');
    // Under the button, not hundreds of pixels further down the page.
    expect(panelBox.y).toBeGreaterThanOrEqual(toggleBox.y + toggleBox.height);
    expect(panelBox.y - (toggleBox.y + toggleBox.height)).toBeLessThan(32);
    await actAs.focus();
    expect(await focusedPlacement(page)).toMatchObject({ inView: true, covered: false });
    expect(await axeViolations(page, `delegations open at ${viewport.width}`)).toEqual([]);
  });
});

describe('the acting-as banner on short screens (WCAG 2.4.11)', () => {
  it.each([
    { width: 640, height: 400 },
    { width: 320, height: 200 },
  ])('never covers the control Tab moves to at $width × $height', async (viewport) => {
    const page = await signedIn(viewport);
    const banner = await actAsMarcus(page);
    await banner.getByRole('button', { name: 'Stop acting' }).focus();
    const seen: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      const placement = await focusedPlacement(page);
      // Past the last control, focus leaves the page for the browser's own.
      if (placement.label === 'body') continue;
      if (placement.covered || !placement.inView) seen.push(JSON.stringify(placement));
    }
    expect(seen).toEqual([]);
  });

  it.each([
    // 1536 × 864 and 1280 × 800 screens at 200 % zoom, drawn at twice the density.
    { width: 768, height: 432 },
    { width: 640, height: 400 },
  ])(
    'keeps the control Tab moves to in view while the documents load, at $width × $height and 200 % zoom',
    async (viewport) => {
      const context = await demo.newContext({ viewport, deviceScaleFactor: 2 });
      const page = await context.newPage();
      await page.goto(demo.dev.url);
      await page.getByRole('textbox', { name: en.usernameLabel }).fill(OLIVIA.username);
      await page.getByRole('button', { name: en.continue }).click();
      await page.getByLabel(en.passwordLabel, { exact: true }).fill(OLIVIA.password);
      await page.getByRole('button', { name: en.signIn }).click();
      await page.getByRole('table').waitFor();
      // The acting vault's documents answer only once the user has moved on from the banner,
      // as on a slow network: the list then pushes what follows it down the page.
      let answer: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route(
        '**/vault/quality.sunrise.example/api/*/objects/documents*',
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.getByRole('button', { name: /^Delegations/ }).click();
      await page.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }).click();
      const banner = page.getByRole('region', { name: 'Delegated session' });
      await banner.waitFor();
      await page.getByText(/^Loading the documents of/).waitFor();
      await banner.getByRole('button', { name: 'Stop acting' }).focus();
      await page.keyboard.press('Tab');
      const before = await focusedPlacement(page);
      expect(before).toMatchObject({ inView: true, covered: false });
      answer();
      await page.getByRole('table').waitFor();
      // Still the same control, and still where the user sees it.
      expect(await focusedPlacement(page)).toEqual(before);
    },
  );

  it('still keeps who you act as in view on a phone, and focus clear of it', async () => {
    const page = await signedIn({ width: 375, height: 667 });
    const banner = await actAsMarcus(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Back up with Shift+Tab: each control the page scrolls to lands below the banner.
    const seen: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Shift+Tab');
      const placement = await focusedPlacement(page);
      // Past the last control, focus leaves the page for the browser's own.
      if (placement.label === 'body') continue;
      if (placement.covered || !placement.inView) seen.push(JSON.stringify(placement));
    }
    expect(seen).toEqual([]);
    const box = await banner.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 667).toBe(true);
  });
});

describe('the idle countdown on a page that scrolls by itself', () => {
  it('only counts down while nobody touches anything (a reflow that scrolls is not activity)', async () => {
    // At 400 % zoom the ticking timer reflows the header, and scroll anchoring scrolls the
    // page to keep the content in place: the page scrolls, the user does nothing.
    const page = await signedIn({ width: 320, height: 200 }, '/?short-timeouts', true);
    await page.evaluate(() => window.scrollTo(0, 120));
    const timer = page.locator('.demo-timer [role="timer"]').first();
    const shown: string[] = [];
    for (let second = 0; second < 55; second += 5) {
      shown.push((await timer.textContent()) ?? '');
      await page.clock.fastForward(5 * SECOND);
    }
    const left = shown.map(
      (text) =>
        Number(/(\d+) min/.exec(text)?.[1] ?? 0) * 60 + Number(/(\d+) sec/.exec(text)?.[1] ?? 0),
    );
    expect(left, shown.join(' | ')).toEqual([...left].sort((a, b) => b - a));
    expect(new Set(left).size).toBe(left.length);
    // And the warning comes a minute before the two-minute timeout, as for anyone idle.
    await page.clock.fastForward(10 * SECOND);
    await page.getByRole('alertdialog', { name: enSessionMessages.idleTitle }).waitFor();
  });
});

describe('the idle warning at 400 % zoom', () => {
  it('opens with its title, its countdown and the focused button in view, the focus ring whole', async () => {
    const page = await signedIn({ width: 320, height: 200 }, '/?short-timeouts', true);
    // The warning opens a minute before the two-minute timeout; 100 s is well inside that
    // minute, with the countdown still running.
    await page.clock.fastForward(100 * SECOND);
    const dialog = page.getByRole('alertdialog', { name: enSessionMessages.idleTitle });
    await dialog.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(enSessionMessages.staySignedIn);
    const fits = await page.evaluate(() => {
      const visible = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) return false;
        const rect = element.getBoundingClientRect();
        const panel = document
          .querySelector('.vsk-session-expiry-dialog__panel')
          ?.getBoundingClientRect();
        if (!panel) return false;
        return (
          rect.top >= Math.max(0, panel.top) &&
          rect.bottom <= Math.min(window.innerHeight, panel.bottom)
        );
      };
      const focused = document.activeElement as HTMLElement;
      const ring = focused.getBoundingClientRect();
      const panel = document
        .querySelector('.vsk-session-expiry-dialog__panel')
        ?.getBoundingClientRect();
      const ringWidth =
        Number.parseFloat(getComputedStyle(focused).outlineWidth) +
        Number.parseFloat(getComputedStyle(focused).outlineOffset);
      return {
        title: visible('.vsk-session-expiry-dialog__title'),
        countdown: visible('.vsk-session-expiry-dialog__body'),
        ring:
          !!panel &&
          ring.top - ringWidth >= Math.max(0, panel.top) &&
          ring.bottom + ringWidth <= Math.min(window.innerHeight, panel.bottom) &&
          ring.left - ringWidth >= panel.left &&
          ring.right + ringWidth <= panel.right,
      };
    });
    expect(fits, JSON.stringify(fits)).toEqual({ title: true, countdown: true, ring: true });
    expect(await axeViolations(page, 'idle warning at 400 %')).toEqual([]);
  });
});
