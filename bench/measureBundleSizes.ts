import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type BundleInput,
  buildBundle,
  bytesFrom,
  type ChunkSet,
  type CompressedSizes,
  initialChunks,
  lazyChunks,
  packageCodePrefixes,
  REACT_PEERS,
  REPO_ROOT,
} from './buildBundle';

/**
 * The kit's peer dependencies without `oidc-client-ts`: what every application brings.
 *
 * @example
 * ```ts
 * await buildBundle({ entry: 'src/index.ts', external: [...KIT_PEERS, 'oidc-client-ts'] });
 * ```
 */
export const KIT_PEERS: readonly string[] = [...REACT_PEERS, '@tanstack/react-query'];

/**
 * One size figure of the design (section 7), min+gzip with 1 kB = 1 000 bytes: the
 * `ceiling` may never be exceeded (a test holds it once the kit is under it), the `target`
 * is where the kit has to get to. A reached target becomes the ceiling.
 *
 * @example
 * ```ts
 * const limit: SizeLimit = { ceiling: 24_000, target: 19_000 };
 * ```
 */
export interface SizeLimit {
  readonly ceiling: number;
  readonly target: number;
}

/**
 * The size ceilings and targets of the budget table in CONTRIBUTING.md, each for one way of building
 * the kit.
 *
 * @example
 * ```ts
 * const over = initial.gzip > SIZE_LIMITS.reactEntry.ceiling;
 * ```
 */
export const SIZE_LIMITS = {
  /**
   * A typical login page: `{ SessionProvider, RequireSession, LoginForm }`, initial chunk.
   * The ceilings rose with single sign-on through the proxy, setup errors the form names,
   * and the typed session reference with its reader of records stored by earlier releases:
   * every page carries both modes until they are split where bundlers can drop one (built
   * with one mode's branches and files taken out, BFF mode's own code is about 1 830
   * bytes of the page and token mode's about 340). The vault web tab's hooks (the form's
   * two messages, the held sign-in, the lent session) add about 240 bytes; its own code comes only with `vaultWebTab`. Reporting a sign-in
   * through the proxy once and its refusal in another vault (a message in every catalogue)
   * added about 190 bytes. The session's state machine applying its flows' results itself,
   * instead of sharing a bag of callbacks with them, took about 70 bytes off; the client's
   * calls sharing one sender, one end-session request and one form builder, and the
   * login answers of both modes one reader, about 110. The targets are those the engine's
   * rework aims at.
   */
  loginPage: { ceiling: 28_400, target: 23_000 },
  /**
   * `vault-session-kit` (react + components), initial chunk, peers external.
   * `SsoCallbackPage` adds about 100 bytes of it; a page that does not import it pays nothing.
   * The vault switcher, its hook and the remembered user names add about 3 700 bytes (a
   * switch by single sign-on announced on the page it returns to, and the name lists of
   * other tabs kept in step: about 200 of them), and
   * `vaultWebTab` about 1 300; a page that does not import them pays nothing for them. The
   * expiry dialog's single sign-on renewal at the 48-hour cap (its messages, the renewal
   * and its one-tab lock) added about 820 bytes, its token-mode path (the silent sign-in
   * loaded with the single sign-on code, and the two refusals it names) about 200 more, and
   * reporting a sign-in through the proxy once and its refusal in another vault about 210.
   * A vault web tab's lent session (no cap time shown, and its end said to be the vault's,
   * in the expiry dialog) about 140.
   */
  reactEntry: { ceiling: 41_300, target: 29_000 },
  /** `vault-session-kit/core` alone. */
  core: { ceiling: 20_800, target: 17_000 },
  /** `createVaultClient` alone, from the core entry. */
  client: { ceiling: 8_100, target: 4_000 },
} as const satisfies Record<string, SizeLimit>;

/**
 * Bytes of oidc-client-ts (and what it depends on) allowed in the initial chunk of the React
 * entry: none, since single sign-on is loaded only when an app hands the kit its loader.
 *
 * @example
 * ```ts
 * expect(oidcBytes).toBe(OIDC_ON_PASSWORD_PATH);
 * ```
 */
export const OIDC_ON_PASSWORD_PATH = 0;

/**
 * What the client-alone row imports: `createVaultClient` and nothing else of the core entry.
 *
 * @example
 * ```ts
 * await buildBundle({ contents: CLIENT_ALONE_IMPORT, external: KIT_PEERS });
 * ```
 */
export const CLIENT_ALONE_IMPORT = "export { createVaultClient } from './src/core/index';";

