// Refused settings are explained in development builds and named in production ones: the
// explanations are most of the bytes of the checks, and bundlers drop them when they build
// for production. The refusal itself is the same in both.
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ENTRY =
  "export { createVaultClient, createKeepAlive, VaultConfigError } from './src/core/index';";

async function bundleCore(
  nodeEnv: 'production' | 'development' | undefined,
  format: 'esm' | 'iife' = 'esm',
): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format,
    ...(format === 'iife' ? { globalName: 'kit' } : {}),
    platform: 'neutral',
    minify: true,
    write: false,
    define: nodeEnv === undefined ? {} : { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

type CoreModule = typeof import('../../../src/core/index');

async function load(code: string): Promise<CoreModule> {
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

// A runtime without `process`, as a browser page is: a context of its own with the
// language's globals and URL, nothing of Node's.
function loadWithoutProcess(code: string): CoreModule {
  const context: { URL: typeof URL; kit?: CoreModule; process?: unknown } = { URL };
  runInNewContext(code, context);
  expect(context.process).toBeUndefined();
  if (!context.kit) throw new Error('The bundle defined no kit.');
  return context.kit;
}

describe('refused settings in production and development builds', () => {
  it('a production build carries no explanations, yet refuses the same settings and names them', async () => {
    const code = await bundleCore('production');
    expect(code).not.toContain('must look like');
    expect(code).not.toContain('same-origin path starting with');
    expect(code).not.toContain('must be shorter than the service');
    // Nor how to set the kit's proxy and the client up for BFF mode.
    expect(code).not.toContain('SessionProvider config');
    expect(code).not.toContain('the route handlers');
    expect(code).toContain("The kit's proxy is in BFF mode: set credentials: 'proxy'.");

    const kit = await load(code);
    expect(() => kit.createVaultClient({ baseUrl: 'ftp://vault.example' })).toThrow(
      new kit.VaultConfigError('baseUrl is not valid.'),
    );
    expect(() => kit.createVaultClient({ baseUrl: '', apiVersion: '26.1' })).toThrow(
      'apiVersion is not valid.',
    );
    expect(() =>
      kit.createKeepAlive({
        send: async () => {},
        deadline: () => undefined,
        onSessionInvalid: () => {},
        intervalMs: 60_000,
        idleTimeoutMs: 30_000,
      }),
    ).toThrow('Keep-alive: intervalMs is not below idleTimeoutMs.');
    // What passes the checks works as before.
    expect(kit.createVaultClient({ baseUrl: '', apiVersion: 'v25.3' }).config.apiVersion).toBe(
      'v25.3',
    );
  });

  it('a development build explains each refusal', async () => {
    const code = await bundleCore('development');
    expect(code).toContain('the route handlers');
    expect(code).toContain('emulatorHandlers(emulator, { session: false })');
    const kit = await load(code);
    expect(() => kit.createVaultClient({ baseUrl: '', apiVersion: '26.1' })).toThrow(
      'apiVersion must look like "v26.1" (v, digits, a dot, a digit).',
    );
    expect(() => kit.createVaultClient({ baseUrl: 'ftp://vault.example' })).toThrow(
      'baseUrl must use https: or http:, not ftp:',
    );
  });

  // A Vite dev server replaces process.env.NODE_ENV with "development" in what it serves,
  // and the page has no `process`: the explanations show there all the same.
  it('a development build explains each refusal in a page without process', async () => {
    const kit = loadWithoutProcess(await bundleCore('development', 'iife'));
    expect(() => kit.createVaultClient({ baseUrl: '', apiVersion: '26.1' })).toThrow(
      'apiVersion must look like "v26.1" (v, digits, a dot, a digit).',
    );
  });

  // Raw browser ESM, or workerd without nodejs_compat: nothing replaced, nothing to read.
  it('a build left as it was refuses with the short text where process does not exist', async () => {
    const kit = loadWithoutProcess(await bundleCore(undefined, 'iife'));
    expect(() => kit.createVaultClient({ baseUrl: '', apiVersion: '26.1' })).toThrow(
      'apiVersion is not valid.',
    );
  });
});
