import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { applySecurityHeaders, SCRIPT_NONCE_SLOT } from '../../../server/applySecurityHeaders';
import {
  createVaultDevStack,
  type VaultDevStackOptions,
} from '../../../src/dev/createVaultDevStack';
import type { DevOidcProvider } from '../../../src/dev/devOidcProvider';
import { PREBUILT_APP_ROOTS, PREBUILT_NONCE_SLOT, prebuiltAppDir } from './prebuiltApps';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * What {@link servePrebuiltApp} needs: the app and the dev stack's settings, as the dev
 * server would take them.
 */
export interface PrebuiltAppOptions {
  readonly root: string;
  readonly emulator: NonNullable<VaultDevStackOptions['emulator']>;
  readonly session: VaultDevStackOptions['session'];
}

/**
 * A running prebuilt app: its origin, and `close` to stop the server and the dev stack.
 */
export interface PrebuiltApp {
  readonly url: string;
  /**
   * The same app at `http://localhost:{port}`, an origin the stack also allows: another site
   * than `url`, where the development provider is, so a single sign-on started here comes
   * back by a cross-site navigation, as from a real provider.
   */
  readonly otherSiteUrl: string;
  /** The stack's development OpenID Provider, `undefined` when `oidc-provider` is missing. */
  readonly oidc: DevOidcProvider | undefined;
  close(): Promise<void>;
}

/**
 * Serves the bundle that buildPrebuiltApps made of `root` (see prebuiltApps) on 127.0.0.1
 * and a free port, with what the dev server puts in front of it: the dev server's security
 * headers, and the kit's proxy, the emulator and the OpenID Provider of
 * `createVaultDevStack` on the same origin. A path that is no file gets the app's
 * `index.html`, as from Vite.
 *
 * @example
 * ```ts
 * const app = await servePrebuiltApp({ root, emulator: {}, session: false });
 * await page.goto(app.url);
 * await app.close();
 * ```
 */
export async function servePrebuiltApp(options: PrebuiltAppOptions): Promise<PrebuiltApp> {
  const root = resolve(options.root);
  if (!PREBUILT_APP_ROOTS.includes(root)) {
    throw new Error(
      `${root} is not built before the browser tests: add it to PREBUILT_APP_ROOTS in ` +
        'test/e2e/support/prebuiltApps.ts, or serve it from the dev server.',
    );
  }
  const dir = prebuiltAppDir(root);
  const index = await readFile(join(dir, 'index.html'), 'utf8').catch(() => {
    throw new Error(
      `No build of ${root} in ${dir}: the browser projects build it in their globalSetup ` +
        '(test/e2e/support/buildPrebuiltApps.ts).',
    );
  });

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const otherSiteUrl = `http://localhost:${port}`;
  const stack = await createVaultDevStack({
    origin: url,
    appOrigins: [otherSiteUrl],
    emulator: options.emulator,
    ...(options.session === undefined ? {} : { session: options.session }),
  }).catch(async (error: unknown) => {
    await new Promise((done) => server.close(done));
    throw error;
  });

  handle = (req, res) => {
    applySecurityHeaders(req, res);
    stack.middleware(req, res, (error?: unknown) => {
      if (error) {
        res.writeHead(500).end(String(error));
        return;
      }
      void sendFile(req, res, dir, index);
    });
  };

  return {
    url,
    otherSiteUrl,
    oidc: stack.oidc,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await stack.close();
    },
  };
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  index: string,
): Promise<void> {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://app').pathname);
  const file = normalize(join(dir, path));
  const isFile =
    file.startsWith(dir) &&
    (await stat(file).then(
      (found) => found.isFile(),
      () => false,
    ));
  const type = CONTENT_TYPES[extname(file)];
  if (isFile && type !== undefined) {
    const body = await readFile(file);
    res.setHeader('Content-Type', type);
    // The page's own nonce slot, for applySecurityHeaders to fill in per answer.
    res.end(type.startsWith('text/html') ? html(body.toString('utf8')) : body);
    return;
  }
  if (extname(path) === '' || extname(path) === '.html') {
    res.setHeader('Content-Type', CONTENT_TYPES['.html'] ?? 'text/html');
    res.end(html(index));
    return;
  }
  res.writeHead(404).end();
}

function html(page: string): string {
  return page.split(PREBUILT_NONCE_SLOT).join(SCRIPT_NONCE_SLOT);
}
