import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { serveFetch } from '../server/serveFetch';
import {
  createVaultEmulator,
  type VaultEmulator,
  type VaultEmulatorOptions,
} from '../src/emulator/index';

/**
 * A production build of an app, served on 127.0.0.1 with the emulator on the same origin
 * (`/api/*` and `/auth/*`), the way an application is deployed behind a same-origin proxy.
 *
 * @example
 * ```ts
 * const app: ProductionApp = await startProductionApp({ root: 'bench/login-app' });
 * await page.goto(app.url);
 * await app.close();
 * ```
 */
export interface ProductionApp {
  /** `http://127.0.0.1:{port}`, without a trailing slash. */
  readonly url: string;
  readonly emulator: VaultEmulator;
  close(): Promise<void>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The files a web server compresses: text, not images already compressed. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json']);

/**
 * Builds the app in `root` with Vite (production mode, React plugin, no config file) into a
 * temporary directory and serves it with a fresh emulator. Requests to `/api` and `/auth`
 * go to the emulator; everything else is a file of the build, or `index.html`. Text files
 * go gzip-compressed (level 9, as the bundle sizes are reported) to a browser that accepts
 * it, as any production server sends them, so a page's bytes on a throttled network are
 * the ones it costs once deployed.
 *
 * @example
 * ```ts
 * const app = await startProductionApp({ root: resolve(REPO_ROOT, 'bench/login-app') });
 * ```
 */
export async function startProductionApp(options: {
  readonly root: string;
  readonly emulator?: VaultEmulatorOptions;
}): Promise<ProductionApp> {
  const outDir = await mkdtemp(join(tmpdir(), 'vault-session-kit-bench-'));
  try {
    // NODE_ENV is process-wide: a dev server started earlier leaves it at 'development'
    // (which would build React's development code), and a build leaves it at 'production'
    // (which would make a later dev server serve React's production code).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: false,
        mode: 'production',
        envDir: false,
        root: resolve(options.root),
        logLevel: 'warn',
        plugins: [react()],
        build: { outDir, emptyOutDir: true, reportCompressedSize: false },
      });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    const emulator = createVaultEmulator({ hosts: 'single-origin', ...options.emulator });
    const read = builtFileReader();
    const server = await serveFetch((request) => handle(request, emulator, outDir, read));
    return {
      url: server.url,
      emulator,
      async close() {
        await server.close();
        await rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
}

interface BuiltFile {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly encoding: 'gzip' | undefined;
}

/**
 * Reads a file of the build, compressed when the browser accepts gzip. The compressed bytes
 * are kept: a server of a build compresses each file once (or ahead of time), not on each
 * request, so no run waits for the compression.
 */
function builtFileReader() {
  const gzipped = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (file: string, acceptsGzip: boolean): Promise<BuiltFile> => {
    const body = new Uint8Array(await readFile(file));
    if (!acceptsGzip || !COMPRESSIBLE.has(extname(file))) {
      return { body, encoding: undefined };
    }
    let compressed = gzipped.get(file);
    if (compressed === undefined) {
      compressed = new Uint8Array(gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
      gzipped.set(file, compressed);
    }
    return { body: compressed, encoding: 'gzip' };
  };
}

async function handle(
  request: Request,
  emulator: VaultEmulator,
  outDir: string,
  read: (file: string, acceptsGzip: boolean) => Promise<BuiltFile>,
) {
  const { pathname } = new URL(request.url);
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/auth/')) {
    return emulator.fetch(request);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405 });
  }
  const requested = resolve(outDir, `.${decodeURIComponent(pathname)}`);
  const file =
    requested.startsWith(`${outDir}${sep}`) && extname(requested) !== ''
      ? requested
      : join(outDir, 'index.html');
  try {
    const acceptsGzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
    const { body, encoding } = await read(file, acceptsGzip);
    return new Response(body, {
      headers: {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        vary: 'accept-encoding',
        ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
