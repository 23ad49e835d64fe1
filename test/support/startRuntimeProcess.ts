import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Deno from its npm package: the postinstall links the binary, the platform package holds it. */
export const DENO_EXECUTABLE = existsSync(resolve(ROOT, 'node_modules/deno/deno'))
  ? resolve(ROOT, 'node_modules/deno/deno')
  : resolve(ROOT, 'node_modules/@deno/linux-x64-glibc/deno');

/** Bun from its npm package. */
export const BUN_EXECUTABLE = resolve(ROOT, 'node_modules/bun/bin/bun.exe');

/**
 * A server started in another runtime: its loopback origin, and a way to stop it.
 *
 * @example
 * ```ts
 * const served: RuntimeProcess = await startRuntimeProcess(BUN_EXECUTABLE, ['run', bundle], options);
 * await fetch(`${served.url}/vault-session`);
 * ```
 */
export interface RuntimeProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Runs a server in Deno, Bun or any executable, and resolves once its output names the port
 * it listens on (the first group of `portPattern`); rejects with that output if it exits
 * first.
 *
 * @example
 * ```ts
 * const served = await startRuntimeProcess(DENO_EXECUTABLE, ['run', '--allow-net', bundle], {
 *   cwd: scratch,
 *   portPattern: /listening (\d+)/,
 * });
 * await served.stop();
 * ```
 */
export async function startRuntimeProcess(
  executable: string,
  args: readonly string[],
  options: { cwd: string; portPattern: RegExp; env?: Record<string, string> },
): Promise<RuntimeProcess> {
  const child: ChildProcess = spawn(executable, args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  let output = '';
  const port = await new Promise<string>((done, fail) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = options.portPattern.exec(output);
      if (match?.[1]) done(match[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${executable} exited with ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
