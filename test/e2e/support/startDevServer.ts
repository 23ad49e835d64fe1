import type { AddressInfo } from 'node:net';
import { basename, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type PluginOption, type ViteDevServer } from 'vite';
import { devSecurityHeaders } from '../../../server/devSecurityHeaders';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClient } from '../../../src/core/client/types';
import { randomDevSecret, type VaultDevStackOptions } from '../../../src/dev/createVaultDevStack';
import type { DevOidcProvider } from '../../../src/dev/devOidcProvider';
import { vaultDevServer } from '../../../src/dev/vaultDevServer';
import type { EmulatorEvent } from '../../../src/emulator/index';
import { servePrebuiltApp } from './servePrebuiltApp';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Dependencies pre-bundled before the first page load. The list is fixed and discovery is
 * off, so Vite never finds a "new" dependency halfway through a test, re-optimizes and
 * reloads the page under the test's feet.
 *
 * @example
 * ```ts
 * await startDevServer({ root, optimizeDeps: [...E2E_OPTIMIZED_DEPS, 'axe-core'] });
 * ```
 */
export const E2E_OPTIMIZED_DEPS: readonly string[] = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  '@tanstack/react-query',
  'oidc-client-ts',
];

/**
 * Settings of {@link startDevServer}.
 *
 * @example
 * ```ts
 * const options: DevServerOptions = {
 *   root: resolve(import.meta.dirname, 'fixtures/session-app'),
 *   emulator: { idleTimeoutMs: 60_000 },
 * };
 * ```
 */
export interface DevServerOptions {
  /** Directory of the app to serve (it holds `index.html`); the Vite root. */
  readonly root: string;
  /**
   * Emulator settings (idle timeout, clock, data, lockout, burst limit…). An `onEvent`
   * given here is called as well as the recorder behind {@link DevServer.events}.
   */
  readonly emulator?: VaultDevStackOptions['emulator'];
  /** Dependencies to pre-bundle. Default {@link E2E_OPTIMIZED_DEPS}. */
  readonly optimizeDeps?: readonly string[];
  /** More Vite plugins, after React and the vault dev server. */
  readonly plugins?: readonly PluginOption[];
  /**
   * `false` runs the proxy in token mode, for apps that hold the session ID themselves.
   * By default it runs in BFF mode with a secret made for the run ({@link DevServer.sessionSecrets}).
   */
  readonly session?: false;
  /**
   * The origin of a vault dev stack running on its own port (as `npx vault-session-kit dev`
   * does): `/auth` and `/vault` go there through Vite's `server.proxy`, with the page's
   * `Origin` kept, instead of to a `vaultDevServer()` in this server.
   */
  readonly upstream?: string;
  /**
   * `true` serves the bundle of `root` that the browser projects build once per run (see
   * prebuiltApps.ts) instead of Vite's dev server: the same app, React in development, the
   * same dev stack and security headers in front, but a page load fetches a few files
   * instead of some 300 transformed modules, and nothing is transformed at start. For every
   * test that is not about the dev server itself; `plugins`, `optimizeDeps` and `upstream`
   * belong to the dev server and cannot be combined with it.
   */
  readonly prebuilt?: boolean;
}

/**
 * A running dev server: the app at `url`, the emulator at `{url}/api` and `{url}/auth`, the
 * development OpenID Provider at `{url}/oidc`, all on one origin.
 *
 * @example
 * ```ts
 * const dev = await startDevServer({ root });
 * await page.goto(`${dev.url}/?interval=60000`);
 * await dev.close();
 * ```
 */
export interface DevServer {
  /** The canonical origin, `http://127.0.0.1:{port}`, without a trailing slash. */
  readonly url: string;
  /**
   * A prebuilt app's other origin, `http://localhost:{port}`: another site than `url` and
   * its OpenID Provider, for a single sign-on whose return is a cross-site navigation;
   * `undefined` under Vite.
   */
  readonly otherSiteUrl: string | undefined;
  /** Vite's dev server; `undefined` for a `prebuilt` app. */
  readonly vite: ViteDevServer | undefined;
  /**
   * A client of the emulator for calls from the test process (ending a session behind the
   * browser's back, probing a captured session ID with a keep-alive).
   */
  readonly client: VaultClient;
  /**
   * The proxy's session secrets in BFF mode, so that a test can open a session cookie and
   * compare the session ID inside with what a page could see; `undefined` in token mode.
   */
  readonly sessionSecrets: readonly string[] | undefined;
  /**
   * The emulator's audit events since the start or the last `clearEvents()`. They never
   * carry a session ID, a password or a token.
   */
  readonly events: readonly EmulatorEvent[];
  clearEvents(): void;
  /**
   * The development OpenID Provider, for what a user does there outside the app
   * (withdrawing consent); served prebuilt apps only, `undefined` under Vite.
   */
  readonly oidc: DevOidcProvider | undefined;
  close(): Promise<void>;
}

