import type { AddressInfo } from 'node:net';
import type { Plugin, ViteDevServer } from 'vite';
import { applySecurityHeaders } from './applySecurityHeaders';
import {
  createVaultDevStack,
  type VaultDevStack,
  type VaultDevStackOptions,
} from './createVaultDevStack';

/**
 * Settings of {@link vaultDevServer}; each falls back to an environment variable.
 *
 * @example
 * ```ts
 * vaultDevServer({ vaultBaseUrl: 'https://promomats.example.com' });
 * ```
 */
export interface VaultDevServerOptions {
  /**
   * A real vault to proxy `/api/*` to instead of running the emulator
   * (env `VAULT_BASE_URL`). The service publishes no CORS policy, so browsers reach it
   * through this same-origin proxy.
   */
  readonly vaultBaseUrl?: string | undefined;
  /** The login host to proxy `/auth/*` to in proxy mode (env `VAULT_AUTH_URL`). */
  readonly vaultAuthUrl?: string | undefined;
  /** Print the emulator's audit events (env `VAULT_LOG_EVENTS=1`). Default on. */
  readonly logEvents?: boolean | undefined;
  /**
   * Extra emulator settings (idle timeout, clock, data, audit events…). With `logEvents`
   * on, the printed log takes the place of an `onEvent` given here.
   */
  readonly emulator?: VaultDevStackOptions['emulator'];
}

const DEFAULT_LOGIN_HOST = 'https://login.veevavault.com';

/**
 * Vite plugin for the demo and the browser tests: mounts the vault emulator at `/api/*` and
 * `/auth/*` and the development OpenID Provider at `/oidc/*` on the dev server's own origin,
 * or, with `VAULT_BASE_URL`, proxies `/api/*` and `/auth/*` to a real service.
 *
 * @example
 * ```ts
 * export default defineConfig({ plugins: [react(), vaultDevServer()] });
 * ```
 */
export function vaultDevServer(options: VaultDevServerOptions = {}): Plugin {
  const vaultBaseUrl = options.vaultBaseUrl ?? process.env.VAULT_BASE_URL;
  const vaultAuthUrl = options.vaultAuthUrl ?? process.env.VAULT_AUTH_URL ?? DEFAULT_LOGIN_HOST;
  const logEvents = options.logEvents ?? process.env.VAULT_LOG_EVENTS !== '0';

  return {
    name: 'vault-session-kit:dev-server',
    apply: 'serve',
    config() {
      if (!vaultBaseUrl) return;
      assertHttpsUrl(vaultBaseUrl, 'VAULT_BASE_URL');
      assertHttpsUrl(vaultAuthUrl, 'VAULT_AUTH_URL');
      return {
        server: {
          proxy: {
            '/api': { target: vaultBaseUrl, changeOrigin: true, secure: true },
            '/auth': { target: vaultAuthUrl, changeOrigin: true, secure: true },
          },
        },
      };
    },
    configureServer(server) {
      if (vaultBaseUrl) {
        server.config.logger.info(
          `  vault: proxying /api to ${vaultBaseUrl} and /auth to ${vaultAuthUrl}`,
        );
        return;
      }
      let stack: VaultDevStack | undefined;
      const getStack = (): VaultDevStack => {
        stack ??= createVaultDevStack({
          origin: canonicalOrigin(server),
          ...(options.emulator ? { emulator: options.emulator } : {}),
          ...(logEvents ? { log: (line: string) => server.config.logger.info(line) } : {}),
        });
        return stack;
      };
      // Registered here, not in a returned hook, so it runs before Vite's own middleware.
      server.middlewares.use((req, res, next) => {
        const current = getStack();
        const canonical = new URL(current.origin);
        // The OpenID Provider's issuer and redirect URIs name one exact origin: a page opened
        // as localhost would fail SSO, so navigations are moved to the canonical host.
        if (
          req.method === 'GET' &&
          req.headers.host !== canonical.host &&
          (req.headers.accept ?? '').includes('text/html')
        ) {
          res.writeHead(307, { Location: `${current.origin}${req.url ?? '/'}` }).end();
          return;
        }
        // The sign-in pages must not be framed (WEB-05) nor run injected script (WEB-06),
        // and the callback URL must not leak through a Referer (OIDC-04).
        applySecurityHeaders(req, res);
        current.middleware(req, res, next);
      });
      server.httpServer?.once('listening', () => {
        server.config.logger.info(
          `  vault: emulator at ${canonicalOrigin(server)}/api, dev OpenID Provider at ${canonicalOrigin(server)}/oidc`,
        );
      });
      server.httpServer?.once('close', () => {
        void stack?.close();
      });
    },
  };
}

function canonicalOrigin(server: ViteDevServer): string {
  const address = server.httpServer?.address() as AddressInfo | null | undefined;
  const port = address?.port ?? server.config.server.port ?? 5173;
  return `http://127.0.0.1:${port}`;
}

function assertHttpsUrl(value: string, name: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute https URL, got "${value}".`);
  }
  if (url.protocol !== 'https:') throw new Error(`${name} must use https, got "${value}".`);
}
