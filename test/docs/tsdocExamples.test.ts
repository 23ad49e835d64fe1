// Every `@example` in the sources documents something an app can import, and compiles the
// way an app would write it: against the package's entries (`vault-session-kit`,
// `vault-session-kit/core`, …), never against a file of src/. An example on internal code,
// or one that calls what does not exist, fails here with the file and line of the example.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LIBRARY_ENTRIES } from '../../vite.lib.config';
import { ROOT } from './support/markdownFiles';

const PACKAGE = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string })
  .name;
// `vault-session-kit/{name}` → its source; the command (`bin`) is no entry an app imports.
const ENTRIES = Object.entries(LIBRARY_ENTRIES)
  .filter(([name]) => name !== 'bin')
  .map(([name, file]) => ({
    specifier: name === 'index' ? PACKAGE : `${PACKAGE}/${name}`,
    file: join(ROOT, file),
  }));

// What examples take as given without showing where it came from: the app's own client,
// session and query client, what the user typed, the app's router and root component.
// An example may still make its own under the same name.
const GIVEN = `
declare const client: import('${PACKAGE}').VaultClient;
declare const session: import('${PACKAGE}').VaultSession;
declare const manager: import('${PACKAGE}').SessionManager;
declare const keepAlive: import('${PACKAGE}/core').KeepAlive;
declare const queryClient: import('@tanstack/react-query').QueryClient;
declare const emulator: import('${PACKAGE}/emulator').VaultEmulator;
declare const proxy: import('${PACKAGE}/proxy').VaultProxy;
declare const profile: import('${PACKAGE}').AuthProfile;
declare const username: string;
declare const password: string;
declare const request: Request;
declare const controller: AbortController;
declare const signal: AbortSignal;
declare const error: unknown;
declare function navigate(path: string): void;
declare function App(): import('react').ReactNode;
`;
const GIVEN_FILE = join(ROOT, 'test/docs/__examples__/given.d.ts');

interface Example {
  /** `src/…:line` of the fence's first code line. */
  readonly where: string;
  readonly file: string;
  readonly firstLine: number;
  readonly lang: string;
  readonly code: string;
  /** The entry that exports what the example documents. */
  readonly entry: string;
}

const config = ts.getParsedCommandLineOfConfigFile(
  join(ROOT, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
);
if (!config) throw new Error('tsconfig.json could not be read');
const sourceFiles = config.fileNames.filter((file) => file.startsWith(join(ROOT, 'src/')));
const program = ts.createProgram(sourceFiles, config.options);
const checker = program.getTypeChecker();

// Each public declaration, with the entry that exports it (the first in LIBRARY_ENTRIES).
const publicDeclarations = new Map<ts.Node, string>();
// Each exported name, with the entry an example imports it from when it names no import.
const entryOfName = new Map<string, string>();
for (const { specifier, file } of ENTRIES) {
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${file} is not in the program`);
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    if (!entryOfName.has(exported.name)) entryOfName.set(exported.name, specifier);
    const target =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    for (const declaration of target.declarations ?? []) {
      if (!publicDeclarations.has(declaration)) publicDeclarations.set(declaration, specifier);
    }
  }
}

/** The entry that exports the declaration `node` is (or is a member of), if any. */
function entryOf(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    const entry =
      publicDeclarations.get(at) ??
      (ts.isVariableStatement(at)
        ? at.declarationList.declarations.map((d) => publicDeclarations.get(d)).find(Boolean)
        : undefined);
    if (entry) return entry;
  }
  return undefined;
}

// Each public export without an example, as `entry: name`: the reader of the API has only
// the comment, and an example is what shows how the pieces fit.
const withoutExample: string[] = [];
for (const { specifier, file } of ENTRIES) {
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file) as ts.SourceFile);
  for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
    const target =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const documented = (target.declarations ?? []).some((declaration) => {
      const owner = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
      return ((owner as { jsDoc?: readonly ts.JSDoc[] }).jsDoc ?? []).some((doc) =>
        doc.getText().includes('@example'),
      );
    });
    if (!documented) withoutExample.push(`${specifier}: ${exported.name}`);
  }
}

const examples: Example[] = [];
const misplaced: string[] = [];
for (const source of program.getSourceFiles()) {
  if (!source.fileName.startsWith(join(ROOT, 'src/'))) continue;
  const path = relative(ROOT, source.fileName);
  const visit = (node: ts.Node): void => {
    for (const doc of (node as { jsDoc?: readonly ts.JSDoc[] }).jsDoc ?? []) {
      const text = doc.getText();
      if (!text.includes('@example')) continue;
      const docLine = source.getLineAndCharacterOfPosition(doc.getStart()).line + 1;
      const entry = entryOf(node);
      if (!entry) {
        misplaced.push(`${path}:${docLine}`);
        continue;
      }
      examples.push(...examplesIn(text, path, docLine, entry));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** The fenced blocks under each `@example` tag of one comment. */
function examplesIn(comment: string, path: string, docLine: number, entry: string): Example[] {
  const lines = comment.split('\n').map((line) => line.replace(/^\s*(\/\*\*|\*\/|\* ?)/, ''));
  const found: Example[] = [];
  let inExample = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^@\w/.test(line)) inExample = line.startsWith('@example');
    const open = inExample ? /^```(\w*)\s*$/.exec(line) : null;
    if (!open) continue;
    const end = lines.findIndex((candidate, j) => j > i && /^```\s*$/.test(candidate));
    if (end < 0) throw new Error(`${path}:${docLine + i}: an example's block is never closed`);
    found.push({
      where: `${path}:${docLine + i + 1}`,
      file: path,
      firstLine: docLine + i + 1,
      lang: open[1] || 'ts',
      code: lines.slice(i + 1, end).join('\n'),
      entry,
    });
    i = end;
  }
  if (found.length === 0) {
    throw new Error(`${path}:${docLine}: an @example without a fenced code block`);
  }
  return found;
}

/**
 * The example as a module an app could write: imports of the kit's names it uses but
 * does not import itself, on the first line, so that line N of the block is line N + 1.
 */
function asModule(example: Example): string {
  const own = new Set(
    [...example.code.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((match) =>
      (match[1] ?? '').split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
    ),
  );
  const declared = new Set(
    [...example.code.matchAll(/\b(?:const|let|function|class|type|interface)\s+(\w+)/g)].map(
      (match) => match[1],
    ),
  );
  const used = new Set(example.code.match(/\b[A-Za-z_]\w*\b/g) ?? []);
  const bySpecifier = new Map<string, string[]>();
  for (const name of used) {
    if (own.has(name) || declared.has(name)) continue;
    // From the entry of what the example documents when it has the name, else the first.
    const specifier = exportsOf(example.entry).has(name) ? example.entry : entryOfName.get(name);
    if (!specifier) continue;
    bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), name]);
  }
  const imports = [...bySpecifier]
    .map(([specifier, names]) => `import { ${names.join(', ')} } from '${specifier}';`)
    .join(' ');
  return `${imports}\n${example.code}\nexport {};\n`;
}

