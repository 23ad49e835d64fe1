// The kit's proxy on plain Node, in BFF mode, with the Node adapter: put it (or TLS in
// front of it) on your app's origin. Settings come from the environment, as in
// examples/next-app; VAULT_DEV_PORT sends the upstream calls to `npx vault-session-kit dev`.
import { serveVaultProxy } from 'vault-session-kit/proxy/node';

const list = (value, fallback) =>
  (value ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const proxy = await serveVaultProxy(
  {
    loginHost: process.env.VAULT_LOGIN_HOST ?? 'login.veevavault.com',
    allowHosts: list(process.env.VAULT_HOSTS, '*.veevavault.com'),
    allowedOrigins: list(process.env.APP_ORIGINS, 'https://app.example.com'),
    // Secrets of at least 32 characters from your secret store; the first seals, all open.
    session: { secrets: list(process.env.VAULT_SESSION_SECRETS, '') },
    // Development only: every upstream call to the dev command, each vault's host kept.
    ...(process.env.VAULT_DEV_PORT
      ? { upstream: `http://127.0.0.1:${process.env.VAULT_DEV_PORT}` }
      : {}),
  },
  { port: Number(process.env.PORT ?? 8080), hostname: '0.0.0.0' }, // TLS in front of it: the cookies are Secure
);
console.log(`Vault proxy listening on port ${proxy.port}`);
