/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { vaultDevServer } from 'vault-session-kit/vite';
import { defineConfig } from 'vite';

// `vite` serves the app with the kit's proxy at /auth and /vault/{dns}, the vault emulator
// behind it and the development OpenID Provider at /oidc, all on this origin.
export default defineConfig({
  plugins: [react(), vaultDevServer()],
  test: { environment: 'jsdom' },
});
