import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * The package's entry points: `vault-session-kit/{name}` → `dist/{name}.js`. A new entry
 * is one line here and one `exports` entry in package.json; the packaging tests check
 * every `exports` entry.
 */
export const LIBRARY_ENTRIES: Readonly<Record<string, string>> = {
  index: 'src/index.ts',
  core: 'src/core/index.ts',
  emulator: 'src/emulator/index.ts',
  'emulator/msw': 'src/emulator/msw/index.ts',
  proxy: 'src/proxy/index.ts',
  'proxy/node': 'src/proxy-node/index.ts',
  dev: 'src/dev/index.ts',
  vite: 'src/vite/index.ts',
  bin: 'src/dev/bin.ts',
  query: 'src/query/index.ts',
  sso: 'src/oidc/index.ts',
  testing: 'src/testing/index.ts',
  'locales/en': 'src/locales/en/index.ts',
  'locales/de': 'src/locales/de/index.ts',
  'locales/fr': 'src/locales/fr/index.ts',
  'locales/es': 'src/locales/es/index.ts',
  'locales/ja': 'src/locales/ja/index.ts',
  'locales/ar': 'src/locales/ar/index.ts',
};

// `npm run build` builds the library only: one ESM file per entry point, peers external,
// type declarations from tsc. Nothing of the dev server (Vite plugin, OpenID Provider) is
// loaded here; the demo's config is vite.config.ts.
export default defineConfig({
  plugins: [react(), kitStylesheet(resolve(root, 'src/components/styles.css'))],
  publicDir: false,
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: Object.fromEntries(
        Object.entries(LIBRARY_ENTRIES).map(([name, file]) => [name, resolve(root, file)]),
      ),
      formats: ['es'],
    },
    rolldownOptions: {
      external: [
        'react',
        'react-dom',
        'react/jsx-runtime',
        '@tanstack/react-query',
        'oidc-client-ts',
        'msw',
        'oidc-provider',
        'vite',
        // The Node adapter's upstream client: a dependency, installed with the kit.
        'undici',
        // The proxy's single sign-on protocol (BFF mode): a dependency, installed with the kit.
        'oauth4webapi',
        /^node:/,
      ],
      // Bundling drops the per-file 'use client' directives; the React entry gets one
      // back so that server-component frameworks treat it as client code. The command
      // (package.json `bin`) runs under Node.
      output: {
        banner: (chunk) =>
          chunk.name === 'index'
            ? "'use client';"
            : chunk.name === 'bin'
              ? '#!/usr/bin/env node'
              : '',
      },
    },
  },
});

// The package ships one stylesheet, `vault-session-kit/styles.css`: the @import list of
// src/components/styles.css inlined in order, so users need no CSS tooling to load it.
function kitStylesheet(entry: string): Plugin {
  return {
    name: 'vault-session-kit:styles',
    generateBundle() {
      const inline = (file: string): string =>
        readFileSync(file, 'utf8').replace(/@import\s+"([^"]+)";/g, (_match, path: string) =>
          inline(resolve(dirname(file), path)),
        );
      this.emitFile({ type: 'asset', fileName: 'styles.css', source: inline(entry) });
    },
  };
}
