// The package as users get it: packed with `npm pack`, linted with publint and
// arethetypeswrong, installed from the tarball into a fresh app that builds with Vite (on
// React 19 and 18.3, with and without single sign-on), and used in a test through MSW.
// The examples (examples.test.ts) are installed from the same tarball.
// The apps install from the npm registry (or its local cache), like a user's would.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { runApiReport } from '../../scripts/apiReport';
import { npmInstall, run } from './support/consumerApp';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  devDependencies: Record<string, string>;
};
const dev = (name: string): string => `${name}@${pkg.devDependencies[name]}`;
// Built and packed once for every packaging test (support/packTarball.ts).
const { work, tarball } = inject('packaging');

describe('the packed tarball', () => {
  it('ships the build, the licence and the readme, and no sources or tests', () => {
    const files = run('tar', ['-tzf', tarball], work).split('\n').filter(Boolean);
    expect(files).toContain('package/LICENSE');
    expect(files).toContain('package/README.md');
    expect(files).toContain('package/dist/index.js');
    expect(files.filter((file) => file.startsWith('package/src/'))).toEqual([]);
    expect(files.filter((file) => /\.test\./.test(file))).toEqual([]);
    // The source maps carry the sources, so stack traces still point at them.
    const map = JSON.parse(run('tar', ['-xzOf', tarball, 'package/dist/index.js.map'], work)) as {
      sourcesContent?: unknown[];
    };
    expect(map.sourcesContent?.length).toBeGreaterThan(0);
    // Built for production whatever NODE_ENV the build ran under (this test runs it under
    // "test"): development JSX calls jsxDEV, which production React does not have.
    const code = files
      .filter((file) => file.endsWith('.js'))
      .map((file) => run('tar', ['-xzOf', tarball, file], work))
      .join('\n');
    expect(code).not.toMatch(/jsxDEV|jsx-dev-runtime/);
  });

  it('has the public surface of the committed API report, entry by entry (npm run api-report)', () => {
    const results = runApiReport({ update: false });

    expect(results.map((result) => result.entry)).toContain('.');
    // A changed surface is shown as the report it would now be, so the failure says what.
    expect(
      results
        .filter((result) => result.changed)
        .map((result) => `${result.report} is out of date; it would now read:\n${result.current}`),
    ).toEqual([]);
    expect(results.flatMap((result) => result.problems)).toEqual([]);
  });

  it('passes publint --strict', () => {
    run('tar', ['-xzf', tarball, '-C', work], work);
    const out = run('npx', ['publint', '--strict', join(work, 'package')], ROOT);
    expect(out).toContain('All good!');
  });

  it('resolves every entry under node16 (ESM and CJS) and bundler resolution (attw)', () => {
    const out = run(
      'npx',
      [
        'attw',
        tarball,
        '--profile',
        'node16',
        '--exclude-entrypoints',
        'styles.css',
        // ESM only, on purpose: no second copy of the React context; see docs/getting-started.md, "Install".
        '--ignore-rules',
        'cjs-resolves-to-esm',
        '--format',
        'json',
      ],
      ROOT,
    );
    const report = JSON.parse(out.slice(out.indexOf('{'))) as {
      analysis: {
        problems: unknown[];
        entrypoints: Record<string, { resolutions: Record<string, { resolution?: unknown }> }>;
      };
    };
    const entries = Object.keys(report.analysis.entrypoints);
    const expected = Object.keys(pkg.exports).filter((entry) => entry !== './styles.css');
    expect(entries.sort()).toEqual(expected.map((entry) => entry).sort());
    // node10 (moduleResolution "node") predates `exports`; the node16 profile skips it. The
    // ESM-only finding is the documented choice above; every other problem fails the test.
    const problems = report.analysis.problems.filter((problem) => {
      const { kind, resolutionKind } = problem as { kind: string; resolutionKind?: string };
      return resolutionKind !== 'node10' && kind !== 'CJSResolvesToESM';
    });
    expect(problems).toEqual([]);
    for (const [entry, { resolutions }] of Object.entries(report.analysis.entrypoints)) {
      for (const mode of ['node16-cjs', 'node16-esm', 'bundler']) {
        expect(resolutions[mode]?.resolution, `${entry} (${mode})`).toBeDefined();
      }
    }
  }, 120_000);
});

