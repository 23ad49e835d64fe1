import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devSecurityHeaders } from './server/devSecurityHeaders';
import { vaultDevServer } from './src/dev/vaultDevServer';

// `npm run dev` serves the demo with the emulator and the dev OpenID Provider mounted on
// the same origin. The library build has a config of its own (vite.lib.config.ts), so
// building the package never loads this dev tooling.
export default defineConfig({
  root: resolve(import.meta.dirname, 'demo'),
  plugins: [react(), devSecurityHeaders(), vaultDevServer()],
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
});