/**
 * One source of minified bytes in a bundle: a package or a file of the kit.
 *
 * @example
 * ```ts
 * const top: Contributor = { source: 'valibot', bytes: 9348, share: 0.11 };
 * ```
 */
export interface Contributor {
  /** A package name (`valibot`) or a path of the kit (`src/components/LoginForm.tsx`). */
  readonly source: string;
  /** Minified bytes, before compression. */
  readonly bytes: number;
  /** Fraction of the set's minified bytes. */
  readonly share: number;
}

/**
 * One line of the size table: what was measured, its sizes and what it is held against.
 *
 * @example
 * ```ts
 * const row: SizeRow = {
 *   label: 'vault-session-kit/core',
 *   group: 'kit',
 *   sizes: { raw: 54_410, gzip: 17_755, brotli: 15_900 },
 *   limit: { ceiling: 18_000, target: 13_000 },
 *   contributors: [],
 * };
 * ```
 */
export interface SizeRow {
  readonly label: string;
  /** The kit's own entries, a rival kit, or a package shown for context. */
  readonly group: 'kit' | 'anchor' | 'context';
  readonly sizes: CompressedSizes;
  /** The kit's ceiling and target for this figure. */
  readonly limit?: SizeLimit;
  /** A figure the design quotes for a rival kit (a cross-check of the measurement). */
  readonly quoted?: number;
  /** Biggest sources of minified bytes, largest first. */
  readonly contributors: readonly Contributor[];
  readonly note?: string;
}

/**
 * The whole size measurement: the table's rows plus the one byte count that must stay 0.
 *
 * @example
 * ```ts
 * const report: BundleSizeReport = await measureBundleSizes();
 * report.oidcBytesOnPasswordPath; // 0
 * ```
 */
export interface BundleSizeReport {
  readonly rows: readonly SizeRow[];
  /** Minified bytes of oidc-client-ts and its dependencies in the React entry's initial chunk. */
  readonly oidcBytesOnPasswordPath: number;
  /** Whether the initial chunk imports `oidc-client-ts` when it is left external. */
  readonly oidcImportedOnPasswordPath: boolean;
  /** What each part of the kit costs on its own, or on top of the session guard. */
  readonly parts: readonly PartCost[];
  /** What the login page would weigh without each of its features' code. */
  readonly features: readonly FeatureCost[];
}

/**
 * What one feature's code weighs in the login page: the page built with those files left
 * out (see `BundleInput.leaveOut`), against the whole page. A lower bound: the code that
 * calls the feature stays in.
 *
 * @example
 * ```ts
 * const feature: FeatureCost = {
 *   label: "BFF mode's session code",
 *   files: ['src/core/session/createProxyJoin.ts'],
 *   without: { raw: 73_000, gzip: 25_800, brotli: 23_000 },
 *   savedGzip: 400,
 * };
 * ```
 */
export interface FeatureCost {
  readonly label: string;
  readonly files: readonly string[];
  /** The login page without the feature's files. */
  readonly without: CompressedSizes;
  /** Min+gzip bytes the page would lose. */
  readonly savedGzip: number;
}

/**
 * The cost of one part of the kit: built alone, and for components also the bytes it adds
 * to an app that already has `SessionProvider` and `RequireSession`.
 *
 * @example
 * ```ts
 * const part: PartCost = {
 *   label: 'LoginForm',
 *   imports: 'LoginForm',
 *   alone: { raw: 40_000, gzip: 14_000, brotli: 12_500 },
 *   addedGzip: 5_000,
 * };
 * ```
 */
export interface PartCost {
  readonly label: string;
  /** The names imported from the entry. */
  readonly imports: string;
  readonly alone: CompressedSizes;
  /** Extra min+gzip bytes over the session guard alone (components only). */
  readonly addedGzip?: number;
}

/**
 * An application that uses the login form and the session guard, nothing else: how much
 * of the entry tree-shaking leaves.
 *
 * @example
 * ```ts
 * await buildBundle({ contents: TYPICAL_APP_IMPORT, external: [...KIT_PEERS, 'oidc-client-ts'] });
 * ```
 */
export const TYPICAL_APP_IMPORT =
  "export { SessionProvider, RequireSession, LoginForm } from './src/index';";

/**
 * An app that also offers single sign-on: the same import, plus the loader it hands to
 * `SessionProvider` (`sso={{ load }}`), which its bundler turns into a lazy chunk.
 *
 * @example
 * ```ts
 * await buildBundle({ contents: SSO_APP_IMPORT, external: KIT_PEERS });
 * ```
 */
