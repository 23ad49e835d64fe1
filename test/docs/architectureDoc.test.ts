import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md walks a session through the code by file name; a file that moved or
// was renamed must take the page with it.
const ROOT = resolve(import.meta.dirname, '../..');
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

function sourceFileNames(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFileNames(path) : [name];
  });
}

describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const paths = [...DOC.matchAll(/`((?:src|test)\/[^`\s]*)`/g)].map((match) => match[1] ?? '');
    expect(paths.length).toBeGreaterThan(30);
    const missing = paths.filter(
      (path) => !existsSync(join(ROOT, path.replace('<lang>', 'en').replace(/\/$/, ''))),
    );
    expect(missing).toEqual([]);
  });

  it('names only source files that exist, where it gives a bare file name', () => {
    const known = new Set(sourceFileNames(join(ROOT, 'src')));
    const bare = [...DOC.matchAll(/`([A-Za-z]+\.tsx?)`/g)].map((match) => match[1] ?? '');
    expect(bare.length).toBeGreaterThan(10);
    expect(bare.filter((name) => !known.has(name))).toEqual([]);
  });
});
