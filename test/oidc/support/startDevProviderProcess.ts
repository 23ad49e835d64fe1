import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IdpRequest } from './startRecordedDevProvider';

/**
 * What the emulator and the tests need to know about a provider.
 *
 * @example
 * ```ts
 * const oidc = emulatorOidcFor(info); // info: DevProviderInfo
 * ```
 */
export interface DevProviderInfo {
  readonly issuer: string;
  readonly endpoints: {
    readonly authorization: string;
    readonly token: string;
    readonly introspection: string;
    readonly jwks: string;
    readonly endSession: string;
  };
  readonly clients: {
    readonly introspection: { readonly clientId: string; readonly clientSecret: string };
  };
}

/**
 * The development OpenID Provider running in a child process, reached through a recording
 * proxy in this process (the issuer is the proxy's address).
 *
 * @example
 * ```ts
 * const idp = await startDevProviderProcess({ redirectUris: ['http://localhost:3000/sso/callback'] });
 * ```
 */
export interface DevProviderProcess extends DevProviderInfo {
  readonly requests: IdpRequest[];
  /** How many POSTs reached the token endpoint. */
  tokenCalls(): number;
  close(): Promise<void>;
}

interface ReadyLine {
  readonly port: number;
  readonly endpoints: DevProviderInfo['endpoints'];
  readonly introspection: DevProviderInfo['clients']['introspection'];
}

// A path string, not `new URL(…)`: under jsdom the global URL is not Node's.
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'runDevOidcProvider.ts');

/**
 * Starts {@link DevProviderProcess}: a proxy on 127.0.0.1, then the provider as a child
 * (`node --import tsx`) with the proxy's origin in its issuer.
 *
 * @example
 * ```ts
 * const idp = await startDevProviderProcess({ redirectUris: [redirectUri] });
 * await idp.close();
 * ```
 */
export async function startDevProviderProcess(options: {
  redirectUris: readonly string[];
}): Promise<DevProviderProcess> {
  const requests: IdpRequest[] = [];
  let target: number | undefined;
  const proxy = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0] ?? '/' });
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const issuer = `${origin}/oidc`;

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: {
      ...process.env,
      DEV_OIDC_ISSUER: issuer,
      DEV_OIDC_REDIRECT_URIS: options.redirectUris.join(','),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ready = await new Promise<ReadyLine>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const line = buffered.split('\n', 1)[0];
      if (line !== undefined && buffered.includes('\n')) resolve(JSON.parse(line) as ReadyLine);
    });
    child.once('exit', (code) => reject(new Error(`The provider process exited (${code}).`)));
  });
  target = ready.port;

  const tokenPath = new URL(ready.endpoints.token).pathname;
  return {
    issuer,
    endpoints: ready.endpoints,
    clients: { introspection: ready.introspection },
    requests,
    tokenCalls: () => requests.filter((r) => r.method === 'POST' && r.path === tokenPath).length,
    close: async () => {
      const exited = new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
      child.stdin?.end();
      await exited;
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
