// tsc writes declaration files with the extensionless relative imports of the sources
// (`from './components/index'`), which TypeScript resolves only under bundler resolution.
// Under `moduleResolution: node16`/`nodenext` an ESM package's relative imports need the
// full file name, so each one is rewritten to the `.js` name the declaration stands for.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

/**
 * Rewrites every extensionless relative import in the `.d.ts` files under `dir`; returns
 * how many files changed. An import that names neither a declaration file nor a folder
 * with an index throws, so a broken declaration tree fails the build.
 *
 * @example
 * ```ts
 * addDeclarationExtensions('dist/types');
 * ```
 */
export function addDeclarationExtensions(dir: string): number {
  let changed = 0;
  for (const file of declarationFiles(dir)) {
    const source = readFileSync(file, 'utf8');
    const next = source.replace(SPECIFIER, (_match, lead: string, quote: string, spec: string) => {
      if (/\.(js|mjs|cjs|json|css)$/.test(spec)) return `${lead}${quote}${spec}${quote}`;
      const target = resolve(dirname(file), spec);
      if (existsSync(`${target}.d.ts`)) return `${lead}${quote}${spec}.js${quote}`;
      if (existsSync(join(target, 'index.d.ts'))) return `${lead}${quote}${spec}/index.js${quote}`;
      throw new Error(`${file}: "${spec}" names no declaration file.`);
    });
    if (next !== source) {
      writeFileSync(file, next);
      changed += 1;
    }
  }
  return changed;
}

function declarationFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return declarationFiles(path);
    return name.endsWith('.d.ts') ? [path] : [];
  });
}

const entry = process.argv[1];
if (entry !== undefined && resolve(entry) === resolve(import.meta.filename)) {
  const dir = process.argv[2] ?? 'dist/types';
  console.log(`declarations: full import paths in ${addDeclarationExtensions(dir)} files`);
}
