// CONTRIBUTING.md's budget table states the size ceilings and targets that
// test/bench/bundleBudgets.test.ts holds and `npm run bench` reports: a limit changed in
// the code must be changed in the table too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIZE_LIMITS } from '../../bench/measureBundleSizes';
import { ROOT } from './support/markdownFiles';

const CONTRIBUTING = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
const ROWS: Record<keyof typeof SIZE_LIMITS, string> = {
  loginPage: 'login page `{ SessionProvider, RequireSession, LoginForm }`',
  reactEntry: '`vault-session-kit` (React + components)',
  core: '`vault-session-kit/core`',
  client: '`createVaultClient` alone',
};

const kB = (bytes: number): string => `${bytes / 1000} kB`;

/** A row's ceiling and target, each without what follows its first comma. */
function cellsOf(row = ''): string[] {
  const cells = row.split('|').map((cell) => cell.trim());
  return cells.slice(2, 4).map((cell) => cell.split(',')[0] ?? '');
}

describe("CONTRIBUTING.md's budget table", () => {
  it.each(Object.entries(ROWS))('states the ceiling and target of %s', (key, label) => {
    const limit = SIZE_LIMITS[key as keyof typeof SIZE_LIMITS];
    const row = CONTRIBUTING.split('\n').find((line) => line.startsWith(`| ${label} |`));
    expect(cellsOf(row)).toEqual([kB(limit.ceiling), kB(limit.target)]);
  });
});
