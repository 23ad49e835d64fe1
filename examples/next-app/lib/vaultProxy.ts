import { createVaultProxy } from 'vault-session-kit/proxy';
import { createLoopbackUpstream } from 'vault-session-kit/proxy/node';

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

// Settings read at the first request, not at build time: `next build` needs none of the
// runtime's secrets, and a missing one fails the first request with its name.
export const proxy = createVaultProxy(() => ({
  loginHost: process.env.VAULT_LOGIN_HOST ?? 'login.veevavault.com',
  allowHosts: process.env.VAULT_HOSTS ? list(process.env.VAULT_HOSTS) : ['*.veevavault.com'],
  // The exact origins your pages are served from, as browsers see them (behind a reverse
  // proxy, the public one). The proxy never takes the accepted origin from the request.
  allowedOrigins: process.env.APP_ORIGINS
    ? list(process.env.APP_ORIGINS)
    : ['http://localhost:3000'],
  // BFF mode: the session ID stays on the server, sealed into an HttpOnly cookie. Give one
  // or more secrets of at least 32 characters (the first seals, all open: put a new one
  // first to rotate), e.g. `openssl rand -base64 32`.
  session: {
    secrets: list(process.env.VAULT_SESSION_SECRETS),
    // Single sign-on: the proxy exchanges the code at the identity provider's token
    // endpoint, https on one of these hosts only (`npx vault-session-kit dev` names its
    // provider idp.harbor.example). Register {origin}/vault-session/sso/callback there.
    sso: { allowHosts: list(process.env.VAULT_SSO_HOSTS) },
  },
  // Development only: send the upstream calls to `npx vault-session-kit dev` on this port.
  ...(process.env.VAULT_DEV_PORT
    ? { fetch: createLoopbackUpstream(Number(process.env.VAULT_DEV_PORT)) }
    : {}),
}));
