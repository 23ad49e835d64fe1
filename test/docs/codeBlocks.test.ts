// Every code block of the README, CONTRIBUTING.md and docs/*.md is either taken from a file
// that a test compiles or runs, or a shell block whose commands this test knows. A block
// marked `<!-- from path -->` must appear verbatim in that file: examples/ are installed,
// built and driven by the packaging tests, and test/ is type-checked and run, so a recipe
// in the docs is a recipe that works. A file under test/ imports the kit from its sources;
// the docs show the package entry each source folder is published as.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config';
import { MARKDOWN_FILES, ROOT } from './support/markdownFiles';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  scripts: Record<string, string>;
  exports: Record<string, string | { types: string }>;
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface Block {
  readonly doc: string;
  readonly line: number;
  readonly lang: string;
  readonly code: string;
  /** The file named by a `<!-- from path -->` line right above the block. */
  readonly from: string | undefined;
}

function blocksOf(doc: string): Block[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line === '```');
    if (end < 0) throw new Error(`${doc}:${i + 1}: a code block is never closed`);
    const marker = /^<!-- from (\S+) -->$/.exec(lines[i - 1] ?? '');
    blocks.push({
      doc,
      line: i + 1,
      lang: open[1] ?? '',
      code: lines.slice(i + 1, end).join('\n'),
      from: marker?.[1],
    });
    i = end;
  }
  return blocks;
}

const blocks = MARKDOWN_FILES.flatMap(blocksOf);
const taken = blocks.filter((block) => block.from !== undefined);
const shell = blocks.filter((block) => block.from === undefined && block.lang === 'sh');
const layouts = blocks.filter((block) => block.from === undefined && block.lang === 'text');

// Source folder (relative to the root, no extension) → the package entry it is published as.
const ENTRY_OF_SOURCE = new Map<string, string>([
  ['src/components/styles.css', `${pkg.name}/styles.css`],
  ...Object.entries(pkg.exports).flatMap(([entry, target]): [string, string][] => {
    const types = typeof target === 'string' ? undefined : target.types;
    const folder = types && /^\.\/dist\/types\/?(.*?)\/?index\.d\.ts$/.exec(types)?.[1];
    if (folder === undefined || folder === null || !types) return [];
    const name = entry === '.' ? pkg.name : `${pkg.name}/${entry.slice(2)}`;
    return [[folder === '' ? 'src' : `src/${folder}`, name]];
  }),
]);

/** The file's text with each relative import of a published source folder as its entry. */
function asPublished(file: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return text.replace(
    /(from |import |import\()'(\.{1,2}\/[^']+)'/g,
    (whole, keyword: string, spec) => {
      const target = relative(ROOT, resolve(ROOT, dirname(file), spec)).replace(/\/index$/, '');
      const entry = ENTRY_OF_SOURCE.get(target);
      return entry ? `${keyword}'${entry}'` : whole;
    },
  );
}

