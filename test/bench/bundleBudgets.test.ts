// The size budgets that hold today, checked from esbuild's metafile: bytes are
// deterministic, so these are tests, while the kB figures live in `npm run bench`.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  buildBundle,
  bytesFrom,
  initialChunks,
  lazyChunks,
  packageCodePrefixes,
  REPO_ROOT,
} from '../../bench/buildBundle';
import {
  CLIENT_ALONE_IMPORT,
  KIT_PEERS,
  LOGIN_PAGE_FEATURES,
  measureFeatures,
  OIDC_ON_PASSWORD_PATH,
  SIZE_LIMITS,
  SSO_APP_IMPORT,
  TYPICAL_APP_IMPORT,
} from '../../bench/measureBundleSizes';

const OIDC_CODE = packageCodePrefixes('oidc-client-ts');
const WITH_OIDC_PEER = [...KIT_PEERS, 'oidc-client-ts'];

describe('the password path carries no single sign-on library', () => {
  it('the React entry does not reference oidc-client-ts at all, so an app without SSO builds without it', async () => {
    const bundle = await buildBundle({ entry: 'src/index.ts', external: KIT_PEERS });

    expect(bytesFrom(initialChunks(bundle), OIDC_CODE)).toBe(OIDC_ON_PASSWORD_PATH);
    expect(bytesFrom(lazyChunks(bundle), OIDC_CODE)).toBe(0);
    const imported = [...initialChunks(bundle).outputs, ...lazyChunks(bundle).outputs].flatMap(
      (output) => output.externalImports,
    );
    expect(imported).not.toContain('oidc-client-ts');
  });

  it('an app with single sign-on gets oidc-client-ts in a lazy chunk only', async () => {
    const bundle = await buildBundle({ contents: SSO_APP_IMPORT, external: KIT_PEERS });

    expect(bytesFrom(initialChunks(bundle), OIDC_CODE)).toBe(0);
    // The library is in the build, behind the app's dynamic import: the measurement sees it.
    expect(bytesFrom(lazyChunks(bundle), OIDC_CODE)).toBeGreaterThan(10_000);
  });

  it('left external, oidc-client-ts is imported by the lazy chunk and never up front', async () => {
    const bundle = await buildBundle({ contents: SSO_APP_IMPORT, external: WITH_OIDC_PEER });
    const imported = initialChunks(bundle).outputs.flatMap((output) => output.externalImports);

    expect(imported).not.toContain('oidc-client-ts');
    expect(imported).toContain('react');
    expect(lazyChunks(bundle).outputs.flatMap((output) => output.externalImports)).toContain(
      'oidc-client-ts',
    );
  });
});

// The ceilings of the budget table in CONTRIBUTING.md are held here; `npm run bench` reports every
// figure beside its ceiling and target, and a figure joins this list once it is under.
describe('size ceilings (min+gzip, peers external, lazy chunks excluded)', () => {
  it(`the login page { SessionProvider, RequireSession, LoginForm } stays within ${SIZE_LIMITS.loginPage.ceiling} bytes`, async () => {
    const bundle = await buildBundle({ contents: TYPICAL_APP_IMPORT, external: WITH_OIDC_PEER });

    expect(initialChunks(bundle).gzip).toBeLessThanOrEqual(SIZE_LIMITS.loginPage.ceiling);
  });

  it(`the react + components entry stays within ${SIZE_LIMITS.reactEntry.ceiling} bytes`, async () => {
    const bundle = await buildBundle({ entry: 'src/index.ts', external: WITH_OIDC_PEER });

    expect(initialChunks(bundle).gzip).toBeLessThanOrEqual(SIZE_LIMITS.reactEntry.ceiling);
  });

  it(`the core entry stays within ${SIZE_LIMITS.core.ceiling} bytes`, async () => {
    const bundle = await buildBundle({ entry: 'src/core/index.ts', external: WITH_OIDC_PEER });

    expect(initialChunks(bundle).gzip).toBeLessThanOrEqual(SIZE_LIMITS.core.ceiling);
  });

  it(`createVaultClient alone stays within ${SIZE_LIMITS.client.ceiling} bytes`, async () => {
    const bundle = await buildBundle({ contents: CLIENT_ALONE_IMPORT, external: WITH_OIDC_PEER });

    expect(initialChunks(bundle).gzip).toBeLessThanOrEqual(SIZE_LIMITS.client.ceiling);
  });
});

