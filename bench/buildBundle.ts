import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';

/**
 * The repository root: esbuild resolves entries and packages from here, and metafile paths
 * are relative to it (`src/core/errors.ts`, `node_modules/valibot/dist/index.mjs`).
 *
 * @example
 * ```ts
 * const entry = resolve(REPO_ROOT, 'src/index.ts');
 * ```
 */
export const REPO_ROOT = resolve(import.meta.dirname, '..');

/**
 * The peer dependencies every measurement leaves out: an application has them anyway.
 * `oidc-client-ts` is added per build where it counts as a peer.
 *
 * @example
 * ```ts
 * await buildBundle({ entry: 'src/index.ts', external: [...REACT_PEERS, '@tanstack/react-query'] });
 * ```
 */
export const REACT_PEERS: readonly string[] = ['react', 'react/*', 'react-dom', 'react-dom/*'];

/**
 * What to bundle: a file of the repository, or a few lines of source (an application's
 * import statement) resolved from the repository root.
 *
 * @example
 * ```ts
 * const input: BundleInput = {
 *   contents: "export { LoginForm } from './src/index';",
 *   external: REACT_PEERS,
 * };
 * ```
 */
export type BundleInput = (
  | { readonly entry: string; readonly contents?: never }
  | { readonly contents: string; readonly entry?: never }
) & {
  /** Package names (esbuild patterns such as `react/*` allowed) left out of the bundle. */
  readonly external: readonly string[];
  /**
   * Source files (repository paths such as `src/core/session/createProxyJoin.ts`)
   * whose code is left out: each is replaced by a stand-in that keeps its export names, so
   * the build shows what the page would weigh without them. The result is for measuring
   * only; it cannot run. Their importers stay as they are, so the bytes saved are a lower
   * bound of what moving the feature out of the page would save. Names a file that does not
   * exist, and the build is refused.
   */
  readonly leaveOut?: readonly string[];
};

/**
 * Sizes of some bytes: as written, gzip at level 9 and brotli at its highest quality.
 *
 * @example
 * ```ts
 * const { gzip }: CompressedSizes = compressedSizes(new TextEncoder().encode('x'));
 * ```
 */
