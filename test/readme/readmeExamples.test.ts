// README code blocks marked `<!-- from examples/… -->` are taken from the examples, which
// the packaging tests install, build and drive: a block that drifts from its example fails
// here, so a recipe in the README is a recipe that runs.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/<!-- from (\S+) -->\n```\w*\n([\s\S]*?)\n```\n/g)].map(
  ([, file = '', code = '']) => ({ file, code }),
);

describe('README code blocks taken from the examples', () => {
  it('marks the recipes taken from the examples', () => {
    expect(blocks.map(({ file }) => file)).toEqual([
      'examples/vite-spa/vite.config.ts',
      'examples/vite-spa/src/App.tsx',
      'examples/node-core/index.mjs',
      'examples/next-app/lib/vaultProxy.ts',
      'examples/next-app/app/vault-session/route.ts',
      'examples/next-app/app/SignIn.tsx',
      'examples/node-core/proxy.mjs',
      'examples/next-app/app/vault/[...path]/route.ts',
      'examples/next-app/app/SignIn.tsx',
      'examples/vite-spa/src/Pages.test.tsx',
      'examples/vite-spa/src/App.test.tsx',
      'examples/vite-spa/src/Pages.test.tsx',
    ]);
  });

  it.each(blocks.map((block) => [block.file, block] as const))(
    'the block from %s appears verbatim in it',
    (_file, { file, code }) => {
      expect(readFileSync(join(ROOT, file), 'utf8')).toContain(code);
    },
  );
});