describe('code blocks taken from files that tests build, compile or run', () => {
  it('finds the blocks of every document', () => {
    expect(MARKDOWN_FILES).toContain('docs/getting-started.md');
    expect(taken.length).toBeGreaterThan(40);
  });

  it.each(taken.map((block) => [`${block.doc}:${block.line}`, block] as const))(
    '%s appears verbatim in the file it names',
    (_where, block) => {
      const file = block.from ?? '';
      // examples/ are built by the packaging tests; test/ is type-checked and run.
      expect(file).toMatch(/^(examples|test)\//);
      expect(existsSync(join(ROOT, file)), `${file} exists`).toBe(true);
      expect(asPublished(file)).toContain(block.code);
    },
  );
});

// The commands a shell block may run, each checked against what it names.
const CLI_SOURCES: Record<string, string> = {
  dev: 'src/dev/runDevCli.ts',
  proxy: 'src/dev/proxyCli.ts',
};
const EXAMPLE_PACKAGES = readdirSync(join(ROOT, 'examples')).flatMap((name) => {
  const file = join(ROOT, 'examples', name, 'package.json');
  if (!existsSync(file)) return [];
  const example = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return ['dependencies', 'devDependencies'].flatMap((field) =>
    Object.keys((example[field] as Record<string, string> | undefined) ?? {}),
  );
});
const KNOWN_PACKAGES = new Set([
  pkg.name,
  ...Object.keys(pkg.peerDependencies),
  ...Object.keys(pkg.devDependencies),
  ...EXAMPLE_PACKAGES,
]);
// The projects as Vitest reads them, so that a project made by a helper function counts.
const VITEST_PROJECTS = new Set(
  (vitestConfig.test?.projects ?? []).map((project) =>
    typeof project === 'object' && 'test' in project ? project.test?.name : undefined,
  ),
);
const ENVIRONMENT_SOURCES = ['src', 'server', 'demo', 'examples', 'vite.config.ts'];

function sourceText(path: string): string {
  const full = join(ROOT, path);
  if (!existsSync(full)) return '';
  if (!path.includes('.') || path === 'examples') {
    return readdirSync(full, { withFileTypes: true })
      .filter((entry) => entry.name !== 'node_modules')
      .map((entry) => sourceText(join(path, entry.name)))
      .join('\n');
  }
  return /\.(ts|tsx|mjs|js)$/.test(path) ? readFileSync(full, 'utf8') : '';
}
const ENVIRONMENT_TEXT = ENVIRONMENT_SOURCES.map(sourceText).join('\n');

/** What is wrong with one shell command, or undefined when this test knows it. */
function checkCommand(command: string): string | undefined {
  // A command substituted into another is a command of its own.
  const inner = [...command.matchAll(/\$\(([^)]*)\)/g)].map((match) => match[1] ?? '');
  const innerProblem = inner.map(checkCommand).find(Boolean);
  if (innerProblem) return innerProblem;
  const words = command
    .replace(/\$\([^)]*\)/g, 'value')
    .split(/\s+/)
    .filter(Boolean);
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const name = (words.shift() ?? '').split('=')[0] ?? '';
    if (!ENVIRONMENT_TEXT.includes(name)) return `no source reads the variable ${name}`;
  }
  const [tool, first, ...rest] = words;
  if (tool === 'npm' && (first === 'i' || first === 'install')) {
    const unknown = rest
      .filter((word) => !word.startsWith('-'))
      .map((word) => word.replace(/(.)@.*$/, '$1'))
      .filter((name) => !KNOWN_PACKAGES.has(name));
    return unknown.length ? `npm installs packages this kit never names: ${unknown}` : undefined;
  }
  if (tool === 'npm' && first === 'test') return undefined;
  if (tool === 'npm' && first === 'run') {
    const script = rest[0] ?? '';
    return script in pkg.scripts ? undefined : `no npm script ${script}`;
  }
  if (tool === 'npx' && first === 'vault-session-kit') {
    const [sub = '', ...flags] = rest;
    const source = CLI_SOURCES[sub];
    if (!source) return `no command vault-session-kit ${sub}`;
    const text = readFileSync(join(ROOT, source), 'utf8');
    const unknown = flags.filter((flag) => flag.startsWith('--') && !text.includes(`'${flag}'`));
    return unknown.length ? `vault-session-kit ${sub} has no ${unknown}` : undefined;
  }
  if (tool === 'npx' && first === 'tsx') {
    return existsSync(join(ROOT, rest[0] ?? '')) ? undefined : `no file ${rest[0]}`;
  }
  if (tool === 'npx' && first === 'vitest' && rest[0] === 'run') {
    const project = rest[rest.indexOf('--project') + 1] ?? '';
    const files = rest.slice(1).filter((word) => !word.startsWith('-') && word !== project);
    if (!VITEST_PROJECTS.has(project)) return `no vitest project ${project}`;
    const missing = files.filter((file) => !existsSync(join(ROOT, file)));
    return missing.length ? `no test file ${missing}` : undefined;
  }
  if (tool === 'npx' && KNOWN_PACKAGES.has(first ?? '')) return undefined;
  if (tool === 'openssl' && first === 'rand') return undefined;
  return `a command this test does not know: ${command}`;
}

describe('blocks not taken from a file', () => {
  it('are shell commands or layouts, each marked as such', () => {
    const others = blocks.filter(
      (block) => block.from === undefined && block.lang !== 'sh' && block.lang !== 'text',
    );
    expect(others.map((block) => `${block.doc}:${block.line} (${block.lang})`)).toEqual([]);
  });

  it.each(layouts.map((block) => [`${block.doc}:${block.line}`, block] as const))(
    '%s, a layout, names only paths that exist',
    (_where, block) => {
      const paths = block.code.split('\n').map((line) => line.split(/\s+/)[0] ?? '');
      expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
    },
  );

  it.each(shell.map((block) => [`${block.doc}:${block.line}`, block] as const))(
    '%s runs only commands this test knows, with scripts, files and options that exist',
    (_where, block) => {
      const commands = block.code
        .replace(/\\\n\s*/g, ' ')
        .split('\n')
        .map((line) => line.replace(/\s+#.*$/, '').trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
      expect(commands.length).toBeGreaterThan(0);
      expect(commands.map(checkCommand).filter(Boolean)).toEqual([]);
    },
  );
});
