// The size budgets that hold today, checked from esbuild's metafile: bytes are
// deterministic, so these are tests, while the kB figures live in `npm run bench`.
import { describe, expect, it } from 'vitest';
import {
  buildBundle,
  bytesFrom,
  initialChunks,
  lazyChunks,
  packageCodePrefixes,
} from '../../bench/buildBundle';
import {
  KIT_PEERS,
  SIZE_BUDGETS,
  SSO_APP_IMPORT,
  TYPICAL_APP_IMPORT,
} from '../../bench/measureBundleSizes';

const OIDC_CODE = packageCodePrefixes('oidc-client-ts');
const WITH_OIDC_PEER = [...KIT_PEERS, 'oidc-client-ts'];

describe('the password path carries no single sign-on library', () => {
  it('the React entry does not reference oidc-client-ts at all, so an app without SSO builds without it', async () => {
    const bundle = await buildBundle({ entry: 'src/index.ts', external: KIT_PEERS });

    expect(bytesFrom(initialChunks(bundle), OIDC_CODE)).toBe(SIZE_BUDGETS.oidcOnPasswordPath);
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

describe('the core entry', () => {
  it('imports none of the peers: no React, TanStack Query or oidc-client-ts', async () => {
    const bundle = await buildBundle({ entry: 'src/core/index.ts', external: WITH_OIDC_PEER });
    const chunks = initialChunks(bundle);

    expect(chunks.outputs.flatMap((output) => output.externalImports)).toEqual([]);
    expect(bytesFrom(chunks, OIDC_CODE)).toBe(0);
    expect(lazyChunks(bundle).outputs).toEqual([]);
  });
});

describe('message catalogues', () => {
  it('the react + components entry carries no German strings; vault-session-kit/locales/de does', async () => {
    const [entry, german] = await Promise.all([
      buildBundle({ entry: 'src/index.ts', external: WITH_OIDC_PEER }),
      buildBundle({ entry: 'src/locales/de/index.ts', external: WITH_OIDC_PEER }),
    ]);

    expect(bytesFrom(initialChunks(entry), ['src/locales/'])).toBe(0);
    expect(bytesFrom(initialChunks(german), ['src/locales/'])).toBeGreaterThan(3_000);
    // The German entry is plain data: no React, no kit code, nothing to load after it.
    expect(initialChunks(german).outputs.flatMap((output) => output.externalImports)).toEqual([]);
    expect(bytesFrom(initialChunks(german), ['src/components/', 'src/core/', 'src/react/'])).toBe(
      0,
    );
  });

  it('an app rendering only the login form carries no session or delegation strings', async () => {
    const bundle = await buildBundle({ contents: TYPICAL_APP_IMPORT, external: WITH_OIDC_PEER });
    const chunks = initialChunks(bundle);

    expect(bytesFrom(chunks, ['src/components/i18n/loginMessages'])).toBeGreaterThan(1_000);
    expect(
      bytesFrom(chunks, [
        'src/components/i18n/sessionMessages',
        'src/components/i18n/delegationMessages',
      ]),
    ).toBe(0);
  });
});
