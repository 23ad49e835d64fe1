/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { vaultDevServer } from 'vault-session-kit/vite';
import { defineConfig } from 'vite';

// https://vite.dev/config/
// `vite` serves the app with the kit's proxy at /auth, /vault/{dns} and /vault-session, the
// vault emulator behind it and the development OpenID Provider at /oidc, all on this origin.
// The proxy runs in BFF mode (the app's `credentials="proxy"`), as in production.
export default defineConfig({
  plugins: [react(), vaultDevServer()],
  test: { environment: 'jsdom' },
});
