import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { vaultDevServer } from './server/vaultDevServer';

const root = import.meta.dirname;

// `npm run dev` serves the demo with the emulator and the dev OpenID Provider mounted on
// the same origin; `npm run build` builds the library (one ESM file per entry point, peers
// external, type declarations from tsc).
export default defineConfig(({ command }) =>
  command === 'serve'
    ? {
        root: resolve(root, 'demo'),
        plugins: [react(), vaultDevServer()],
        server: { host: '127.0.0.1', port: 5173, strictPort: false },
      }
    : {
        plugins: [react(), kitStylesheet(resolve(root, 'src/components/styles.css'))],
        publicDir: false,
        build: {
          outDir: resolve(root, 'dist'),
          emptyOutDir: true,
          sourcemap: true,
          minify: false,
          lib: {
            entry: {
              index: resolve(root, 'src/index.ts'),
              core: resolve(root, 'src/core/index.ts'),
              emulator: resolve(root, 'src/emulator/index.ts'),
              'locales/de': resolve(root, 'src/locales/de/index.ts'),
            },
            formats: ['es'],
          },
          rolldownOptions: {
            external: [
              'react',
              'react-dom',
              'react/jsx-runtime',
              '@tanstack/react-query',
              'oidc-client-ts',
              'valibot',
            ],
            // Bundling drops the per-file 'use client' directives; the React entry gets one
            // back so that server-component frameworks treat it as client code.
            output: { banner: (chunk) => (chunk.name === 'index' ? "'use client';" : '') },
          },
        },
      },
);

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