const exportNames = new Map<string, Set<string>>();
function exportsOf(specifier: string): Set<string> {
  const known = exportNames.get(specifier);
  if (known) return known;
  const entry = ENTRIES.find((candidate) => candidate.specifier === specifier);
  const source = entry && program.getSourceFile(entry.file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const names = new Set(
    moduleSymbol ? checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.name) : [],
  );
  exportNames.set(specifier, names);
  return names;
}

/** Every example compiled in one program; the errors by example, as `file:line: message`. */
function compileExamples(): string[] {
  const virtual = new Map<string, Example>();
  const texts = new Map<string, string>([[GIVEN_FILE, GIVEN]]);
  examples.forEach((example, index) => {
    const name = join(ROOT, `test/docs/__examples__/example${index}.${example.lang}`);
    virtual.set(name, example);
    texts.set(name, asModule(example));
  });
  const options: ts.CompilerOptions = {
    ...config?.options,
    noUnusedLocals: false,
    // Imports are written for the example, types and values alike.
    verbatimModuleSyntax: false,
    noUnusedParameters: false,
    baseUrl: ROOT,
    paths: Object.fromEntries(
      ENTRIES.map(({ specifier, file }) => [specifier, [relative(ROOT, file)]]),
    ),
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => texts.get(file) ?? readFile(file);
  host.fileExists = (file) => texts.has(file) || fileExists(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = texts.get(file);
    return text === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, text, language, true);
  };
  const compiled = ts.createProgram([...texts.keys()], options, host, program);
  return [...virtual].flatMap(([name, example]) => {
    const source = compiled.getSourceFile(name);
    const diagnostics = [
      ...compiled.getSyntacticDiagnostics(source),
      ...compiled.getSemanticDiagnostics(source),
    ];
    return diagnostics.map((diagnostic) => {
      const line =
        diagnostic.file && diagnostic.start !== undefined
          ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
          : 0;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      // Line 0 of the module is its imports; line N is line N of the block.
      return `${example.file}:${example.firstLine + Math.max(line - 1, 0)}: ${message}`;
    });
  });
}

describe('TSDoc examples', () => {
  it('are found on the public exports of every entry', () => {
    expect(ENTRIES.length).toBeGreaterThan(10);
    expect(examples.length).toBeGreaterThan(100);
  });

  it('are on every public export', () => {
    expect(withoutExample).toEqual([]);
  });

  it('document only what an entry exports', () => {
    expect(misplaced).toEqual([]);
  });

  it('compile against the package entries, as an app would write them', () => {
    expect(compileExamples()).toEqual([]);
  }, 120_000);
});