/**
 * Starts a Vite dev server for a browser test: the app in `root` with React and the
 * `vaultDevServer()` plugin (emulator and OpenID Provider on the same origin), on
 * 127.0.0.1 and a free port. Nothing is read from a config file or `.env`. File watching
 * is off, so an edit elsewhere in the tree cannot reload a page mid-test, and the
 * dependency list is fixed (see {@link E2E_OPTIMIZED_DEPS}). Each app gets its own
 * dependency cache under `node_modules/.vite-e2e/`, apart from the demo's. The first start
 * pre-bundles for a few seconds; the entry module graph is transformed before this
 * resolves, so the first page load is not the slow one.
 *
 * @example
 * ```ts
 * let dev: DevServer;
 * beforeAll(async () => {
 *   dev = await startDevServer({ root: resolve(import.meta.dirname, 'fixtures/session-app') });
 * });
 * afterAll(() => dev.close());
 * ```
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const root = resolve(options.root);
  const events: EmulatorEvent[] = [];
  const userOnEvent = options.emulator?.onEvent;
  const emulator: NonNullable<VaultDevStackOptions['emulator']> = {
    ...options.emulator,
    onEvent(event) {
      events.push(event);
      userOnEvent?.(event);
    },
  };

  const sessionSecrets =
    options.session === false || options.upstream !== undefined ? undefined : [randomDevSecret()];
  const session = sessionSecrets ? { secrets: sessionSecrets } : false;
  const recorder = {
    sessionSecrets,
    events,
    clearEvents() {
      events.length = 0;
    },
  };
  if (options.prebuilt === true) {
    if (options.plugins || options.optimizeDeps || options.upstream !== undefined) {
      throw new Error(
        'A prebuilt app has no dev server: plugins, optimizeDeps and upstream need one.',
      );
    }
    const app = await servePrebuiltApp({ root, emulator, session });
    return {
      url: app.url,
      otherSiteUrl: app.otherSiteUrl,
      vite: undefined,
      client: clientOf(app.url),
      ...recorder,
      oidc: app.oidc,
      close: app.close,
    };
  }
  const vite = await createServer({
    configFile: false,
    envDir: false,
    root,
    cacheDir: resolve(REPO_ROOT, 'node_modules/.vite-e2e', basename(root)),
    logLevel: 'warn',
    clearScreen: false,
    // The plugin's printed log would replace the recorder; the events are kept instead.
    plugins: [
      react(),
      devSecurityHeaders(),
      options.upstream === undefined &&
        vaultDevServer({
          logEvents: false,
          emulator,
          session,
        }),
      ...(options.plugins ?? []),
    ],
    optimizeDeps: {
      include: [...(options.optimizeDeps ?? E2E_OPTIMIZED_DEPS)],
      noDiscovery: true,
      holdUntilCrawlEnd: true,
    },
    server: {
      host: '127.0.0.1',
      port: 0,
      strictPort: true,
      watch: null,
      fs: { allow: [REPO_ROOT] },
      ...(options.upstream === undefined
        ? {}
        : { proxy: { '/auth': options.upstream, '/vault': options.upstream } }),
    },
  });

  try {
    await vite.listen();
    const address = vite.httpServer?.address() as AddressInfo | null | undefined;
    if (!address || typeof address === 'string') {
      throw new Error('The dev server did not report the port it listens on.');
    }
    const url = `http://127.0.0.1:${address.port}`;
    await warmUp(vite, url);
    return {
      url,
      otherSiteUrl: undefined,
      vite,
      client: clientOf(url),
      ...recorder,
      oidc: undefined,
      close: () => vite.close(),
    };
  } catch (error) {
    await vite.close();
    throw error;
  }
}

/** The same route the apps take: the server's proxy, each vault at its own host. */
function clientOf(url: string): VaultClient {
  return createVaultClient({
    baseUrl: `${url}/vault/promomats.sunrise.example`,
    authUrl: url,
    vaultUrl: `${url}/vault/{dns}`,
  });
}

/**
 * Loads the page and transforms every module it statically imports, the way a browser
 * would, so the transform cost is paid before any test's clock starts.
 */
async function warmUp(vite: ViteDevServer, url: string): Promise<void> {
  const html = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
  if (!html.ok) throw new Error(`The dev server answered ${html.status} for the app page.`);
  const entries = [...(await html.text()).matchAll(/<script[^>]+src="([^"]+)"/g)]
    .map((match) => match[1])
    .filter((src): src is string => src?.startsWith('/') === true);
  const environment = vite.environments.client;
  const seen = new Set<string>();
  let batch = entries;
  while (batch.length > 0) {
    for (const id of batch) seen.add(id);
    await Promise.all(batch.map((id) => environment.transformRequest(id)));
    const next = new Set<string>();
    for (const id of batch) {
      const module = await environment.moduleGraph.getModuleByUrl(id);
      for (const imported of module?.importedModules ?? []) {
        // Pre-bundled dependencies are ready already; only the app's own modules need work.
        if (!imported.url.includes('/node_modules/') && !seen.has(imported.url)) {
          next.add(imported.url);
        }
      }
    }
    batch = [...next];
  }
}
