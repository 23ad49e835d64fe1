// The fetch-style proxy is isomorphic: here it serves its routes, in front of the emulator,
// under workerd (through miniflare), Deno and Bun, each from its npm package. Each runtime
// runs a bundle of the proxy and the emulator; the kit's client in this process drives it
// over loopback HTTP.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUN_EXECUTABLE,
  DENO_EXECUTABLE,
  startRuntimeProcess,
} from '../support/startRuntimeProcess';
import { driveKitClient } from './proxyAdapters';
import { RUNTIME_APP_ORIGIN, RUNTIME_BFF_BASE } from './runtimes/createProxiedEmulator';

const scratch = mkdtempSync(join(tmpdir(), 'proxy-runtimes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Runtime {
  readonly name: string;
  readonly entry: string;
  /** Runs the bundle; resolves with the server's origin and a way to stop it. */
  start(bundle: string): Promise<{ url: string; stop: () => Promise<void> }>;
}

const RUNTIMES: readonly Runtime[] = [
  {
    name: 'workerd (miniflare)',
    entry: 'workerdEntry.ts',
    async start(bundle) {
      const miniflare = new Miniflare({
        // The bundle's text, not its path: a path outside the working directory is refused.
        modules: [{ type: 'ESModule', path: 'worker.js', contents: readFileSync(bundle, 'utf8') }],
        compatibilityDate: '2025-07-01',
        host: '127.0.0.1',
        port: 0,
      });
      const url = await miniflare.ready;
      return { url: url.origin, stop: () => miniflare.dispose() };
    },
  },
  {
    name: 'Deno',
    entry: 'denoEntry.ts',
    start: (bundle) => startProcess(DENO_EXECUTABLE, ['run', '--allow-net', bundle]),
  },
  {
    name: 'Bun',
    entry: 'bunEntry.ts',
    start: (bundle) => startProcess(BUN_EXECUTABLE, ['run', bundle]),
  },
];

describe.each(RUNTIMES)('the fetch-style proxy under $name', (runtime) => {
  let url = '';
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const bundle = join(scratch, `${runtime.entry.replace(/\.ts$/, '')}.js`);
    await build({
      entryPoints: [resolve(import.meta.dirname, 'runtimes', runtime.entry)],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      outfile: bundle,
      logLevel: 'silent',
    });
    ({ url, stop } = await runtime.start(bundle));
  }, 60_000);
  afterAll(() => stop?.());

  it('carries a sign-in, keep-alive, delegations and sign-out of the kit client', async () => {
    await driveKitClient(url);
  });

  it('applies the rules: hosts off the list, other origins, nosniff', async () => {
    const hostile = await fetch(`${url}/vault/127.0.0.1/api`);
    expect(hostile.status).toBe(400);
    expect(await hostile.json()).toMatchObject({ errors: [{ type: 'PROXY_HOST_NOT_ALLOWED' }] });
    const login = (origin: string) =>
      fetch(`${url}/vault/promomats.sunrise.example/api/v26.1/auth`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'username=olivia%40sunrise.example&password=Sunrise-Demo-1',
      });
    const refused = await login('http://evil.example');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errors: [{ type: 'PROXY_ORIGIN_REFUSED' }] });
    const allowed = await login(RUNTIME_APP_ORIGIN);
    expect(await allowed.json()).toMatchObject({ responseStatus: 'SUCCESS' });
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps the session in a sealed cookie in BFF mode (WebCrypto), and calls with it', async () => {
    const base = `${url}${RUNTIME_BFF_BASE}`;
    const login = await fetch(`${base}/vault/promomats.sunrise.example/api/v26.1/auth`, {
      method: 'POST',
      headers: {
        Origin: RUNTIME_APP_ORIGIN,
        'X-Vault-Kit': '1',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'username=olivia%40sunrise.example&password=Sunrise-Demo-1',
    });
    const answer = await login.json();
    expect(answer).toMatchObject({ responseStatus: 'SUCCESS', sessionTag: expect.any(String) });
    expect(answer).not.toHaveProperty('sessionId');
    const cookies = login.headers.getSetCookie().map((line) => line.split(';')[0]);
    expect(cookies[0]).toMatch(/^__Host-vault-session=v1\./);
    const me = await fetch(`${base}/vault/promomats.sunrise.example/api/v26.1/objects/users/me`, {
      headers: { Cookie: cookies.join('; ') },
    });
    expect(await me.json()).toMatchObject({ users: [{ user: { id: 61001 } }] });
    const who = await fetch(`${base}/vault-session`, { headers: { Cookie: cookies.join('; ') } });
    expect(await who.json()).toMatchObject({ own: { sessionTag: answer.sessionTag } });
  });
});

function startProcess(executable: string, args: readonly string[]) {
  return startRuntimeProcess(executable, args, { cwd: scratch, portPattern: /listening (\d+)/ });
}
