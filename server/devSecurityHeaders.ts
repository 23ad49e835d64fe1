import type { Plugin } from 'vite';
import { applySecurityHeaders, SCRIPT_NONCE_SLOT } from './applySecurityHeaders';

/**
 * Vite plugin for the demo and the browser tests: the sign-in pages must not be framed
 * (WEB-05) nor run injected script (WEB-06), and the callback URL must not leak through a
 * Referer (OIDC-04). The shipped `vaultDevServer()` leaves a user's own pages alone.
 *
 * @example
 * ```ts
 * export default defineConfig({ plugins: [react(), devSecurityHeaders(), vaultDevServer()] });
 * ```
 */
export function devSecurityHeaders(): Plugin {
  return {
    name: 'vault-session-kit:security-headers',
    apply: 'serve',
    // Vite marks the scripts it and its plugins put into index.html (the React refresh
    // preamble) with this nonce slot; applySecurityHeaders fills in a fresh nonce per page
    // and allows only those inline scripts (WEB-06).
    config: () => ({ html: { cspNonce: SCRIPT_NONCE_SLOT } }),
    configureServer(server) {
      // Registered here, not in a returned hook, so it runs before Vite's own middleware.
      server.middlewares.use((req, res, next) => {
        applySecurityHeaders(req, res);
        next();
      });
    },
  };
}