export const SSO_APP_IMPORT = `${TYPICAL_APP_IMPORT}
export const loadSso = () => import('./src/oidc/index');`;

const TOP_CONTRIBUTORS = 12;

/** The module `SessionProvider`'s sessions load with `import()` when they connect. */
const KEEP_ALIVE_RUN = 'src/core/keepAlive/createKeepAliveRun.ts';

const CORE_PARTS: readonly (readonly [label: string, imports: string])[] = [
  ['the client: eight calls, response validation, errors', 'createVaultClient'],
  ['the client with the discovery-first login flow', 'createVaultClient, loginWithDiscovery'],
  ['the session: state machine, 48 h deadline, storage, cross-tab sync', 'createSessionManager'],
  ['keep-alive: scheduler, leader election, activity, backoff', 'createKeepAlive'],
  ['client + session + keep-alive together', 'createVaultClient, createVaultSession'],
];

/**
 * The login page's features that a password sign-in does not use, each by the files that
 * hold its code. Every one is in every login page today, whatever the app configures.
 */
export const LOGIN_PAGE_FEATURES: readonly (readonly [label: string, files: readonly string[]])[] =
  [
    [
      "single sign-on's page code: the callback store, the start of a sign-in, the SSO step",
      [
        'src/oidc/getSsoCallbackStore.ts',
        'src/oidc/parseSsoCallbackUrl.ts',
        'src/oidc/resolveSsoRedirectUri.ts',
        'src/oidc/findPendingSsoUsername.ts',
        'src/oidc/getSsoAttempt.ts',
        'src/oidc/loadSsoModule.ts',
        'src/oidc/readProxySsoOutcome.ts',
        'src/oidc/waitForPageRestore.ts',
        'src/react/useSsoLogin.ts',
        'src/react/useSsoCallback.ts',
        'src/react/useSsoCallbackHandling.ts',
        'src/components/LoginFormSsoStep.tsx',
      ],
    ],
    [
      "BFF mode's session code: the join through the proxy, the record it makes",
      ['src/core/session/createProxyJoin.ts', 'src/core/session/recordFromProxySessions.ts'],
    ],
    [
      "the keep-alive's front: its options, the stand-in run, the chunk loader",
      [
        'src/core/keepAlive/KeepAliveOptions.ts',
        'src/core/keepAlive/createKeepAliveFront.ts',
        'src/core/keepAlive/deferKeepAliveRun.ts',
        'src/core/keepAlive/createChunkLoader.ts',
        'src/core/keepAlive/loadKeepAliveRun.ts',
      ],
    ],
    [
      'the other tabs: the tab channel, its messages, the hand-off',
      [
        'src/core/createTabHub.ts',
        'src/core/session/openSessionTopic.ts',
        'src/core/session/acceptsHandOff.ts',
      ],
    ],
  ];

/**
 * The login page's opt-in features: what the page gains when the app also imports these
 * names. Delegation's own steps live inside the session's state machine, in every page, and
 * have no files of their own to leave out; an app that lets users act for someone else pays
 * for the picker, the banner and the queries and hooks behind them.
 */
export const LOGIN_PAGE_ADD_ONS: readonly (readonly [label: string, imports: string])[] = [
  [
    'acting for someone else: the delegation picker and banner, their hooks and queries',
    'DelegationPicker, ActingAsBanner',
  ],
];

/**
 * The login page that also imports `imports` from the React entry.
 *
 * @example
 * ```ts
 * await buildBundle({ contents: loginPageWith('DelegationPicker'), external: KIT_PEERS });
 * ```
 */
export function loginPageWith(imports: string): string {
  return (
    'export { SessionProvider, RequireSession, LoginForm, ' + imports + " } from './src/index';"
  );
}

const GUARD_IMPORTS = 'SessionProvider, RequireSession';

const REACT_PARTS: readonly (readonly [label: string, imports: string])[] = [
  ['the session guard (provider, hooks on TanStack Query)', GUARD_IMPORTS],
  ['the login form', 'LoginForm'],
  ['acting for someone else', 'DelegationPicker, ActingAsBanner'],
  ['session time and sign-out', 'SessionTimer, SessionExpiryDialog, SignOutButton'],
];

/**
 * Builds the kit's entries and the rival kits the same way in one run (see `buildBundle`)
 * and returns the rows of the size table: core, the React entry's initial chunk, the lazy
 * single sign-on chunk with oidc-client-ts inside, a typical application import, the
 * anchors react-oidc-context + oidc-client-ts and @auth0/auth0-react, and TanStack Query,
 * the peer the kit is built on.
 *
 * @example
 * ```ts
 * const { rows } = await measureBundleSizes();
 * for (const row of rows) console.log(row.label, row.sizes.gzip);
 * ```
 */
