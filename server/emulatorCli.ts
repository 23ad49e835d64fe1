import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVaultEmulator, demoDirectory } from '../src/emulator';
import { serveFetch } from './serveFetch';

const USAGE = `Usage: npm run emulator -- [--port N] [--log-events]

  --port N       Port on 127.0.0.1 (default 8787; 0 picks a free one)
  --log-events   Print the emulator's audit events to stderr, one JSON object a line
  --help         Show this help`;

/**
 * The settings the emulator CLI accepts.
 *
 * @example
 * ```ts
 * const args: EmulatorCliArgs = { port: 8787, logEvents: false, help: false };
 * ```
 */
export interface EmulatorCliArgs {
  readonly port: number;
  readonly logEvents: boolean;
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
 * Parses the CLI's arguments (`--port N`, `--port=N`, `--log-events`, `--help`).
 *
 * @example
 * ```ts
 * parseEmulatorCliArgs(['--port', '0']); // { port: 0, logEvents: false, help: false }
 * ```
 */
export function parseEmulatorCliArgs(argv: readonly string[]): EmulatorCliArgs {
  let port = 8787;
  let logEvents = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--log-events') logEvents = true;
    else if (arg === '--port' || arg.startsWith('--port=')) {
      const value = arg === '--port' ? argv[++i] : arg.slice('--port='.length);
      port = parsePort(value);
    } else throw new CliUsageError(`Unknown argument "${arg}".`);
  }
  return { port, logEvents, help };
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

  const emulator = createVaultEmulator(
    args.logEvents ? { onEvent: (event) => console.error(JSON.stringify(event)) } : {},
  );
  let server: Awaited<ReturnType<typeof serveFetch>>;
  try {
    server = await serveFetch(emulator.fetch, { port: args.port });
  } catch (error) {
    console.error(`emulator: could not listen on 127.0.0.1:${args.port}: ${String(error)}`);
    process.exitCode = 1;
    return;
  }

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
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

  console.log(`Vault emulator listening on ${server.url}`);
  const passwordUsers = demoDirectory.users.filter((user) => user.password !== undefined);
  console.log(
    `Demo users: ${passwordUsers.map((u) => `${u.username} / ${u.password}`).join(', ')}; locked@ and inactive@sunrise.example take any password.`,
  );
}

const entry = process.argv[1];
if (entry !== undefined && resolve(entry) === fileURLToPath(import.meta.url)) {
  await runEmulatorCli(process.argv.slice(2));
}
