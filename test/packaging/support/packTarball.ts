// Global setup of the packaging tests: the package is built and packed once, and every
// test file installs that one tarball.
import { type ExecFileSyncOptionsWithStringEncoding, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The temporary directory the apps are installed in, and the packed tarball in it. */
    packaging: { work: string; tarball: string };
  }
}

const ROOT = resolve(import.meta.dirname, '../../..');
let work: string | undefined;

/**
 * Builds the package, packs it into a fresh temporary directory and provides both paths
 * to the packaging tests (`inject('packaging')`).
 *
 * @example
 * ```ts
 * // vitest.config.ts, packaging project
 * test: { globalSetup: ['test/packaging/support/packTarball.ts'] }
 * ```
 */
export function setup(project: TestProject): void {
  work = mkdtempSync(join(tmpdir(), 'vsk-consumer-'));
  const options: ExecFileSyncOptionsWithStringEncoding = {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  };
  execFileSync('npm', ['run', 'build'], options);
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], options);
  const tarball = join(work, name.trim().split('\n').at(-1) ?? '');
  project.provide('packaging', { work, tarball });
}

/**
 * Removes the temporary directory.
 *
 * @example
 * ```ts
 * teardown();
 * ```
 */
export function teardown(): void {
  if (work) rmSync(work, { recursive: true, force: true });
}
