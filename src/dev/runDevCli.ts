/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_ROUTE } from '../core/kitWire';
import { demoDirectory } from '../emulator';
import {
  createVaultDevStack,
  DEV_IDP_HOST,
  SSO_CALLBACK_PATH,
  SSO_SILENT_PATH,
  type VaultDevStack,
} from './createVaultDevStack';

/** Apps that usually sign in through a standalone stack: Vite's and Next.js's dev servers. */
const DEFAULT_APP_ORIGINS = [
  'http://127.0.0.1:5173',
  'http://localhost:5173',
  'http://127.0.0.1:3000',
  'http://localhost:3000',
];

const USAGE = `Usage: npx vault-session-kit dev [--port N] [--app-origin URL]... [--single-origin] [--log-events]

Starts the vault emulator, the kit's proxy in front of it and the development OpenID
Provider on one port, laid out as a deployed app reaches the service: the proxy at
/auth/* (the login host) and /vault/{dns}/api/* (each vault at its own host), the
provider at /oidc. A client configured with { authUrl: URL, vaultUrl: 'URL/vault/{dns}' }
takes the production path; an app's own proxy reaches the vaults with its upstream on
this port (npx vault-session-kit proxy --loopback-upstream N).

  --port N          Port on 127.0.0.1 (default 8787; 0 picks a free one)
  --single-origin   Serve every vault and the login host at /api/* and /auth/* instead,
                    a session ID good at any vault: for a client with one baseUrl
  --app-origin URL  Origin of an app that signs in through this stack: the proxy accepts
                    its state-changing calls, and its ${SSO_CALLBACK_PATH} and ${SSO_SILENT_PATH} (token mode) and
                    ${SESSION_ROUTE}/sso/callback (its own proxy in BFF mode) are registered
                    at the development OpenID Provider (client ID vault-session-kit-demo).
                    Repeatable. Default: ${DEFAULT_APP_ORIGINS.join(', ')}
  --log-events      Print the emulator's audit events to stderr, one line each
  --help            Show this help`;

/**
 * The settings the dev command accepts.
 */
export interface DevCliArgs {
  readonly port: number;
  readonly appOrigins: readonly string[];
  readonly logEvents: boolean;
  readonly singleOrigin: boolean;
  readonly help: boolean;
}

/**
 * Thrown for command-line input the CLI cannot use; the CLI exits with code 2.
 */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/**
 * Parses the CLI's arguments (`--port N`, `--port=N`, `--app-origin URL`,
 * `--single-origin`, `--log-events`, `--help`).
 */
export function parseDevCliArgs(argv: readonly string[]): DevCliArgs {
  let port = 8787;
  const appOrigins: string[] = [];
  let logEvents = false;
  let singleOrigin = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--log-events') logEvents = true;
    else if (arg === '--single-origin') singleOrigin = true;
    else if (arg === '--port' || arg.startsWith('--port=')) {
      const value = arg === '--port' ? argv[++i] : arg.slice('--port='.length);
      port = parsePort(value);
    } else if (arg === '--app-origin' || arg.startsWith('--app-origin=')) {
      const value = arg === '--app-origin' ? argv[++i] : arg.slice('--app-origin='.length);
      appOrigins.push(parseOrigin(value));
    } else throw new CliUsageError(`Unknown argument "${arg}".`);
  }
  return {
    port,
    appOrigins: appOrigins.length > 0 ? appOrigins : DEFAULT_APP_ORIGINS,
    logEvents,
    singleOrigin,
    help,
  };
}

function parseOrigin(value: string | undefined): string {
  if (value === undefined) throw new CliUsageError('--app-origin needs a value.');
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.origin !== value.replace(/\/$/, '')
  ) {
    throw new CliUsageError(
      `--app-origin needs an origin such as http://127.0.0.1:5173 (scheme, host, port; no path), got "${value}".`,
    );
  }
  return url.origin;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) throw new CliUsageError('--port needs a value.');
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new CliUsageError(`--port needs a whole number between 0 and 65535, got "${value}".`);
  }
  return port;
}

