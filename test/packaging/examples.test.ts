// The examples in examples/, as a user gets them: each installed from the packed tarball
// and built; the Vite app and the Next.js app driven in Chromium, the Node client run,
// each against the stack the package ships (the Vite plugin, `npx vault-session-kit dev`).
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
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

describe('examples/vite-spa', () => {
  let app: string;
  beforeAll(() => {
    app = install('vite-spa');
  });

  it('passes its own tests (the recipe of docs/testing.md): a wrong password, then a sign-in through LoginForm on MSW in BFF mode, and a sign-in on a session of the test', () => {
    // Plain text, whatever colours the outer run asked for.
    const out = run('npx', ['vitest', 'run'], app, { NO_COLOR: '1' });
    expect(out).toMatch(/Tests +2 passed/);
  });

  it('builds', () => {
    run('npx', ['vite', 'build', '--logLevel', 'error'], app);
    expect(existsSync(join(app, 'dist/index.html'))).toBe(true);
  });

  it('signs in with a password and acts as a delegator under `vite`, with no other process', async () => {
    const port = await freePort();
    const vite = startServer(
      'npx',
      ['vite', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      app,
    );
    const page = await browser.newPage();
    try {
      const origin = `http://127.0.0.1:${port}`;
      await poll(() => fetch(origin));
      await page.goto(origin);
      const signIn = await installedSignIn(app);
      await signIn(page, { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
      await page
        .getByRole('heading', { name: 'Documents of olivia@sunrise.example in Sunrise PromoMats' })
        .waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }).click();
      const banner = page.getByRole('region', { name: 'Delegated session' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Acting as Marcus Reed in Sunrise QualityDocs');
    } catch (error) {
      throw new Error(`${String(error)}\n--- vite:\n${vite.output()}`);
    } finally {
      await page.close();
      vite.stop();
    }
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

  /** Runs `drive` on a new page; a failure carries both servers' output. */
  async function onPage(drive: (page: Page) => Promise<void>): Promise<void> {
    const page = await browser.newPage();
    try {
      await drive(page);
    } catch (error) {
      throw new Error(
        `${String(error)}\n--- next:\n${next.output()}\n--- dev command:\n${vault.output()}`,
      );
    } finally {
      await page.close();
    }
  }

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
    await onPage(async (page) => {
      await page.goto(origin);
      const signIn = await installedSignIn(app);
      await signIn(page, { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
      await page
        .getByText('Signed in as olivia@sunrise.example in Sunrise PromoMats')
        .waitFor({ timeout: 30_000 });
      // BFF mode: the session is in the route handlers' HttpOnly cookie, out of the page's reach.
      const cookies = await page.context().cookies(origin);
      expect(
        cookies
          .filter((cookie) => cookie.name.startsWith('__Host-vault'))
          .map((cookie) => [cookie.name, cookie.httpOnly, cookie.secure]),
      ).toEqual([['__Host-vault-session', true, true]]);
      expect(await page.evaluate(() => document.cookie)).toBe('');

      await page.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }).click();
      const banner = page.getByRole('region', { name: 'Delegated session' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Acting as Marcus Reed in Sunrise QualityDocs');
      // The app keeps the session in memory only: after a reload it learns of both sessions
      // from the session route (app/vault-session/[[...path]]/route.ts), which also names
      // olivia's vaults as her login listed them.
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
      await expect
        .poll(() => page.context().cookies(origin), { timeout: 10_000 })
        .not.toContainEqual(expect.objectContaining({ name: '__Host-vault-session' }));
      await page.reload();
      await userName.waitFor({ timeout: 30_000 });
    });
  });

  it('signs in with single sign-on through its own proxy, loading no OIDC code', async () => {
    await onPage(async (page) => {
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      await page.goto(origin);
      expect(vault.output()).toContain('VAULT_SSO_HOSTS=idp.harbor.example');
      await page.getByRole('textbox', { name: 'User name' }).fill('sam@harbor.example');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
      await page.getByLabel('User name').fill('sam');
      await page.getByLabel('Password').fill('Harbor-Demo-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The provider returns to the proxy's /vault-session/sso/callback, which exchanges the
      // code, seals the vault session and goes back to where the sign-in started.
      await page.waitForURL(`${origin}/`, { timeout: 30_000 });
      await page
        .getByText('Signed in as sam@harbor.example in Harbor Clinical')
        .waitFor({ timeout: 30_000 });
      expect(
        (await page.context().cookies(origin)).filter((c) => c.name === '__Host-vault-session'),
      ).toHaveLength(1);
      // BFF mode: no script with the OIDC code (oidc-client-ts) was ever requested.
      expect(scripts.length).toBeGreaterThan(0);
      for (const url of scripts) {
        expect(await (await fetch(url)).text(), url).not.toContain('signinRedirectCallback');
      }
    });
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
});
