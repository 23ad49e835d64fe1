import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/**
 * Runs a command to its end and returns its stdout; a failure throws with both streams.
 *
 * @example
 * ```ts
 * run('npx', ['vite', 'build'], app);
 * ```
 */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false', ...env },
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}

/**
 * `npm install` as a user runs it, from the registry or npm's local cache.
 *
 * @example
 * ```ts
 * npmInstall(app, [tarball, 'vite@8']);
 * ```
 */
export function npmInstall(cwd: string, specs: string[]): void {
  run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...specs],
    cwd,
  );
}

/**
 * A free TCP port on 127.0.0.1.
 *
 * @example
 * ```ts
 * const port = await freePort();
 * ```
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Calls `request` until it resolves (a server still starting refuses connections), for at
 * most a minute.
 *
 * @example
 * ```ts
 * const page = await poll(() => fetch(`${origin}/`));
 * ```
 */
export async function poll(request: () => Promise<Response>): Promise<Response> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await request();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * A long-running command of the app (a server), in a process group of its own so that
 * `stop()` ends it with its children; its output is kept for the failure message.
 *
 * @example
 * ```ts
 * const server = startServer('npx', ['next', 'start', '-p', String(port)], app);
 * server.stop();
 * ```
 */
export function startServer(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; output: () => string; stop: () => void } {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, npm_config_update_notifier: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  return {
    child,
    output: () => output,
    stop: () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    },
  };
}
