// Every story of the workshop in Debian's Chromium, against the built Storybook: the page
// says the demo vault is starting until the story is ready (never blank), the story renders
// (its emulator answering through the mock service worker), its play function passes,
// nothing throws, and once the story reports ready axe finds no WCAG 2.0/2.1/2.2 A or AA
// violation in the light or the dark colour scheme (A11Y-01). Stories tagged with a
// workshop viewport run at that page size and must not scroll sideways (WCAG 1.4.10). `npm test` builds storybook-static first; run alone,
// this file builds it when it is missing.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_ATTRIBUTE, STARTING_TEXT } from '../../.storybook/demoVaultStatus';
import { workshopViewports } from '../../.storybook/workshopViewports';
import { AXE_TAGS } from './support/axeViolations';
import { launchChromium } from './support/launchChromium';

const ROOT = resolve(import.meta.dirname, '../..');
const STATIC_DIR = join(ROOT, 'storybook-static');
/** Pages working at once: enough to overlap network and rendering on two cores, no more. */
const PAGES = 3;
const STORY_TIMEOUT_MS = 30_000;
/** The page size of every story without a viewport tag. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/**
 * Stories for states, themes and layouts that must exist: the single sign-on callback,
 * the pending and failing actions, the dark theme of every component, and the layouts at
 * 375 px and at 200 % zoom.
 */
const EXPECTED_STORY_IDS = [
  'sign-in-ssocallback--completing',
  'sign-in-ssocallback--cancelled',
  'sign-in-ssocallback--dark-theme',
  'sign-in-loginform--dark-theme',
  'session-signoutbutton--pending',
  'session-signoutbutton--dark-theme',
  'session-sessiontimer--dark-theme',
  'session-sessionexpirydialog--stay-signed-in-failed',
  'session-sessionexpirydialog--dark-theme',
  'session-sessionexpirydialog--narrow',
  'session-sessionexpirydialog--zoom-200',
  'session-sessionexpirydialog-silent-sign-in--signed-out-at-provider',
  'session-sessionexpirydialog-silent-sign-in--consent-withdrawn',
  'delegation-actingasbanner--stopping',
  'delegation-actingasbanner--dark-theme',
  'delegation-actingasbanner--narrow',
  'delegation-actingasbanner--zoom-200',
  'delegation-delegationpicker--loading',
  'delegation-delegationpicker--dark-theme',
  'delegation-delegationpicker--narrow',
  'delegation-delegationpicker--zoom-200',
  'session-vaultswitcher--password-step',
  'session-vaultswitcher--wrong-password',
  'session-vaultswitcher--switched',
  'session-vaultswitcher--while-acting',
  'session-vaultswitcher--dark-theme',
  'session-vaultswitcher--narrow',
  'session-vaultswitcher--zoom-200',
  'sign-in-rememberedusers--offered',
  'sign-in-rememberedusers--dark-theme',
  'sign-in-rememberedusers--narrow',
];

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

interface IndexEntry {
  readonly type: string;
  readonly id: string;
  readonly title: string;
  readonly name: string;
  readonly tags?: readonly string[];
}