export interface CompressedSizes {
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

/**
 * One file esbuild wrote: an entry, a lazy chunk or a shared chunk.
 *
 * @example
 * ```ts
 * const lazy = bundle.outputs.filter((output: BundleOutput) => output.entryPoint === undefined);
 * ```
 */
export interface BundleOutput extends CompressedSizes {
  /** Relative to {@link REPO_ROOT}, as the metafile names it. */
  readonly path: string;
  /** The module this file was made for, when it is an entry or a dynamic-import target. */
  readonly entryPoint: string | undefined;
  /** Other outputs this one loads before it runs (`import` statements). */
  readonly staticImports: readonly string[];
  /** Other outputs this one may load later (`import()`). */
  readonly dynamicImports: readonly string[];
  /** Minified bytes each source file contributes to this output, by metafile path. */
  readonly inputs: Readonly<Record<string, number>>;
  /** External packages this output imports (peers the application provides). */
  readonly externalImports: readonly string[];
}

/**
 * One esbuild run with code splitting: the entry's output and every chunk.
 *
 * @example
 * ```ts
 * const bundle: BundleBuild = await buildBundle({ entry: 'src/core/index.ts', external: [] });
 * bundle.entry.gzip;
 * ```
 */
export interface BundleBuild {
  readonly entry: BundleOutput;
  readonly outputs: readonly BundleOutput[];
}

/**
 * A set of outputs that load together, with their summed sizes and contributions.
 *
 * @example
 * ```ts
 * const initial: ChunkSet = initialChunks(bundle);
 * initial.gzip; // bytes the browser downloads before the entry runs
 * ```
 */
export interface ChunkSet extends CompressedSizes {
  readonly outputs: readonly BundleOutput[];
  /** Minified bytes per source file, summed over the set. */
  readonly inputs: Readonly<Record<string, number>>;
}

/** The name esbuild gives source passed as `contents`, in the metafile. */
const STDIN_ENTRY = 'app-entry.ts';
const OUT_DIR = resolve(REPO_ROOT, 'node_modules/.cache/vault-session-kit-bench');

/**
 * Bundles the way the size budgets are defined and the rival kits were measured: esbuild,
 * bundle, minify, ESM, browser platform, `NODE_ENV=production`, code splitting on (so a
 * dynamic `import()` becomes its own chunk). Nothing is written to disk; each output is
 * measured raw, gzip -9 and brotli.
 *
 * @example
 * ```ts
 * const bundle = await buildBundle({ entry: 'src/index.ts', external: [...REACT_PEERS] });
 * console.log(initialChunks(bundle).gzip);
 * ```
 */
export async function buildBundle(input: BundleInput): Promise<BundleBuild> {
  const result = await build({
    absWorkingDir: REPO_ROOT,
    ...(input.entry === undefined
      ? {
          stdin: {
            contents: input.contents,
            resolveDir: REPO_ROOT,
            loader: 'ts' as const,
            sourcefile: STDIN_ENTRY,
          },
        }
      : { entryPoints: [input.entry] }),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: OUT_DIR,
    write: false,
    metafile: true,
    external: [...input.external],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: input.leaveOut === undefined ? [] : [leaveOutPlugin(input.leaveOut)],
  });

  const contents = new Map(
    result.outputFiles.map((file) => [relative(REPO_ROOT, file.path), file.contents]),
  );
  const outputs = Object.entries(result.metafile.outputs)
    .filter(([path]) => path.endsWith('.js'))
    .map(([path, meta]) => describeOutput(path, meta, contents.get(path)));
  const entry = outputs.find((output) => output.entryPoint !== undefined && isEntry(output, input));
  if (!entry) throw new Error('esbuild reported no output for the entry point.');
  return { entry, outputs };
}

/**
 * Stands in for each file in `files` with a module exporting the same names, all bound to a
 * value esbuild cannot know (so no importer's branch is folded away). A file that does not
 * exist is an error: a renamed file must not turn a measurement into a silent zero. (One
 * that only a left-out file imported is not loaded at all, which is the point.)
 */
function leaveOutPlugin(files: readonly string[]): Plugin {
  const wanted = new Set(files.map((file) => resolve(REPO_ROOT, file)));
  const missing = [...wanted].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `leaveOut names files that do not exist: ${missing.map((path) => relative(REPO_ROOT, path)).join(', ')}.`,
    );
  }
  return {
    name: 'leave-out',
    setup(plugin) {
      plugin.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path }) => {
        if (!wanted.has(path)) return undefined;
        const bindings = (await exportNames(path)).map((name) =>
          name === 'default' ? 'export default standIn;' : `export { standIn as ${name} };`,
        );
        return {
          contents: ['const standIn = globalThis.leftOutOfTheBuild;', ...bindings].join('\n'),
          loader: 'js',
        };
      });
    },
  };
}

/** The runtime export names of one source file (type-only exports have none), per esbuild. */
async function exportNames(path: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [path],
    bundle: false,
    format: 'esm',
    write: false,
    metafile: true,
    outdir: OUT_DIR,
    logLevel: 'silent',
  });
  return Object.values(result.metafile.outputs).flatMap((output) => output.exports);
}

function isEntry(output: BundleOutput, input: BundleInput): boolean {
  return input.entry === undefined
    ? output.entryPoint === STDIN_ENTRY
    : output.entryPoint === relative(REPO_ROOT, resolve(REPO_ROOT, input.entry));
}

