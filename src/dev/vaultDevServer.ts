/// <reference types="node" />
import type { AddressInfo } from 'node:net';
import type { Plugin, ViteDevServer } from 'vite';
import { SESSION_ROUTE } from '../core/kitWire';
import type { VaultProxyLogEvent } from '../proxy';
import { createVaultProxyListener, type VaultProxyListener } from '../proxy-node';
import {
  createVaultDevStack,
  describeProxyEvent,
  randomDevSecret,
  type VaultDevStack,
  type VaultDevStackOptions,
} from './createVaultDevStack';

/**
 * Settings of {@link vaultDevServer}; each falls back to an environment variable.
 *
 * @example
 * ```ts
 * vaultDevServer({ vaultHosts: ['*.veevavault.com'] });
 * ```
 */
export interface VaultDevServerOptions {
  /**
   * Real vault hosts the dev server's proxy may reach, exact names or `*.suffix` patterns
   * (env `VAULT_HOSTS`, comma-separated). Without it the emulator and the development
   * OpenID Provider run in the dev server instead. Either way browsers reach the vaults
   * through the kit's proxy (`vault-session-kit/proxy`) at `/auth/*` and
   * `/vault/{dns}/api/*`, since the service publishes no CORS policy.
   */
  readonly vaultHosts?: readonly string[] | undefined;
  /** The login host the proxy sends `/auth/*` to (env `VAULT_LOGIN_HOST`). */
  readonly vaultLoginHost?: string | undefined;
  /** Print the emulator's audit events and the proxy's log (env `VAULT_LOG_EVENTS=0` to mute). */
  readonly logEvents?: boolean | undefined;
  /**
   * Extra emulator settings (idle timeout, clock, data, audit events…). With `logEvents`
   * on, the printed log takes the place of an `onEvent` given here.
   */
  readonly emulator?: VaultDevStackOptions['emulator'];
  /**
   * Origins of other apps that sign in through this dev server as well (their calls are
   * accepted and their `/sso/callback` is registered). The dev server's own origin is
   * always allowed.
   */
  readonly appOrigins?: readonly string[] | undefined;
  /**
   * Backend-for-frontend mode of the proxy (see `VaultDevStackOptions.session`): on by
   * default with a random secret per dev process; `{ secrets }` to give them; `false` for
   * an app in token mode.
   */
  readonly session?: VaultDevStackOptions['session'];
}

const DEFAULT_LOGIN_HOST = 'login.veevavault.com';

/**
 * Vite plugin (`vault-session-kit/vite`): serves the kit's proxy at `/auth/*` and
 * `/vault/{dns}/api/*` of the dev server's own origin, in front of the vault emulator
 * (each vault at its own host) with the development OpenID Provider at `/oidc/*`, or, with
 * `VAULT_HOSTS`, in front of real vaults. The dev server's origin is allowed by itself, so
 * an app configured with `{ authUrl: '', vaultUrl: '/vault/{dns}' }` needs no other process.
 * Only in `vite` (serve); a build contains none of it.
 *
 * @example
 * ```ts
 * // vite.config.ts
 * import { defineConfig } from 'vite';
 *
 * export default defineConfig({ plugins: [vaultDevServer()] });
 * ```
 */
export function vaultDevServer(options: VaultDevServerOptions = {}): Plugin {
  const vaultHosts =
    options.vaultHosts ??
    process.env.VAULT_HOSTS?.split(',')
      .map((host) => host.trim())
      .filter(Boolean);
  const loginHost = options.vaultLoginHost ?? process.env.VAULT_LOGIN_HOST ?? DEFAULT_LOGIN_HOST;
  const logEvents = options.logEvents ?? process.env.VAULT_LOG_EVENTS !== '0';

  return {
    name: 'vault-session-kit:dev-server',
    apply: 'serve',
    configureServer(server) {
      const log = logEvents ? (line: string) => server.config.logger.info(line) : undefined;
      if (vaultHosts && vaultHosts.length > 0) {
        const session =
          options.session === false
            ? undefined
            : { secrets: [...(options.session?.secrets ?? [randomDevSecret()])] };
        const settings = {
          loginHost,
          allowHosts: vaultHosts,
          ...(session ? { session } : {}),
          ...(log ? { log: (event: VaultProxyLogEvent) => log(describeProxyEvent(event)) } : {}),
        };
        // Throws at start-up, with the reason, for a login host or pattern that cannot work.
        createVaultProxyListener(settings).close();
        // The page's origins (the port) are known once the server listens.
        let proxy: VaultProxyListener | undefined;
        server.middlewares.use((req, res, next) => {
          const path = (req.url ?? '/').split('?')[0] ?? '/';
          if (
            path.startsWith('/auth/') ||
            path.startsWith('/vault/') ||
            (session !== undefined &&
              (path === SESSION_ROUTE || path.startsWith(`${SESSION_ROUTE}/`)))
          ) {
            const origin = canonicalOrigin(server);
            proxy ??= createVaultProxyListener({
              ...settings,
              allowedOrigins: [origin, origin.replace('127.0.0.1', 'localhost')],
            });
            proxy(req, res);
          } else {
            next();
          }
        });
        server.httpServer?.once('listening', () => {
          server.config.logger.info(
            `  vault: proxying /auth to ${loginHost} and /vault/{dns} to ${vaultHosts.join(', ')}`,
          );
        });
        return;
      }
      let stack: Promise<VaultDevStack> | undefined;
      const getStack = (): Promise<VaultDevStack> => {
        stack ??= createVaultDevStack({
          origin: canonicalOrigin(server),
          ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
          ...(options.emulator ? { emulator: options.emulator } : {}),
          ...(options.session === undefined ? {} : { session: options.session }),
          ...(log ? { log } : {}),
        });
        return stack;
      };
      // Registered here, not in a returned hook, so it runs before Vite's own middleware.
      server.middlewares.use((req, res, next) => {
        getStack().then((current) => {
          const canonical = new URL(current.origin);
          // The OpenID Provider's issuer and redirect URIs name one exact origin: a page
          // opened under another name would fail SSO, so navigations move to the canonical one.
          if (
            req.method === 'GET' &&
            req.headers.host !== canonical.host &&
            (req.headers.accept ?? '').includes('text/html')
          ) {
            res.writeHead(307, { Location: `${current.origin}${req.url ?? '/'}` }).end();
            return;
          }
          current.middleware(req, res, next);
        }, next);
      });
      server.httpServer?.once('listening', () => {
        server.config.logger.info(
          `  vault: proxy at ${canonicalOrigin(server)}/auth and /vault/{dns} in front of the emulator, dev OpenID Provider at ${canonicalOrigin(server)}/oidc`,
        );
      });
      server.httpServer?.once('close', () => {
        void stack?.then((current) => current.close());
      });
    },
  };
}

function canonicalOrigin(server: ViteDevServer): string {
  const address = server.httpServer?.address() as AddressInfo | null | undefined;
  const port = address?.port ?? server.config.server.port ?? 5173;
  // A server bound to IPv6 loopback only (Vite's `localhost` on some systems) cannot be
  // reached as 127.0.0.1.
  return address?.address === '::1' ? `http://localhost:${port}` : `http://127.0.0.1:${port}`;
}
