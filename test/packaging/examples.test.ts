// The examples in examples/, as a user gets them: each installed from the packed tarball
// and built as its template builds it, then driven in Chromium through a password sign-in,
// acting as a delegator, a reload, a sign-out and single sign-on: the Vite app under `vite`,
// the Next.js app under `next start`, and the Node server serving the Vite app's build;
// each against the stack the package ships (the Vite plugin, `npx vault-session-kit dev`).
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/support/launchChromium';
import { freePort, npmInstall, poll, run, startServer } from './support/consumerApp';

const EXAMPLES = resolve(import.meta.dirname, '../../examples');
const { work, tarball } = inject('packaging');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** Runs `drive` on a new page; a failure carries the servers' output. */
async function onPage(drive: (page: Page) => Promise<void>, output: () => string) {
  const page = await browser.newPage();
  try {
    await drive(page);
  } catch (error) {
    throw new Error(`${String(error)}\n${output()}`);
  } finally {
    await page.close();
  }
}

/** Copies an example and installs its package.json with the kit from the tarball. */
function install(name: string): string {
  const app = join(work, name);
  cpSync(join(EXAMPLES, name), app, {
    recursive: true,
    filter: (source) => !/node_modules|\.next|dist$/.test(source),
  });
  npmInstall(app, [tarball]);
  return app;
}

/** `signIn` of vault-session-kit/testing, as the app installed it from the tarball. */
async function installedSignIn(
  app: string,
): Promise<typeof import('../../src/testing/index').signIn> {
  const file = createRequire(join(app, 'package.json')).resolve('vault-session-kit/testing');
  return (await import(pathToFileURL(file).href)).signIn;
}

/** `npx vault-session-kit dev` of the app's own install, on a free port. */
async function startDevCommand(app: string, appOrigin: string) {
  const port = await freePort();
  const dev = startServer(
    'npx',
    ['vault-session-kit', 'dev', '--port', String(port), '--app-origin', appOrigin],
    app,
  );
  const url = `http://127.0.0.1:${port}`;
  await poll(() => fetch(`${url}/vault/promomats.sunrise.example/api`));
  return { ...dev, port, url };
}

/** What an example shows once `user` is signed in; each example words it its own way. */
type SignedIn = (page: Page, user: string) => Locator;

const viteSpaSignedIn: SignedIn = (page, user) =>
  page.getByRole('heading', { name: `Documents of ${user} in` });
const nextSignedIn: SignedIn = (page, user) => page.getByText(`Signed in as ${user} in`);

/** The proxy's session cookie in the page's context, if any. */
async function sessionCookies(page: Page, origin: string) {
  return (await page.context().cookies(origin)).filter((c) => c.name === '__Host-vault-session');
}

/**
 * Signs olivia in with her password, acts as marcus, reloads (both sessions come back from
 * the proxy's session route), signs out (the cookie goes), and reloads to the form.
 */
async function signInActReloadSignOut(
  page: Page,
  origin: string,
  app: string,
  signedIn: SignedIn,
): Promise<void> {
  await page.goto(origin);
  const signIn = await installedSignIn(app);
  await signIn(page, { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
  await signedIn(page, 'olivia@sunrise.example').waitFor({ timeout: 30_000 });
  // BFF mode: the session is in the proxy's HttpOnly cookie, out of the page's reach (and,
  // for the first minutes after the sign-in, in a landed copy of it too).
  expect(
    (await page.context().cookies(origin))
      .filter((cookie) => cookie.name.startsWith('__Host-vault'))
      .map((cookie) => [
        cookie.name.replace(/^__Host-vault-landed-[A-Za-z0-9_-]{22}$/, '__Host-vault-landed-{tag}'),
        cookie.httpOnly,
        cookie.secure,
      ])
      .sort(),
  ).toEqual([
    ['__Host-vault-landed-{tag}', true, true],
    ['__Host-vault-session', true, true],
  ]);
  expect(await page.evaluate(() => document.cookie)).toBe('');

  await page.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }).click();
  const banner = page.getByRole('region', { name: 'Delegated session' });
  await banner.waitFor();
  expect(await banner.textContent()).toContain('Acting as Marcus Reed in Sunrise QualityDocs');
  // The app keeps the session in memory only: after a reload it learns of both sessions
  // from the session route, which also names olivia's vaults as her login listed them.
  await page.reload();
  await banner.waitFor({ timeout: 30_000 });
  expect(await banner.textContent()).toContain(
    'Acting as Marcus Reed in Sunrise QualityDocs — you are olivia@sunrise.example',
  );

  await page.getByRole('button', { name: 'Sign out' }).click();
  const userName = page.getByRole('textbox', { name: 'User name' });
  await userName.waitFor({ timeout: 30_000 });
  // The form shows at once; the cookie goes with the answer to the one DELETE that the
  // sign-out sent at the same moment.
  await expect.poll(() => sessionCookies(page, origin), { timeout: 10_000 }).toEqual([]);
  await page.reload();
  await userName.waitFor({ timeout: 30_000 });
}