function describeOutput(
  path: string,
  meta: Metafile['outputs'][string],
  bytes: Uint8Array | undefined,
): BundleOutput {
  if (!bytes) throw new Error(`esbuild listed ${path} but produced no contents for it.`);
  const internal = meta.imports.filter((entry) => entry.external !== true);
  return {
    path,
    entryPoint: meta.entryPoint,
    ...compressedSizes(bytes),
    staticImports: unique(
      internal.filter((entry) => entry.kind === 'import-statement').map((entry) => entry.path),
    ),
    dynamicImports: unique(
      internal.filter((entry) => entry.kind === 'dynamic-import').map((entry) => entry.path),
    ),
    externalImports: unique(
      meta.imports.filter((entry) => entry.external === true).map((entry) => entry.path),
    ),
    inputs: Object.fromEntries(
      Object.entries(meta.inputs)
        .filter(([, contribution]) => contribution.bytesInOutput > 0)
        .map(([file, contribution]) => [file, contribution.bytesInOutput]),
    ),
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * Measures bytes raw, gzip level 9 and brotli quality 11 (`node:zlib`).
 *
 * @example
 * ```ts
 * compressedSizes(readFileSync('dist/index.js')).gzip;
 * ```
 */
export function compressedSizes(bytes: Uint8Array): CompressedSizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/**
 * What the browser must download before the entry runs: its own file and every chunk it
 * imports statically, transitively. Each file is compressed on its own, as it travels.
 *
 * @example
 * ```ts
 * const { gzip } = initialChunks(await buildBundle({ entry: 'src/index.ts', external: [] }));
 * ```
 */
export function initialChunks(bundle: BundleBuild): ChunkSet {
  return chunkSet(bundle, closure(bundle, [bundle.entry.path]));
}

/**
 * What the dynamic `import()`s reachable from the entry load on top of the initial chunks:
 * the lazy chunks and whatever they import that the initial chunks do not hold. With
 * `module` (a source path such as `src/oidc/index.ts`), only what importing that module
 * loads.
 *
 * @example
 * ```ts
 * const sso = lazyChunks(bundle, 'src/oidc/index.ts'); // what an SSO user downloads extra
 * const all = lazyChunks(bundle);
 * ```
 */
export function lazyChunks(bundle: BundleBuild, module?: string): ChunkSet {
  const initial = closure(bundle, [bundle.entry.path]);
  const byPath = new Map(bundle.outputs.map((output) => [output.path, output]));
  const lazyRoots = bundle.outputs
    .filter((output) => initial.has(output.path))
    .flatMap((output) => output.dynamicImports)
    .filter((path) => module === undefined || byPath.get(path)?.entryPoint === module);
  const everything = closure(bundle, lazyRoots, true);
  return chunkSet(bundle, new Set([...everything].filter((path) => !initial.has(path))));
}

function closure(
  bundle: BundleBuild,
  roots: readonly string[],
  followDynamic = false,
): Set<string> {
  const byPath = new Map(bundle.outputs.map((output) => [output.path, output]));
  const seen = new Set<string>();
  const queue = [...roots];
  for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const output = byPath.get(path);
    if (!output) continue;
    queue.push(...output.staticImports, ...(followDynamic ? output.dynamicImports : []));
  }
  return seen;
}

function chunkSet(bundle: BundleBuild, paths: ReadonlySet<string>): ChunkSet {
  const outputs = bundle.outputs.filter((output) => paths.has(output.path));
  const inputs: Record<string, number> = {};
  for (const output of outputs) {
    for (const [file, bytes] of Object.entries(output.inputs)) {
      inputs[file] = (inputs[file] ?? 0) + bytes;
    }
  }
  return {
    outputs,
    inputs,
    raw: sum(outputs.map((output) => output.raw)),
    gzip: sum(outputs.map((output) => output.gzip)),
    brotli: sum(outputs.map((output) => output.brotli)),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * The metafile path prefixes of a package and of every package it depends on, as installed
 * (`node_modules/oidc-client-ts/`, `node_modules/jwt-decode/`): the code that comes in
 * with it.
 *
 * @example
 * ```ts
 * const prefixes = packageCodePrefixes('oidc-client-ts');
 * const bytes = bytesFrom(initialChunks(bundle), prefixes); // 0 on the password path
 * ```
 */
export function packageCodePrefixes(name: string): string[] {
  const prefixes = new Set<string>();
  const queue = [name];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const prefix = `node_modules/${next}/`;
    if (prefixes.has(prefix)) continue;
    prefixes.add(prefix);
    const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, prefix, 'package.json'), 'utf8'));
    queue.push(...Object.keys((manifest as { dependencies?: object }).dependencies ?? {}));
  }
  return [...prefixes];
}

/**
 * Minified bytes a set of chunks holds from files under any of the given path prefixes.
 *
 * @example
 * ```ts
 * bytesFrom(initialChunks(bundle), ['node_modules/valibot/']);
 * ```
 */
export function bytesFrom(chunks: ChunkSet, prefixes: readonly string[]): number {
  return sum(
    Object.entries(chunks.inputs)
      .filter(([file]) => prefixes.some((prefix) => file.startsWith(prefix)))
      .map(([, bytes]) => bytes),
  );
}
