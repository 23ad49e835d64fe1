import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/security.md is the one place the security IDs are defined; code and tests cite them.
const ROOT = resolve(import.meta.dirname, '../..');
const DOC = readFileSync(join(ROOT, 'docs/security.md'), 'utf8');
const ID = /\b(?:(?:A11Y|DEL|ENUM|EXCH|OIDC|PWD|SES|STO|THR|WEB)-\d{2}|B\d{1,2})\b/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return /\.(ts|tsx|css)$/.test(name) ? [path] : [];
  });
}

const defined = new Set(
  [
    ...DOC.matchAll(/^\| ((?:A11Y|DEL|ENUM|EXCH|OIDC|PWD|SES|STO|THR|WEB)-\d{2}|B\d{1,2}) \|/gm),
  ].map((match) => match[1]),
);

describe('docs/security.md', () => {
  it('defines every security ID that code or tests cite', () => {
    const undefinedIds: string[] = [];
    for (const dir of ['src', 'server', 'demo', 'stories', 'test']) {
      for (const file of filesUnder(join(ROOT, dir))) {
        for (const [id] of readFileSync(file, 'utf8').matchAll(ID)) {
          if (!defined.has(id)) undefinedIds.push(`${id} in ${relative(ROOT, file)}`);
        }
      }
    }
    expect(defined.size).toBeGreaterThan(50);
    expect(undefinedIds).toEqual([]);
  });

  it('names only test files that exist', () => {
    const named = new Set([...DOC.matchAll(/`(test\/[^`]+\.test\.tsx?)`/g)].map((m) => m[1]));
    expect(named.size).toBeGreaterThan(20);
    const missing = [...named].filter((file) => {
      try {
        return !statSync(join(ROOT, file ?? '')).isFile();
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it('defines each ID once', () => {
    const rows = [...DOC.matchAll(/^\| ((?:[A-Z0-9]+)-\d{2}|B\d{1,2}) \|/gm)].map(
      (match) => match[1],
    );
    expect(rows.length).toBe(new Set(rows).size);
  });
});