// `npm run bench` reports what each feature weighs in the login page by building the page
// without the feature's files: a file renamed or moved out of the page must show here, not
// as a silent zero in the report.
describe("the login page's features, as the bench weighs them", () => {
  it('each feature named is in the login page, and the page is lighter without it', async () => {
    const page = initialChunks(
      await buildBundle({ contents: TYPICAL_APP_IMPORT, external: WITH_OIDC_PEER }),
    );
    for (const [label, files] of LOGIN_PAGE_FEATURES) {
      for (const file of files) expect(page.inputs[file] ?? 0, file).toBeGreaterThan(0);
      const without = initialChunks(
        await buildBundle({
          contents: TYPICAL_APP_IMPORT,
          external: WITH_OIDC_PEER,
          leaveOut: files,
        }),
      );
      expect(without.gzip, label).toBeLessThan(page.gzip);
      // What is left of each file is its stand-in: one line of export names.
      for (const file of files) expect(without.inputs[file] ?? 0, file).toBeLessThan(120);
    }
  });

  it('the delegation row weighs the picker and banner an app adds to the page', async () => {
    const page = initialChunks(
      await buildBundle({ contents: TYPICAL_APP_IMPORT, external: WITH_OIDC_PEER }),
    );
    const rows = await measureFeatures(page, WITH_OIDC_PEER);
    const delegation = rows.find(({ label }) => label.startsWith('acting for someone else'));
    expect(delegation?.savedGzip).toBeGreaterThan(0);
    expect(delegation?.files).toEqual(
      expect.arrayContaining([
        'src/components/DelegationPicker.tsx',
        'src/react/useDelegations.ts',
        'src/react/delegationsQueryOptions.ts',
      ]),
    );
  });

  it('a file that does not exist cannot be left out, so a rename never shows as a silent zero', async () => {
    await expect(
      buildBundle({
        contents: TYPICAL_APP_IMPORT,
        external: WITH_OIDC_PEER,
        leaveOut: ['src/core/session/noSuchFile.ts'],
      }),
    ).rejects.toThrow(/do not exist: src\/core\/session\/noSuchFile\.ts/);
  });
});

describe('the keep-alive scheduler', () => {
  // Files of the scheduler that only a live session needs.
  const SCHEDULER = [
    'src/core/keepAlive/createKeepAliveRun',
    'src/core/keepAlive/createLeaderElection',
    'src/core/keepAlive/createActivityMonitor',
    'src/core/keepAlive/startKeepAliveAttempt',
  ];

  it('comes to a login page in a lazy chunk, not with the page', async () => {
    const bundle = await buildBundle({ contents: TYPICAL_APP_IMPORT, external: WITH_OIDC_PEER });

    expect(bytesFrom(initialChunks(bundle), SCHEDULER)).toBe(0);
    expect(bytesFrom(lazyChunks(bundle), SCHEDULER)).toBeGreaterThan(5_000);
  });

  it('is part of the core entry itself, where createKeepAlive answers at once', async () => {
    const bundle = await buildBundle({ entry: 'src/core/index.ts', external: WITH_OIDC_PEER });

    expect(bytesFrom(initialChunks(bundle), SCHEDULER)).toBeGreaterThan(5_000);
  });
});