export async function measureBundleSizes(): Promise<BundleSizeReport> {
  const withOidcPeer = [...KIT_PEERS, 'oidc-client-ts'];
  const [core, client, reactEntry, reactWithOidc, typical, roc, auth0, query] = await Promise.all([
    buildBundle({ entry: 'src/core/index.ts', external: withOidcPeer }),
    buildBundle({ contents: CLIENT_ALONE_IMPORT, external: withOidcPeer }),
    buildBundle({ entry: 'src/index.ts', external: withOidcPeer }),
    buildBundle({ contents: SSO_APP_IMPORT, external: KIT_PEERS }),
    buildBundle({ contents: TYPICAL_APP_IMPORT, external: withOidcPeer }),
    buildBundle(
      reexport(
        'react-oidc-context',
        ['AuthProvider', 'useAuth', 'useAutoSignin', 'withAuthenticationRequired'],
        REACT_PEERS,
      ),
    ),
    buildBundle(
      reexport(
        '@auth0/auth0-react',
        ['Auth0Provider', 'useAuth0', 'withAuthenticationRequired'],
        REACT_PEERS,
      ),
    ),
    buildBundle(
      reexport(
        '@tanstack/react-query',
        ['QueryClient', 'QueryClientProvider', 'useQuery', 'useMutation'],
        REACT_PEERS,
      ),
    ),
  ]);

  const passwordPath = initialChunks(reactWithOidc);
  const oidcBytesOnPasswordPath = bytesFrom(passwordPath, packageCodePrefixes('oidc-client-ts'));
  const oidcImportedOnPasswordPath = initialChunks(reactEntry).outputs.some((output) =>
    output.externalImports.includes('oidc-client-ts'),
  );

  const rows: SizeRow[] = [
    kitRow('`vault-session-kit/core` (whole entry)', initialChunks(core), SIZE_LIMITS.core),
    kitRow('`createVaultClient` alone', initialChunks(client), SIZE_LIMITS.client),
    kitRow(
      '`vault-session-kit` (react + components), initial chunk',
      initialChunks(reactEntry),
      SIZE_LIMITS.reactEntry,
    ),
    kitRow(
      'Login page: `{ SessionProvider, RequireSession, LoginForm }`, initial chunk',
      initialChunks(typical),
      SIZE_LIMITS.loginPage,
    ),
    kitRow(
      `Single sign-on extra: lazy chunk(s) with oidc-client-ts ${version('oidc-client-ts')} inside`,
      lazyChunks(reactWithOidc, 'src/oidc/index.ts'),
      undefined,
      'downloaded only when discovery answers sso',
    ),
    kitRow(
      'Keep-alive scheduler: lazy chunk of the login page',
      lazyChunks(typical, KEEP_ALIVE_RUN),
      undefined,
      'fetched when SessionProvider mounts, while the user signs in; not in the initial chunk',
    ),
    anchorRow(
      `react-oidc-context ${version('react-oidc-context')} + oidc-client-ts ${version('oidc-client-ts')}`,
      roc,
      19_000,
    ),
    anchorRow(`@auth0/auth0-react ${version('@auth0/auth0-react')} (spa-js inside)`, auth0, 62_000),
    {
      label: `@tanstack/react-query ${version('@tanstack/react-query')} (the kit's peer)`,
      group: 'context',
      sizes: sizesOf(initialChunks(query)),
      contributors: [],
      note: 'an app without TanStack Query adds this to the kit',
    },
  ];
  return {
    rows,
    oidcBytesOnPasswordPath,
    oidcImportedOnPasswordPath,
    parts: await measureParts(withOidcPeer),
    features: await measureFeatures(sizesOf(initialChunks(typical)), withOidcPeer),
  };
}

/**
 * The rows of the per-feature table: the login page without each feature's files, and
 * what each opt-in feature adds to it. `page` is the whole login page's sizes.
 *
 * @example
 * ```ts
 * const built = await buildBundle({ contents: TYPICAL_APP_IMPORT, external: KIT_PEERS });
 * const rows = await measureFeatures(initialChunks(built), KIT_PEERS);
 * ```
 */
