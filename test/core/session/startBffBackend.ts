import { type ServedFetch, serveFetch } from '../../../server/serveFetch';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClient, VaultClientConfig } from '../../../src/core/client/types';
import { randomDevSecret } from '../../../src/dev/createVaultDevStack';
import {
  createVaultEmulator,
  demoDirectory,
  type VaultEmulator,
} from '../../../src/emulator/index';
import { createSessionSealer } from '../../../src/proxy/createSessionSealer';
import { createVaultProxy } from '../../../src/proxy/index';

/** The page's origin as the browser stand-in names it (the proxy's allowed origin). */
export const APP_ORIGIN = 'https://docs.sunrise.example';

/** One exchange as the browser stand-in sent and received it. */
export interface BrowserExchange {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * The vault emulator behind the kit's real proxy in BFF mode, served over loopback HTTP, and
 * a `fetch` that behaves as a browser tab's does with `credentials: 'same-origin'`: it keeps
 * the cookies the proxy sets (one jar per browser) and sends them back, and sends `Origin`
 * the way a browser does. It records every exchange for the tests to search.
 */
export interface BffBackend {
  readonly emulator: VaultEmulator;
  readonly server: ServedFetch;
  readonly secrets: readonly string[];
  /**
   * Where a page in BFF mode reaches this proxy, through this browser's cookie jar: the
   * `config` of a `SessionProvider` with `credentials="proxy"`.
   */
  readonly pageConfig: VaultClientConfig;
  /** A client of the page, in BFF mode, going through this browser's cookie jar. */
  readonly client: VaultClient;
  /** The browser stand-in's fetch (this browser's cookie jar). */
  readonly fetch: typeof fetch;
  /** Everything the page sent and received. */
  readonly exchanges: BrowserExchange[];
  /** Names of the cookies the jar holds now. */
  cookieNames(): string[];
  /** The vault session IDs inside the proxy's cookies, opened with the secrets. */
  sealedIds(): Promise<{ own: string | undefined; delegated: string | undefined }>;
  /** Routes the proxy's upstream calls through `handler`; `undefined` removes it. */
  interceptUpstream(
    handler: ((request: Request) => Promise<Response> | undefined) | undefined,
  ): void;
  liveSessionsOf(userId: number): number;
  close(): Promise<void>;
}

/**
 * Starts a {@link BffBackend}; `session: false` runs the proxy without session secrets (not
 * in BFF mode), to check the kit's setup errors.
 */
export async function startBffBackend(options: { session?: false } = {}): Promise<BffBackend> {
  const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
  const secrets = [randomDevSecret()];
  let upstream: ((request: Request) => Promise<Response> | undefined) | undefined;
  const proxy = createVaultProxy({
    loginHost: emulator.loginHost ?? 'login.vault.example',
    allowHosts: demoDirectory.vaults.map((vault) => vault.dns),
    allowedOrigins: [APP_ORIGIN],
    ...(options.session === false ? {} : { session: { secrets } }),
    fetch: (request, context) => upstream?.(request) ?? emulator.fetch(request, context),
  });
  const server = await serveFetch((request, context) => proxy(request, context));
  const jar = new Map<string, string>();
  const exchanges: BrowserExchange[] = [];

  const browserFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') headers.set('origin', APP_ORIGIN);
    const body = request.body === null ? undefined : await request.arrayBuffer();
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const cleared = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (cleared) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    exchanges.push({
      method: request.method,
      url: request.url,
      requestHeaders: Object.fromEntries(headers),
      status: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      body: text,
    });
    return new Response(text, { status: response.status, headers: response.headers });
  };

  const sealer = createSessionSealer(secrets);
  const open = async (name: string): Promise<string | undefined> => {
    const value = jar.get(name);
    return value === undefined ? undefined : (await sealer.open(value))?.sid;
  };

  const pageConfig: VaultClientConfig = {
    authUrl: server.url,
    vaultUrl: `${server.url}/vault/{dns}`,
    vaultDns: 'promomats.sunrise.example',
    fetch: browserFetch,
  };
  return {
    emulator,
    server,
    secrets,
    pageConfig,
    client: createVaultClient({ ...pageConfig, credentials: 'proxy', timeoutMs: 5_000 }),
    fetch: browserFetch,
    exchanges,
    cookieNames: () => [...jar.keys()],
    sealedIds: async () => ({
      own: await open('__Host-vault-session'),
      delegated: await open('__Host-vault-delegated'),
    }),
    interceptUpstream(handler) {
      upstream = handler;
    },
    liveSessionsOf: (userId) => emulator.sessions().filter((s) => s.userId === userId).length,
    close: () => server.close(),
  };
}
