import { cpus, release, totalmem, type } from 'node:os';

/**
 * The machine a benchmark ran on, for the report's header.
 *
 * @example
 * ```ts
 * const machine: Machine = describeMachine(browser.version());
 * console.log(machine.cpu, machine.cores);
 * ```
 */
export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  /** Total memory in bytes. */
  readonly memoryBytes: number;
  readonly os: string;
  readonly node: string;
  readonly chromium: string;
  /** ISO 8601, UTC. */
  readonly date: string;
}

/**
 * Describes this machine: CPU model and logical cores, memory, operating system, Node
 * version, the Chromium version the browser benchmarks drove, and the date.
 *
 * @example
 * ```ts
 * const machine = describeMachine((await launchChromium()).version());
 * ```
 */
export function describeMachine(chromiumVersion: string, now = new Date()): Machine {
  const processors = cpus();
  return {
    cpu: processors[0]?.model.trim() || 'unknown',
    cores: processors.length,
    memoryBytes: totalmem(),
    os: `${type()} ${release()}`,
    node: process.version,
    chromium: chromiumVersion,
    date: now.toISOString(),
  };
}
