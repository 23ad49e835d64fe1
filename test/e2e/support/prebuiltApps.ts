import { readdir } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The apps that browser tests can load as a bundle built once per run instead of from the
 * dev server: the demo and the apps under test/e2e/fixtures. A dev server transforms and
 * sends some 300 modules on every page load; the bundle is a handful of files.
 *
 * @example
 * ```ts
 * const demoRoot = PREBUILT_APP_ROOTS[0];
 * ```
 */
export const PREBUILT_APP_ROOTS: readonly string[] = [
  resolve(REPO_ROOT, 'demo'),
  resolve(REPO_ROOT, 'test/e2e/fixtures/login-app'),
  resolve(REPO_ROOT, 'test/e2e/fixtures/session-app'),
  resolve(REPO_ROOT, 'test/e2e/fixtures/sso-app'),
];

/**
 * The `nonce` the build writes on the page's scripts. The server of a prebuilt app puts a
 * fresh nonce per answer in its place, as the dev server does with its own slot.
 *
 * @example
 * ```ts
 * html.split(PREBUILT_NONCE_SLOT).join(nonce);
 * ```
 */
export const PREBUILT_NONCE_SLOT = 'e2e-prebuilt-nonce-slot';

/**
 * Where the bundle of the app in `root` is written, under node_modules/.vite-e2e-build/.
 *
 * @example
 * ```ts
 * const dir = prebuiltAppDir(resolve(import.meta.dirname, '../../demo'));
 * ```
 */
export function prebuiltAppDir(root: string): string {
  const name = basename(resolve(root));
  return resolve(REPO_ROOT, 'node_modules/.vite-e2e-build', name);
}

/**
 * Builds the app in `root` with React in development (the checks and messages the dev
 * server's pages have), unminified, every HTML page of the folder an entry.
 *
 * @example
 * ```ts
 * await buildPrebuiltApp(resolve(import.meta.dirname, '../../demo'));
 * ```
 */
export async function buildPrebuiltApp(root: string): Promise<void> {
  const pages = (await readdir(root)).filter((file) => file.endsWith('.html'));
  await build({
    configFile: false,
    envDir: false,
    root,
    mode: 'development',
    // Warnings only about the build's own timings; a failed build still throws.
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    plugins: [react()],
    html: { cspNonce: PREBUILT_NONCE_SLOT },
    build: {
      outDir: prebuiltAppDir(root),
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: Object.fromEntries(
          pages.map((page) => [page.replace(/\.html$/, ''), resolve(root, page)]),
        ),
        // The chunk that holds oidc-client-ts is named after it, as its pre-bundled module is
        // under the dev server, so a test still sees from the URLs whether a page loaded it.
        output: {
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => id.includes('/node_modules/oidc-client-ts/'))
              ? 'assets/oidc-client-ts-[hash].js'
              : 'assets/[name]-[hash].js',
        },
      },
    },
  });
}