/**
 * Signs sam in with single sign-on at the dev command's identity provider; the proxy's
 * callback exchanges the code and comes back to the app signed in.
 */
async function signInWithSso(page: Page, origin: string, signedIn: SignedIn): Promise<void> {
  await page.goto(origin);
  await page.getByRole('textbox', { name: 'User name' }).fill('sam@harbor.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
  await page.getByLabel('User name').fill('sam');
  await page.getByLabel('Password').fill('Harbor-Demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The provider returns to the proxy's /vault-session/sso/callback, which exchanges the
  // code, seals the vault session and goes back to where the sign-in started.
  await page.waitForURL(`${origin}/`, { timeout: 30_000 });
  await signedIn(page, 'sam@harbor.example').waitFor({ timeout: 30_000 });
  expect(await sessionCookies(page, origin)).toHaveLength(1);
}

/** The Vite example installed and built once, for its own tests and the Node server's. */
let viteSpa: string | undefined;
function builtViteSpa(): string {
  if (viteSpa) return viteSpa;
  const app = install('vite-spa');
  // The template's own build and lint: `tsc -b && vite build`, oxlint.
  run('npm', ['run', 'build', '--', '--logLevel', 'error'], app);
  run('npm', ['run', 'lint'], app);
  viteSpa = app;
  return app;
}

describe('examples/vite-spa', () => {
  let app: string;
  beforeAll(() => {
    app = builtViteSpa();
  }, 600_000);

  it('passes its own tests (the recipe of docs/testing.md): a wrong password, then a sign-in through LoginForm on MSW in BFF mode, and a sign-in on a session of the test', () => {
    // Plain text, whatever colours the outer run asked for.
    const out = run('npx', ['vitest', 'run'], app, { NO_COLOR: '1' });
    expect(out).toMatch(/Tests +2 passed/);
  });

  it('type-checks, lints and builds as the template does', () => {
    expect(existsSync(join(app, 'dist/index.html'))).toBe(true);
  });

  describe('under `vite`, with no other process', () => {
    let vite: ReturnType<typeof startServer>;
    let origin: string;
    beforeAll(async () => {
      const port = await freePort();
      vite = startServer(
        'npx',
        ['vite', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
        app,
      );
      origin = `http://127.0.0.1:${port}`;
      await poll(() => fetch(origin));
    });
    afterAll(() => vite?.stop());

    it('signs in with a password, acts as a delegator, keeps both across a reload, and signs out', async () => {
      await onPage(
        (page) => signInActReloadSignOut(page, origin, app, viteSpaSignedIn),
        () => `--- vite:\n${vite.output()}`,
      );
    });

    it("signs in with single sign-on at the plugin's identity provider", async () => {
      await onPage(
        (page) => signInWithSso(page, origin, viteSpaSignedIn),
        () => `--- vite:\n${vite.output()}`,
      );
    });
  });
});

// The example's proxy runs in BFF mode: it reads its session secret at its first request.
const SESSION_SECRETS = 'example-secret-of-the-packaging-test-0123456789';

describe('examples/next-app', () => {
  let app: string;
  let origin: string;
  let vault: Awaited<ReturnType<typeof startDevCommand>>;
  let next: ReturnType<typeof startServer>;
  beforeAll(async () => {
    app = install('next-app');
    // As a CI build runs: today's create-next-app config (Cache Components on), and none of
    // the runtime's secrets in the environment.
    const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: '1' };
    for (const name of Object.keys(process.env))
      if (name.startsWith('VAULT_')) env[name] = undefined;
    const build = run('npx', ['next', 'build'], app, env);
    expect(build).toContain('Cache Components enabled');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    vault = await startDevCommand(app, origin);
    next = startServer('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], app, {
      NEXT_TELEMETRY_DISABLED: '1',
      APP_ORIGINS: origin,
      VAULT_LOGIN_HOST: 'login.vault.example',
      VAULT_HOSTS: '*.sunrise.example,*.harbor.example',
      VAULT_DEV_PORT: String(vault.port),
      VAULT_SESSION_SECRETS: SESSION_SECRETS,
      // As a deployment names its identity provider: the dev command's, by the name its
      // startup lines give.
      VAULT_SSO_HOSTS: 'idp.harbor.example',
    });
    await poll(() => fetch(`${origin}/`));
  }, 900_000);
  afterAll(() => {
    next?.stop();
    vault?.stop();
  });

  const servers = () => `--- next:\n${next.output()}\n--- dev command:\n${vault.output()}`;

  it('serves the pending state, and refuses in the service shape through its route handlers', async () => {
    const html = await (await fetch(`${origin}/`)).text();
    // The session lives in the browser: server HTML shows the pending state, no form.
    expect(html).toContain('Checking your session…');
    expect(html).not.toContain('autocomplete="username"');
    // What the proxy refuses it answers in the service's shape, for every method.
    const refused = await fetch(`${origin}/vault/127.0.0.1/api`, { method: 'PATCH' });
    expect((await refused.json()).errors[0].type).toBe('PROXY_HOST_NOT_ALLOWED');
    const forged = await fetch(`${origin}/vault/promomats.sunrise.example/api/v26.1/auth`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect((await forged.json()).errors[0].type).toBe('PROXY_ORIGIN_REFUSED');
  });

  it('signs in with a password, acts as a delegator, keeps both across a reload, and signs out', async () => {
    await onPage((page) => signInActReloadSignOut(page, origin, app, nextSignedIn), servers);
  });

  it('signs in with single sign-on through its own proxy, loading no OIDC code', async () => {
    await onPage(async (page) => {
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      expect(vault.output()).toContain('VAULT_SSO_HOSTS=idp.harbor.example');
      await signInWithSso(page, origin, nextSignedIn);
      // BFF mode: no script with the OIDC code (oidc-client-ts) was ever requested.
      expect(scripts.length).toBeGreaterThan(0);
      for (const url of scripts) {
        expect(await (await fetch(url)).text(), url).not.toContain('signinRedirectCallback');
      }
    }, servers);
  });
});

describe('examples/node-core', () => {
  let app: string;
  beforeAll(() => {
    app = install('node-core');
  });

  it('signs in headlessly with /core, with no React installed', async () => {
    expect(() => run('node', ['-e', "require.resolve('react')"], app)).toThrow();
    const vault = await startDevCommand(app, 'http://127.0.0.1:5173');
    try {
      const out = run('node', ['index.mjs'], app, { VAULT_URL: vault.url });
      expect(JSON.parse(out.trim().split('\n').at(-1) ?? '{}')).toEqual({
        vault: 'promomats.sunrise.example',
        delegations: 1,
      });
      // Without the optional peer oidc-provider the command says what to install.
      expect(vault.output()).toContain('npm install --save-dev oidc-provider@');
    } finally {
      vault.stop();
    }
  });

  it('serves the app and the proxy in BFF mode on plain Node, the session route kept from the SPA fallback', async () => {
    // The app's build, as `vite build` leaves it.
    mkdirSync(join(app, 'dist/assets'), { recursive: true });
    writeFileSync(join(app, 'dist/index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(app, 'dist/assets/app.js'), 'export {};');
    const origin = 'http://127.0.0.1:5173';
    const vault = await startDevCommand(app, origin);
    const port = await freePort();
    const proxy = startServer('node', ['proxy.mjs'], app, {
      PORT: String(port),
      APP_ORIGINS: origin,
      VAULT_LOGIN_HOST: 'login.vault.example',
      VAULT_HOSTS: '*.sunrise.example',
      VAULT_SESSION_SECRETS: SESSION_SECRETS,
      VAULT_DEV_PORT: String(vault.port),
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      const versions = await poll(() => fetch(`${url}/vault/promomats.sunrise.example/api`));
      expect(versions.status).toBe(200);
      expect((await versions.json()).values).toBeDefined();
      // The app's files, and index.html for its own paths (a deep link, a reload).
      expect(await (await fetch(`${url}/assets/app.js`)).text()).toBe('export {};');
      expect(await (await fetch(`${url}/documents/7`)).text()).toContain('<div id="root">');
      // BFF mode: the session route is the proxy's, before and after a sign-in.
      const whoAmI = await fetch(`${url}/vault-session`);
      expect(await whoAmI.json()).toEqual({ own: null, delegated: null });
      const login = await fetch(`${url}/vault/promomats.sunrise.example/api/v26.1/auth`, {
        method: 'POST',
        headers: { Origin: origin, 'X-Vault-Kit': '1' },
        body: new URLSearchParams({
          username: 'olivia@sunrise.example',
          password: 'Sunrise-Demo-1',
        }),
      });
      expect((await login.json()).responseStatus).toBe('SUCCESS');
      const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
      // What a reload asks: the proxy, not the fallback, answers with the session.
      const reload = await fetch(`${url}/vault-session`, { headers: { cookie } });
      expect((await reload.json()).own).toMatchObject({ vaultDns: 'promomats.sunrise.example' });
      const forged = await fetch(`${url}/vault/promomats.sunrise.example/api/v26.1/auth`, {
        method: 'POST',
        headers: { Origin: 'https://evil.example' },
      });
      expect((await forged.json()).errors[0].type).toBe('PROXY_ORIGIN_REFUSED');
      expect(proxy.output()).toContain(`App and vault proxy listening on port ${port}`);
    } catch (error) {
      throw new Error(
        `${String(error)}\n--- proxy:\n${proxy.output()}\n--- dev command:\n${vault.output()}`,
      );
    } finally {
      proxy.stop();
      vault.stop();
    }
  });
  describe("serving the Vite example's build on plain Node, in Chromium", () => {
    let proxy: ReturnType<typeof startServer>;
    let vault: Awaited<ReturnType<typeof startDevCommand>>;
    let origin: string;
    let spa: string;
    beforeAll(async () => {
      spa = builtViteSpa();
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      // The dev command stands in for the vaults and the identity provider; the Vite
      // example's install has the optional peer oidc-provider it needs for that.
      vault = await startDevCommand(spa, origin);
      proxy = startServer('node', ['proxy.mjs'], app, {
        PORT: String(port),
        APP_DIR: join(spa, 'dist'),
        APP_ORIGINS: origin,
        VAULT_LOGIN_HOST: 'login.vault.example',
        VAULT_HOSTS: '*.sunrise.example,*.harbor.example',
        VAULT_SESSION_SECRETS: SESSION_SECRETS,
        VAULT_SSO_HOSTS: 'idp.harbor.example',
        VAULT_DEV_PORT: String(vault.port),
      });
      await poll(() => fetch(`${origin}/`));
    }, 600_000);
    afterAll(() => {
      proxy?.stop();
      vault?.stop();
    });
    const servers = () => `--- proxy:\n${proxy.output()}\n--- dev command:\n${vault.output()}`;

    it('signs in with a password, acts as a delegator, keeps both across a reload, and signs out', async () => {
      await onPage((page) => signInActReloadSignOut(page, origin, spa, viteSpaSignedIn), servers);
    });

    it('signs in with single sign-on through the same server', async () => {
      await onPage((page) => signInWithSso(page, origin, viteSpaSignedIn), servers);
    });
  });
});