/**
 * `npx vault-session-kit dev`: runs the dev stack (emulator, proxy, development OpenID
 * Provider) on 127.0.0.1 until SIGINT or SIGTERM, then closes the server and exits with
 * code 0. Bad arguments exit with code 2, a port in use with code 1.
 *
 * @example
 * ```ts
 * await runDevCli(['--port', '0']);
 * ```
 */
export async function runDevCli(argv: readonly string[]): Promise<void> {
  let args: DevCliArgs;
  try {
    args = parseDevCliArgs(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    console.error(`vault-session-kit dev: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }

  let server: Server;
  let built: (stack: VaultDevStack) => void = () => undefined;
  const stackBuilt = new Promise<VaultDevStack>((resolve) => {
    built = resolve;
  });
  try {
    server = await listen(args.port, (req, res) => {
      // The stack needs the origin it serves, so it is built once the port is known; a
      // request that comes first waits for it, so that a script that waits for the port
      // gets a full answer from its first connection.
      void stackBuilt.then((stack) =>
        stack.middleware(req, res, () => {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        }),
      );
    });
  } catch (error) {
    console.error(
      `vault-session-kit dev: could not listen on 127.0.0.1:${args.port}: ${String(error)}`,
    );
    process.exitCode = 1;
    return;
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const running = await createVaultDevStack({
    origin: url,
    appOrigins: args.appOrigins,
    singleOrigin: args.singleOrigin,
    // Apps reach this stack from other origins (their own dev servers, or their own proxy
    // in front of it), where its cookies could not be used: its proxy stays in token mode,
    // and an app in BFF mode runs the kit's proxy with session secrets itself.
    session: false,
    ...(args.logEvents ? { log: (line: string) => console.error(line) } : {}),
  });
  built(running);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    Promise.all([
      new Promise<void>((done, fail) => {
        // Keep-alive sockets from clients would hold close() open for seconds.
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
      running.close(),
    ]).then(
      () => {
        process.exitCode = 0;
      },
      (error: unknown) => {
        console.error(`vault-session-kit dev: error while closing: ${String(error)}`);
        process.exitCode = 1;
      },
    );
  };
  // A reader that stops early (`| head -1`) must not take the server down with EPIPE.
  process.stdout.on('error', () => undefined);
  // Installed before the ready line: a signal sent in reply to it must find them in place.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  console.log(`Vault emulator listening on ${url}`);
  const vaults = demoDirectory.vaults.map((vault) => vault.dns).join(', ');
  console.log(
    args.singleOrigin
      ? `Single-origin mode: every vault at ${url}/api, the login host at ${url}/auth`
      : `Login host at ${url}/auth, each vault at ${url}/vault/{dns}/api (${vaults})`,
  );
  console.log(`Apps allowed to sign in: ${args.appOrigins.join(', ')} (--app-origin)`);
  console.log(
    running.oidc
      ? `Development OpenID Provider at ${running.oidc.issuer} (client ID ${running.oidc.clients.demo.clientId}); single sign-on returns to {app}${SSO_CALLBACK_PATH} (silent sign-ins to {app}${SSO_SILENT_PATH}), or to {app}${SESSION_ROUTE}/sso/callback through a proxy of the app's own`
      : 'Single sign-on is off (see the notice above).',
  );
  if (running.oidc && !args.singleOrigin) {
    console.log(
      `An app's own proxy in BFF mode (upstream on this port) reaches the provider as https://${DEV_IDP_HOST}: allow it with session.sso.allowHosts, e.g. VAULT_SSO_HOSTS=${DEV_IDP_HOST}`,
    );
  }
  const passwordUsers = demoDirectory.users.filter((user) => user.password !== undefined);
  console.log(
    `Demo users: ${passwordUsers.map((u) => `${u.username} / ${u.password}`).join(', ')}; sam@harbor.example signs in with single sign-on (sam / Harbor-Demo-1); locked@ and inactive@sunrise.example take any password.`,
  );
}

function listen(
  port: number,
  handler: Parameters<typeof createServer>[1] & object,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