export async function measureFeatures(
  page: CompressedSizes,
  external: readonly string[],
): Promise<FeatureCost[]> {
  const all: readonly [string, readonly string[]] = [
    'all of the above',
    LOGIN_PAGE_FEATURES.flatMap(([, files]) => files),
  ];
  const leftOut = Promise.all(
    [...LOGIN_PAGE_FEATURES, all].map(async ([label, files]) => {
      const bundle = await buildBundle({
        contents: TYPICAL_APP_IMPORT,
        external,
        leaveOut: files,
      });
      const without = sizesOf(initialChunks(bundle));
      return { label, files, without, savedGzip: page.gzip - without.gzip };
    }),
  );
  const [base, addOns] = await Promise.all([
    buildBundle({ contents: TYPICAL_APP_IMPORT, external }).then(initialChunks),
    Promise.all(
      LOGIN_PAGE_ADD_ONS.map(([, imports]) =>
        buildBundle({ contents: loginPageWith(imports), external }).then(initialChunks),
      ),
    ),
  ]);
  const added = LOGIN_PAGE_ADD_ONS.map(([label], index) => {
    const withIt = addOns[index] as typeof base;
    // The add-on's files: those the page holds only with it.
    const files = Object.keys(withIt.inputs).filter((file) => !(file in base.inputs));
    return { label, files, without: page, savedGzip: withIt.gzip - base.gzip };
  });
  return [...(await leftOut), ...added];
}

async function measureParts(external: readonly string[]): Promise<PartCost[]> {
  const built = (entry: string, imports: string) =>
    buildBundle({ contents: `export { ${imports} } from '${entry}';`, external }).then((bundle) =>
      sizesOf(initialChunks(bundle)),
    );
  const [core, react, withGuard] = await Promise.all([
    Promise.all(CORE_PARTS.map(([, imports]) => built('./src/core/index', imports))),
    Promise.all(REACT_PARTS.map(([, imports]) => built('./src/index', imports))),
    Promise.all(
      REACT_PARTS.map(([, imports]) =>
        imports === GUARD_IMPORTS
          ? undefined
          : built('./src/index', `${GUARD_IMPORTS}, ${imports}`),
      ),
    ),
  ]);
  const guard = react[0];
  return [
    ...CORE_PARTS.map(([label, imports], index) => ({
      label,
      imports,
      alone: core[index] as CompressedSizes,
    })),
    ...REACT_PARTS.map(([label, imports], index) => {
      const together = withGuard[index];
      return {
        label,
        imports,
        alone: react[index] as CompressedSizes,
        ...(together && guard ? { addedGzip: together.gzip - guard.gzip } : {}),
      };
    }),
  ];
}

function reexport(
  name: string,
  names: readonly string[],
  external: readonly string[],
): BundleInput {
  return { contents: `export { ${names.join(', ')} } from '${name}';`, external };
}

function kitRow(label: string, chunks: ChunkSet, limit?: SizeLimit, note?: string): SizeRow {
  return {
    label,
    group: 'kit',
    sizes: sizesOf(chunks),
    ...(limit === undefined ? {} : { limit }),
    contributors: contributorsOf(chunks),
    ...(note === undefined ? {} : { note }),
  };
}

function anchorRow(
  label: string,
  bundle: Awaited<ReturnType<typeof buildBundle>>,
  quoted: number,
): SizeRow {
  return {
    label,
    group: 'anchor',
    sizes: sizesOf(initialChunks(bundle)),
    quoted,
    contributors: [],
  };
}

function sizesOf(chunks: ChunkSet): CompressedSizes {
  return { raw: chunks.raw, gzip: chunks.gzip, brotli: chunks.brotli };
}

/**
 * Groups a chunk set's minified bytes by package (everything under `node_modules/<name>`)
 * or by the kit's own file, largest first.
 *
 * @example
 * ```ts
 * const [biggest] = contributorsOf(initialChunks(bundle));
 * ```
 */
export function contributorsOf(chunks: ChunkSet, limit = TOP_CONTRIBUTORS): Contributor[] {
  const bySource = new Map<string, number>();
  for (const [file, bytes] of Object.entries(chunks.inputs)) {
    const source = packageOf(file) ?? file;
    bySource.set(source, (bySource.get(source) ?? 0) + bytes);
  }
  const total = [...bySource.values()].reduce((sum, bytes) => sum + bytes, 0);
  return [...bySource.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, limit)
    .map(([source, bytes]) => ({ source, bytes, share: total === 0 ? 0 : bytes / total }));
}

function packageOf(file: string): string | undefined {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match?.[1];
}

function version(name: string): string {
  const manifest = JSON.parse(
    readFileSync(resolve(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { version?: string };
  return manifest.version ?? '?';
}