describe('the core entry', () => {
  it('imports none of the peers: no React, TanStack Query or oidc-client-ts', async () => {
    const bundle = await buildBundle({ entry: 'src/core/index.ts', external: WITH_OIDC_PEER });
    const chunks = initialChunks(bundle);

    expect(chunks.outputs.flatMap((output) => output.externalImports)).toEqual([]);
    expect(bytesFrom(chunks, OIDC_CODE)).toBe(0);
    expect(lazyChunks(bundle).outputs).toEqual([]);
  });
});

/** Every catalogue entry the package ships besides the built-in English. */
const LOCALES = ['de', 'fr', 'es', 'ja', 'ar'] as const;

describe('message catalogues', () => {
  it('the react + components entry carries none of the locale catalogues but English', async () => {
    const entry = await buildBundle({ entry: 'src/index.ts', external: WITH_OIDC_PEER });
    const others = LOCALES.map((locale) => `src/locales/${locale}/`);

    expect(bytesFrom(initialChunks(entry), ['src/locales/en/'])).toBeGreaterThan(1_000);
    expect(bytesFrom(initialChunks(entry), others)).toBe(0);
    expect(bytesFrom(lazyChunks(entry), others)).toBe(0);
  });

  it.each(LOCALES)(
    'vault-session-kit/locales/%s carries its own strings and nothing else',
    async (locale) => {
      const bundle = await buildBundle({
        entry: `src/locales/${locale}/index.ts`,
        external: WITH_OIDC_PEER,
      });
      const chunks = initialChunks(bundle);

      expect(bytesFrom(chunks, [`src/locales/${locale}/`])).toBeGreaterThan(3_000);
      // Another language's strings never come along.
      expect(
        bytesFrom(
          chunks,
          LOCALES.filter((other) => other !== locale).map((other) => `src/locales/${other}/`),
        ),
      ).toBe(0);
      // A catalogue is plain data: no React, no kit code, nothing to load after it.
      expect(chunks.outputs.flatMap((output) => output.externalImports)).toEqual([]);
      expect(bytesFrom(chunks, ['src/components/', 'src/core/', 'src/react/'])).toBe(0);
      expect(lazyChunks(bundle).outputs).toEqual([]);
    },
  );

  it('an app rendering only the login form carries no session or delegation strings', async () => {
    const bundle = await buildBundle({ contents: TYPICAL_APP_IMPORT, external: WITH_OIDC_PEER });
    const chunks = initialChunks(bundle);

    expect(bytesFrom(chunks, ['src/locales/en/enLoginMessages'])).toBeGreaterThan(1_000);
    expect(
      bytesFrom(chunks, [
        'src/locales/en/enSessionMessages',
        'src/locales/en/enDelegationMessages',
      ]),
    ).toBe(0);
  });
});

describe('explanations for developers', () => {
  // The login page's text as an app's bundler writes it for NODE_ENV, in one file.
  async function loginPageText(nodeEnv: 'production' | 'development'): Promise<string> {
    const result = await build({
      absWorkingDir: REPO_ROOT,
      stdin: { contents: TYPICAL_APP_IMPORT, resolveDir: REPO_ROOT, loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      external: WITH_OIDC_PEER,
      define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
      logLevel: 'silent',
    });
    return result.outputFiles.map((file) => file.text).join('\n');
  }

  it("a production login page says a proxy's refusal is a setup error without the explanation", async () => {
    const production = await loginPageText('production');
    // Booleans rather than the texts: a failure should not print a whole bundle.
    // The refusal is still recognised, and told with the catalogue's setupError.
    expect(production.includes('PROXY_ORIGIN_REFUSED'), 'recognises the refusal').toBe(true);
    expect(production.includes('allowedOrigins'), 'names the setting').toBe(false);
    expect(production.includes('Setup error ('), 'carries the explanation').toBe(false);
  });

  it('a development login page explains the setting to change', async () => {
    const development = await loginPageText('development');
    expect(development.includes('allowedOrigins'), 'names the setting').toBe(true);
    expect(development.includes('Setup error ('), 'carries the explanation').toBe(true);
  });
});
