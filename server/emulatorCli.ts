import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoDirectory } from '../src/emulator';
import { createVaultDevStack, SSO_CALLBACK_PATH, type VaultDevStack } from './createVaultDevStack';

/** Apps that usually sign in through a standalone emulator: the Vite dev server's origins. */
const DEFAULT_APP_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

const USAGE = `Usage: npm run emulator -- [--port N] [--app-origin URL]... [--single-origin] [--log-events]

The emulator is laid out as a deployed app reaches the service: the kit's proxy at
/auth/* (the login host) and /vault/{dns}/api/* (each vault at its own host), so a client
configured with { authUrl: URL, vaultUrl: 'URL/vault/{dns}' } takes the production path.

  --port N          Port on 127.0.0.1 (default 8787; 0 picks a free one)
  --single-origin   Serve every vault and the login host at /api/* and /auth/* instead,
                    a session ID good at any vault: for a client with one baseUrl
  --app-origin URL  Origin of an app that signs in with single sign-on through this
                    emulator; its ${SSO_CALLBACK_PATH} is registered at the development
                    OpenID Provider. Repeatable. Default: ${DEFAULT_APP_ORIGINS.join(', ')}
  --log-events      Print the emulator's audit events to stderr, one line each
  --help            Show this help`;

/**
 * The settings the emulator CLI accepts.
 *
 * @example
 * ```ts
 * const args: EmulatorCliArgs = { port: 8787, appOrigins: [], logEvents: false, singleOrigin: false, help: false };
 * ```
 */
export interface EmulatorCliArgs {
  readonly port: number;
  readonly appOrigins: readonly string[];
  readonly logEvents: boolean;
  readonly singleOrigin: boolean;
  readonly help: boolean;
}

/**
 * Thrown for command-line input the CLI cannot use; the CLI exits with code 2.
 *
 * @example
 * ```ts
 * throw new CliUsageError('--port needs a number between 0 and 65535, got "abc".');
 * ```
 */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/**
 * Parses the CLI's arguments (`--port N`, `--port=N`, `--app-origin URL`,
 * `--single-origin`, `--log-events`, `--help`).
 *
 * @example
 * ```ts
 * parseEmulatorCliArgs(['--port', '0']).port; // 0
 * ```
 */
export function parseEmulatorCliArgs(argv: readonly string[]): EmulatorCliArgs {
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
 * Runs the emulator alone on 127.0.0.1 until SIGINT or SIGTERM, then closes the server
 * and exits with code 0. Bad arguments exit with code 2, a port in use with code 1.
 *
 * @example
 * ```ts
 * await runEmulatorCli(['--port', '0']);
 * ```
 */
export async function runEmulatorCli(argv: readonly string[]): Promise<void> {
  let args: EmulatorCliArgs;
  try {
    args = parseEmulatorCliArgs(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    console.error(`emulator: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }

  let server: Server;
  let stack: VaultDevStack | undefined;
  try {
    server = await listen(args.port, (req, res) => {
      // The stack needs the origin it serves, so it is built once the port is known.
      if (!stack) {
        res.writeHead(503).end();
        return;
      }
      stack.middleware(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      });
    });
  } catch (error) {
    console.error(`emulator: could not listen on 127.0.0.1:${args.port}: ${String(error)}`);
    process.exitCode = 1;
    return;
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack = createVaultDevStack({
    origin: url,
    appOrigins: args.appOrigins,
    singleOrigin: args.singleOrigin,
    ...(args.logEvents ? { log: (line: string) => console.error(line) } : {}),
  });
  const running = stack;

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
        console.error(`emulator: error while closing: ${String(error)}`);
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
  console.log(
    args.singleOrigin
      ? `Single-origin mode: every vault at ${url}/api, the login host at ${url}/auth`
      : `Login host at ${url}/auth, each vault at ${url}/vault/{dns}/api (${demoDirectory.vaults.map((vault) => vault.dns).join(', ')})`,
  );
  console.log(
    `Development OpenID Provider at ${running.oidc.issuer}; single sign-on returns to ${args.appOrigins.map((app) => `${app}${SSO_CALLBACK_PATH}`).join(', ')}`,
  );
  const passwordUsers = demoDirectory.users.filter((user) => user.password !== undefined);
  console.log(
    `Demo users: ${passwordUsers.map((u) => `${u.username} / ${u.password}`).join(', ')}; locked@ and inactive@sunrise.example take any password.`,
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

const entry = process.argv[1];
if (entry !== undefined && resolve(entry) === fileURLToPath(import.meta.url)) {
  await runEmulatorCli(process.argv.slice(2));
}
