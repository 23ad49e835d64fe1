/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { vaultDevServer } from 'vault-session-kit/vite';
import { defineConfig } from 'vite';

// `vite` serves the app with the kit's proxy at /auth and /vault/{dns}, the vault emulator
// behind it and the development OpenID Provider at /oidc, all on this origin. This app runs
// in token mode (its tests run on MSW, without the proxy): `session: false` keeps the
// proxy from holding the session; leave it out for BFF mode (`credentials="proxy"`).
export default defineConfig({
  plugins: [react(), vaultDevServer({ session: false })],
  test: { environment: 'jsdom' },
});