async function ensureBuilt(): Promise<void> {
  if (existsSync(join(STATIC_DIR, 'index.json'))) return;
  await promisify(execFile)('npx', ['storybook', 'build', '--quiet', '-o', STATIC_DIR], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
}

// The story list decides which tests exist, so the build (when missing) happens while the
// file is collected.
await ensureBuilt();
const index = JSON.parse(await readFile(join(STATIC_DIR, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

/** A static file server for storybook-static on loopback; nothing outside it is served. */
function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      let file = normalize(join(dir, pathname));
      if (file !== dir && !file.startsWith(dir + sep)) {
        response.writeHead(403).end();
        return;
      }
      try {
        if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
        const body = await readFile(file);
        response.writeHead(200, {
          'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-store',
        });
        response.end(body);
      } catch {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      }
    })();
  });
  return new Promise((resolveServer) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolveServer({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}

/** A fixed set of pages, lent to one story at a time. */
function createPagePool(context: BrowserContext, size: number) {
  const idle: Page[] = [];
  const waiting: ((page: Page) => void)[] = [];
  let created = 0;
  return {
    async acquire(): Promise<Page> {
      const page = idle.pop();
      if (page) return page;
      if (created < size) {
        created += 1;
        return context.newPage();
      }
      return new Promise((resolvePage) => waiting.push(resolvePage));
    },
    release(page: Page): void {
      const next = waiting.shift();
      if (next) next(page);
      else idle.push(page);
    },
  };
}

/** The part of Storybook's preview channel the test reads. */
type StoryChannel = { last(event: string): unknown[] | undefined };

let server: Server | undefined;
let baseUrl = '';
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let pool: ReturnType<typeof createPagePool>;

beforeAll(async () => {
  const served = await serveStatic(STATIC_DIR);
  server = served.server;
  baseUrl = served.url;
  browser = await launchChromium();
  // One context for the whole run: the mock service worker registers once and then
  // controls every page of it.
  context = await browser.newContext({ colorScheme: 'light', reducedMotion: 'reduce' });
  pool = createPagePool(context, PAGES);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

/** Axe on the whole preview document; the messages name each rule and the elements it hit. */
async function axeViolations(page: Page): Promise<string[]> {
  // The preview document has no frames, so axe runs in it directly ("legacy" mode) rather
  // than frame by frame with a blank page opened to merge the results: same rules, same
  // document, a third of the time.
  const results = await new AxeBuilder({ page })
    .withTags([...AXE_TAGS])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** The page size a story's `viewport:<name>` tag asks for. */
function storyViewport(story: IndexEntry): { width: number; height: number } {
  const tag = story.tags?.find((name) => name.startsWith('viewport:'));
  if (tag === undefined) return DEFAULT_VIEWPORT;
  const viewport =
    workshopViewports[tag.slice('viewport:'.length) as keyof typeof workshopViewports];
  if (!viewport) throw new Error(`${story.id}: no workshop viewport for the tag ${tag}`);
  return {
    width: Number.parseInt(viewport.styles.width, 10),
    height: Number.parseInt(viewport.styles.height, 10),
  };
}

async function checkStory(page: Page, story: IndexEntry): Promise<void> {
  const pageErrors: string[] = [];
  const onPageError = (error: Error) => pageErrors.push(error.message);
  page.on('pageerror', onPageError);
  const label = `${story.title} / ${story.name} (${story.id})`;
  const viewport = storyViewport(story);
  try {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: 'light' });
    // The a11y addon's own axe run is switched off: this test runs axe itself, and two axe
    // runs in one document at once refuse to start.
    await page.goto(
      `${baseUrl}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story&globals=a11y.manual:!true`,
    );
    // Loaded, but the worker and the story's emulator may still be starting: the page says
    // so (or the story is ready already) rather than staying blank.
    const shown = await page
      .waitForFunction(
        ({ attribute, id, text }) =>
          document.documentElement.getAttribute(attribute) === id ||
          Array.from(document.querySelectorAll('[role="status"]')).some(
            (element) => element.checkVisibility() && element.textContent?.trim() === text,
          ),
        { attribute: READY_ATTRIBUTE, id: story.id, text: STARTING_TEXT },
        { timeout: 5_000, polling: 'raf' },
      )
      .then(
        () => true,
        () => false,
      );
    expect(shown, `${label}: neither ready nor saying the demo vault is starting`).toBe(true);
    // Storybook announces the end of a story (after the loaders, so the worker is up, the
    // render and the play function) on its channel, which keeps the last value of each event.
    await page.waitForFunction(
      (id) => {
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: StoryChannel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        const finished = channel?.last('storyFinished')?.[0] as { storyId?: string } | undefined;
        return finished?.storyId === id;
      },
      story.id,
      { timeout: STORY_TIMEOUT_MS, polling: 50 },
    );

    const outcome = await page.evaluate(() => {
      const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: StoryChannel })
        .__STORYBOOK_ADDONS_CHANNEL__;
      const messages = (event: string) =>
        (channel.last(event) ?? []).flat().map((error) => {
          const { message, description } = error as { message?: string; description?: string };
          return `${event}: ${message ?? description ?? JSON.stringify(error)}`;
        });
      const root = document.querySelector('#storybook-root');
      return {
        status: (channel.last('storyFinished')?.[0] as { status?: string } | undefined)?.status,
        errors: [
          'storyThrewException',
          'storyErrored',
          'playFunctionThrewException',
          'unhandledErrorsWhilePlaying',
        ].flatMap(messages),
        errorDisplay: document.body.classList.contains('sb-show-errordisplay'),
        text: root?.textContent?.trim() ?? '',
      };
    });
    expect(outcome.errors, `${label}: ${outcome.errors.join('; ')}`).toEqual([]);
    expect(outcome.status, `${label}: the story finished with an error`).toBe('success');
    expect(outcome.errorDisplay, `${label}: Storybook shows its error display`).toBe(false);
    expect(pageErrors, `${label}: uncaught in the page: ${pageErrors.join('; ')}`).toEqual([]);
    expect(outcome.text, `${label}: the story rendered no text`).not.toBe('');
    // axe looks at the story only once it says it is ready, with the starting line gone.
    await page.waitForFunction(
      ({ attribute, id }) => document.documentElement.getAttribute(attribute) === id,
      { attribute: READY_ATTRIBUTE, id: story.id },
      { timeout: STORY_TIMEOUT_MS, polling: 50 },
    );
    if (viewport !== DEFAULT_VIEWPORT) {
      const widths = await page.evaluate(() => ({
        content: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      expect(
        widths.content,
        `${label}: scrolls sideways at ${viewport.width} px`,
      ).toBeLessThanOrEqual(widths.viewport);
    }

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const violations = await axeViolations(page);
      expect(violations, `${label}, ${colorScheme}: ${violations.join('; ')}`).toEqual([]);
    }
    const loginWidth = await page.evaluate(
      () => document.querySelector('.vsk-login')?.getBoundingClientRect().width,
    );
    // A narrow viewport is narrower than the card: only the default one shows its own width.
    if (loginWidth !== undefined && viewport === DEFAULT_VIEWPORT) {
      loginWidths.set(story.name, loginWidth);
    }
  } finally {
    page.off('pageerror', onPageError);
    if (viewport !== DEFAULT_VIEWPORT) await page.setViewportSize(DEFAULT_VIEWPORT);
  }
}

/** The login card's width in each story that shows one, by story name. */
const loginWidths = new Map<string, number>();

describe.concurrent('Storybook: every story renders, plays and passes axe (A11Y-01)', () => {
  it('has stories', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  it('has a story for every state, theme and layout that must be shown', () => {
    const ids = new Set(stories.map((story) => story.id));
    expect(EXPECTED_STORY_IDS.filter((id) => !ids.has(id))).toEqual([]);
    // A layout story the test would run at the default size is no layout story.
    const untagged = stories.filter(
      (story) => /--(narrow|zoom-200)$/.test(story.id) && storyViewport(story) === DEFAULT_VIEWPORT,
    );
    expect(untagged.map((story) => story.id)).toEqual([]);
  });

  it('has a dark-theme story for every component', () => {
    const titles = new Set(stories.map((story) => story.title));
    const withDark = new Set(
      stories.filter((story) => story.id.endsWith('--dark-theme')).map((story) => story.title),
    );
    expect([...titles].filter((title) => !withDark.has(title))).toEqual([]);
  });

  for (const story of stories) {
    it(`${story.title} / ${story.name}`, async () => {
      const page = await pool.acquire();
      try {
        await checkStory(page, story);
      } finally {
        pool.release(page);
      }
    });
  }
});

describe('Storybook: the login form with the kit stylesheet alone', () => {
  it('keeps one width on every step, in a page that would let it shrink to its content', () => {
    // The workshop page lays stories out as a column of start-aligned flex items.
    expect(loginWidths.size).toBeGreaterThan(5);
    const widths = new Set([...loginWidths.values()].map(Math.round));
    expect([...widths], JSON.stringify(Object.fromEntries(loginWidths))).toHaveLength(1);
  });
});
