import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * `npm run proxy` running as a process of its own.
 *
 * @example
 * ```ts
 * const proxy = await startProxyProcess({ allow: '*.sunrise.example', loopbackUpstreamPort: 8787 });
 * residentBytes(proxy.pid);
 * proxy.child.kill('SIGTERM');
 * ```
 */
export interface ProxyProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly port: number;
  /** `http://127.0.0.1:{port}`. */
  readonly url: string;
}

/**
 * Starts the proxy CLI on a free loopback port, its upstream calls sent to a local server
 * (`--loopback-upstream`), and resolves once it listens. Its log is drained and dropped,
 * so a full pipe never stalls it. For measuring the proxy as a deployment runs it: in a
 * process of its own, apart from the load and the upstream.
 *
 * @example
 * ```ts
 * const proxy = await startProxyProcess({ allow: '*.sunrise.example', loopbackUpstreamPort: vault.port });
 * ```
 */
export async function startProxyProcess(options: {
  readonly allow: string;
  readonly loopbackUpstreamPort: number;
}): Promise<ProxyProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/dev/bin.ts',
      'proxy',
      '--allow',
      options.allow,
      '--port',
      '0',
      '--loopback-upstream',
      String(options.loopbackUpstreamPort),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.stdout?.setEncoding('utf8');
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolveUrl(match[1]);
    });
    child.once('exit', () => reject(new Error(`The proxy exited: ${output}`)));
  });
  if (child.pid === undefined) throw new Error('The proxy process has no ID.');
  return { child, pid: child.pid, port: Number(new URL(url).port), url };
}

/**
 * The resident memory of a process, in bytes (Linux `/proc`).
 *
 * @example
 * ```ts
 * residentBytes(process.pid) > 0; // true
 * ```
 */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) * 1024;
}
