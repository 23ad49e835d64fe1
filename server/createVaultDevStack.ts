import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import {
  createHttpIntrospector,
  createVaultEmulator,
  type EmulatorEvent,
  type VaultEmulator,
  type VaultEmulatorOptions,
} from '../src/emulator';
import { createDevOidcProvider, type DevOidcProvider } from './devOidcProvider';

/** Path of the single sign-on callback route in the demo and the browser tests. */
export const SSO_CALLBACK_PATH = '/sso/callback';

/**
 * Settings of {@link createVaultDevStack}.
 *
 * @example
 * ```ts
 * const options: VaultDevStackOptions = { origin: 'http://127.0.0.1:5173' };
 * ```
 */
export interface VaultDevStackOptions {
  /** The exact origin browsers use; the OpenID Provider's issuer is `{origin}/oidc`. */
  readonly origin: string;
  /** Extra emulator settings (clock, idle timeout, data…). */
  readonly emulator?: Omit<VaultEmulatorOptions, 'oidc'>;
  /** One line per emulator audit event; default: silent. */
  readonly log?: (line: string) => void;
  /**
   * Origins of other apps that sign in through this provider (their `/sso/callback` is
   * registered too), for a stack served on its own port, apart from the app.
   */
  readonly appOrigins?: readonly string[];
}

/**
 * The emulator and the development OpenID Provider, wired together on one origin.
 *
 * @example
 * ```ts
 * const stack = createVaultDevStack({ origin: 'http://127.0.0.1:5173' });
 * server.middlewares.use(stack.middleware);
 * ```
 */
export interface VaultDevStack {
  readonly origin: string;
  readonly emulator: VaultEmulator;
  readonly oidc: DevOidcProvider;
  /** Serves `/api/*`, `/auth/*` (emulator) and `/oidc/*` (provider); passes the rest on. */
  middleware(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  close(): Promise<void>;
}

/**
 * Builds the dev stack: the vault emulator (demo directory) whose `harbor-oidc` profile points
 * at a real `oidc-provider` mounted at `/oidc` on the same origin, with access tokens checked
 * by RFC 7662 introspection over HTTP. For development and tests only.
 *
 * @example
 * ```ts
 * const stack = createVaultDevStack({ origin: 'http://127.0.0.1:5173', log: console.log });
 * ```
 */
export function createVaultDevStack(options: VaultDevStackOptions): VaultDevStack {
  const origin = options.origin.replace(/\/+$/, '');
  const appOrigins = [
    ...new Set([origin, ...(options.appOrigins ?? []).map((app) => new URL(app).origin)]),
  ];
  const oidc = createDevOidcProvider({
    issuer: `${origin}/oidc`,
    redirectUris: appOrigins.map((app) => `${app}${SSO_CALLBACK_PATH}`),
    postLogoutRedirectUris: appOrigins.map((app) => `${app}/`),
    log: options.log ?? (() => {}),
  });
  const { log } = options;
  const emulator = createVaultEmulator({
    ...options.emulator,
    ...(log ? { onEvent: (event: EmulatorEvent) => log(describeEvent(event)) } : {}),
    oidc: {
      issuer: oidc.issuer,
      authorizationEndpoint: oidc.endpoints.authorization,
      tokenEndpoint: oidc.endpoints.token,
      jwksUri: oidc.endpoints.jwks,
      endSessionEndpoint: oidc.endpoints.endSession,
      allowedClientIds: [oidc.clients.demo.clientId],
      clientIdMap: { [oidc.clients.demo.clientId]: oidc.clients.demo.clientId },
      introspect: createHttpIntrospector({
        endpoint: oidc.endpoints.introspection,
        clientId: oidc.clients.introspection.clientId,
        clientSecret: oidc.clients.introspection.clientSecret,
      }),
    },
  });
  const serveEmulator = getRequestListener(
    (request: Request, env: { incoming?: { socket: { remoteAddress?: string | undefined } } }) =>
      emulator.fetch(request, { clientAddress: env.incoming?.socket.remoteAddress }),
  );

  return {
    origin,
    emulator,
    oidc,
    middleware(req, res, next) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/auth/')) {
        void serveEmulator(req, res);
      } else if (path === oidc.mountPath || path.startsWith(`${oidc.mountPath}/`)) {
        oidc.middleware(req, res, next);
      } else {
        next();
      }
    },
    close: () => oidc.close(),
  };
}

function describeEvent(event: EmulatorEvent): string {
  const { type, at, ...rest } = event;
  const details = Object.entries(rest)
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(' ');
  return `[vault emulator] ${type} ${details}`.trimEnd();
}
