// Your app and the kit's proxy on one Node server, in BFF mode: the proxy's Node listener
// takes every path it answers, the app's built files (sirv, with index.html for any other
// path: the SPA fallback) the rest. Put it (or TLS in front of it) on your app's origin.
// Settings come from the environment, as in examples/next-app; VAULT_DEV_PORT sends the
// upstream calls to `npx vault-session-kit dev`.
import { createServer } from 'node:http';
import sirv from 'sirv';
import { createVaultProxyListener } from 'vault-session-kit/proxy/node';

const list = (value, fallback) =>
  (value ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const proxy = createVaultProxyListener({
  loginHost: process.env.VAULT_LOGIN_HOST ?? 'login.veevavault.com',
  allowHosts: list(process.env.VAULT_HOSTS, '*.veevavault.com'),
  allowedOrigins: list(process.env.APP_ORIGINS, 'https://app.example.com'),
  // Secrets of at least 32 characters from your secret store; the first seals, all open.
  session: {
    secrets: list(process.env.VAULT_SESSION_SECRETS, ''),
    // Single sign-on: the proxy exchanges the code at the identity provider, https on these
    // hosts only. Register {origin}/vault-session/sso/callback there.
    ...(process.env.VAULT_SSO_HOSTS
      ? { sso: { allowHosts: list(process.env.VAULT_SSO_HOSTS) } }
      : {}),
  },
  // Development only: every upstream call to the dev command, each vault's host kept.
  ...(process.env.VAULT_DEV_PORT
    ? { upstream: `http://127.0.0.1:${process.env.VAULT_DEV_PORT}` }
    : {}),
});
const app = sirv(process.env.APP_DIR ?? 'dist', { single: true });

// `matches` knows every path of the proxy: /auth/*, /vault/* and the session route
// (/vault-session), which a reload of a signed-in app asks. Left to the fallback, it would
// get index.html, and the app would show the login form while the session is alive.
const server = createServer((req, res) => (proxy.matches(req) ? proxy(req, res) : app(req, res)));
const port = Number(process.env.PORT ?? 8080);
server.listen(port, '0.0.0.0', () => {
  // TLS in front of it: the cookies are Secure.
  console.log(`App and vault proxy listening on port ${port}`);
});
