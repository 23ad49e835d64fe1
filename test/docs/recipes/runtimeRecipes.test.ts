// docs/deploying-the-proxy.md: the Deno, Bun and workerd recipes, as the page writes them,
// each run in its runtime from the runtime's npm package. Each serves the session route
// and refuses a browser's call from another origin; the worker, given its development
// upstream, also signs olivia in through `vault-session-kit dev` in BFF mode.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_HOST } from '../../../src/emulator/index';
import { type ServedDevStack, serveDevStack } from '../../support/serveDevStack';
import {
  BUN_EXECUTABLE,
  DENO_EXECUTABLE,
  startRuntimeProcess,
} from '../../support/startRuntimeProcess';

const APP_ORIGIN = 'https://app.sunrise.example';
const SECRETS = 'a-runtime-secret-of-at-least-32-characters';
const scratch = mkdtempSync(join(tmpdir(), 'proxy-recipes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function bundle(recipe: string): Promise<string> {
  const outfile = join(scratch, recipe.replace(/\.ts$/, '.js'));
  await build({
    entryPoints: [resolve(import.meta.dirname, 'runtimes', recipe)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

/** Runs a recipe's bundle, with the settings it reads, until it says where it listens. */
function run(executable: string, args: readonly string[]) {
  return startRuntimeProcess(executable, args, {
    cwd: scratch,
    portPattern: /Listening on https?:\/\/[^:/]+:(\d+)/,
    env: { APP_ORIGINS: APP_ORIGIN, VAULT_SESSION_SECRETS: SECRETS, PORT: '0' },
  });
}

async function expectTheProxysRoutes(url: string, vault: string): Promise<void> {
  const who = await fetch(`${url}/vault-session`);
  expect(who.status).toBe(200);
  expect(who.headers.get('x-content-type-options')).toBe('nosniff');
  const refused = await fetch(`${url}/vault/${vault}/api/v26.1/auth`, {
    method: 'POST',
    headers: { Origin: 'https://evil.example', 'X-Vault-Kit': '1' },
  });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ errors: [{ type: 'PROXY_ORIGIN_REFUSED' }] });
}

/** A form POST as the kit sends it from the app's page. */
function postAsTheApp(url: string, form: string): Promise<Response> {
  const headers = { Origin: APP_ORIGIN, 'X-Vault-Kit': '1' };
  return fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}

describe('the Deno recipe', () => {
  it('serves the proxy under Deno.serve', async () => {
    const served = await run(DENO_EXECUTABLE, [
      'run',
      '--allow-net',
      '--allow-env',
      await bundle('denoProxy.ts'),
    ]);
    try {
      await expectTheProxysRoutes(served.url, 'promomats.veevavault.com');
    } finally {
      await served.stop();
    }
  }, 60_000);
});

describe('the Bun recipe', () => {
  it('serves the proxy under Bun.serve', async () => {
    const served = await run(BUN_EXECUTABLE, ['run', await bundle('bunProxy.ts')]);
    try {
      await expectTheProxysRoutes(served.url, 'promomats.veevavault.com');
    } finally {
      await served.stop();
    }
  }, 60_000);
});

describe('the workerd recipe, with its development upstream', () => {
  let dev: ServedDevStack | undefined;
  let miniflare: Miniflare | undefined;
  afterAll(async () => {
    await miniflare?.dispose();
    await dev?.close();
  });

  it('signs olivia in through the dev command, the session sealed in its cookie', async () => {
    dev = await serveDevStack({ session: false });
    miniflare = new Miniflare({
      modules: [
        {
          type: 'ESModule',
          path: 'worker.js',
          contents: readFileSync(await bundle('workerdProxy.ts'), 'utf8'),
        },
      ],
      compatibilityDate: '2025-07-01',
      bindings: {
        APP_ORIGINS: APP_ORIGIN,
        VAULT_SESSION_SECRETS: SECRETS,
        VAULT_LOGIN_HOST: DEFAULT_LOGIN_HOST,
        VAULT_HOSTS: '*.sunrise.example',
        VAULT_DEV_UPSTREAM: dev.url,
      },
      host: '127.0.0.1',
      port: 0,
    });
    const url = (await miniflare.ready).origin;
    await expectTheProxysRoutes(url, 'promomats.sunrise.example');

    const discovery = await postAsTheApp(
      `${url}/auth/discovery`,
      'username=olivia%40sunrise.example',
    );
    expect(await discovery.json()).toMatchObject({ responseStatus: 'SUCCESS' });

    const login = await postAsTheApp(
      `${url}/vault/promomats.sunrise.example/api/v26.1/auth`,
      'username=olivia%40sunrise.example&password=Sunrise-Demo-1',
    );
    const answer = await login.json();
    expect(answer).toMatchObject({ responseStatus: 'SUCCESS', sessionTag: expect.any(String) });
    expect(answer).not.toHaveProperty('sessionId');
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/^__Host-vault-session=/);
    const me = await fetch(`${url}/vault/promomats.sunrise.example/api/v26.1/objects/users/me`, {
      headers: { Cookie: cookie },
    });
    expect(await me.json()).toMatchObject({ users: [{ user: { id: 61001 } }] });
  }, 120_000);
});