describe('a fresh Vite + React app that installs the tarball', () => {
  let app: string;
  let defaultBuild: { file: string; text: string }[];

  beforeAll(() => {
    app = join(work, 'vite-app');
    cpSync(join(FIXTURES, 'vite-app'), app, { recursive: true });
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }),
    );
    npmInstall(app, [
      tarball,
      dev('react'),
      dev('react-dom'),
      dev('@tanstack/react-query'),
      dev('vite'),
      dev('@vitejs/plugin-react'),
    ]);
    // The default build, on React 19 without oidc-client-ts, is read by the first two tests.
    defaultBuild = build('index.html');
  }, 300_000);

  /** Builds the app from `entry`; every asset, the scripts with their text. */
  function build(entry: string): { file: string; text: string }[] {
    rmSync(join(app, 'dist'), { recursive: true, force: true });
    run('npx', ['vite', 'build', '--logLevel', 'error'], app, { APP_ENTRY: entry });
    return readdirSync(join(app, 'dist/assets')).map((file) => ({
      file,
      text: file.endsWith('.js') ? readFileSync(join(app, 'dist/assets', file), 'utf8') : '',
    }));
  }

  function chunks(assets: { file: string; text: string }[]): { file: string; text: string }[] {
    return assets.filter(({ file }) => file.endsWith('.js'));
  }

  it('builds without oidc-client-ts installed, on React 19', () => {
    expect(() => run('node', ['-e', "require.resolve('oidc-client-ts')"], app)).toThrow();
    expect(chunks(defaultBuild).length).toBeGreaterThan(0);
    expect(defaultBuild.some(({ file }) => file.endsWith('.css'))).toBe(true);
  });

  it("puts the keep-alive scheduler in a chunk of its own, which the page's entry imports later", () => {
    const built = chunks(defaultBuild);
    // A message only the scheduler's code carries (its cross-tab "session ended" notice).
    const withScheduler = built.filter(({ text }) =>
      text.includes('The session ended (seen in another tab).'),
    );
    expect(withScheduler.map(({ file }) => file)).toHaveLength(1);
    const scheduler = withScheduler[0]?.file ?? '';
    const entry = built.find(({ text }) => text.includes('createRoot'));
    expect(entry?.file).toBeDefined();
    expect(entry?.file).not.toBe(scheduler);
    // Booleans rather than the texts: a failure should not print a whole bundle.
    const imports = (quote: string) =>
      entry?.text.includes(`import(${quote}./${scheduler}${quote})`);
    expect(['"', "'", '`'].some(imports), 'the entry loads the chunk with import()').toBe(true);
    const staticImport = new RegExp(`(?:^|[;\\s])import[^(]*from\\s*["'\`]\\./${scheduler}`);
    expect(staticImport.test(entry?.text ?? ''), 'and not with a static import').toBe(false);
  });

  it('with single sign-on, gets oidc-client-ts in a lazy chunk only', () => {
    npmInstall(app, [dev('oidc-client-ts')]);
    writeFileSync(
      join(app, 'sso.html'),
      readFileSync(join(app, 'index.html'), 'utf8').replace('/main.tsx', '/sso.tsx'),
    );
    const built = chunks(build('sso.html'));
    // oidc-client-ts's UserManager is in a chunk the entry loads only through import().
    const withOidc = built.filter(({ text }) => text.includes('UserManager'));
    expect(withOidc).toHaveLength(1);
    const entry = built.find(
      ({ text }) => text.includes('createRoot') || text.includes('SessionProvider'),
    );
    expect(entry && !entry.text.includes('UserManager')).toBe(true);
    run('npm', ['uninstall', '--no-audit', '--no-fund', 'oidc-client-ts'], app);
  }, 300_000);

  it('builds on React 18.3 as well', () => {
    npmInstall(app, ['react@18.3.1', 'react-dom@18.3.1']);
    const version = JSON.parse(readFileSync(join(app, 'node_modules/react/package.json'), 'utf8'));
    expect(version.version).toBe('18.3.1');
    expect(chunks(build('index.html')).length).toBeGreaterThan(0);
  }, 300_000);
});

describe("a user's test with the emulator behind MSW, from the tarball", () => {
  it('signs in, keeps alive, lists delegations and signs out through the shipped handlers', () => {
    const dir = join(work, 'msw-test');
    cpSync(join(FIXTURES, 'msw-test.mjs'), join(dir, 'msw-test.mjs'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'consumer-test', private: true, type: 'module' }),
    );
    npmInstall(dir, [tarball, dev('msw')]);
    const out = run('node', ['msw-test.mjs'], dir);
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '{}')).toEqual({
      vault: 'promomats.sunrise.example',
      delegations: 1,
      after: 'INVALID_SESSION_ID',
      discovery: 'sso',
    });
  }, 300_000);
});
