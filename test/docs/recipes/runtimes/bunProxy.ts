// docs/deploying-the-proxy.md: the proxy under Bun, as the page writes it.
import { createVaultProxy } from '../../../../src/proxy/index';

declare const Bun: {
  serve(options: { port: number; fetch: (request: Request) => Promise<Response> }): {
    url: URL;
  };
};

const list = (value = '') => value.split(',').filter(Boolean);

const proxy = createVaultProxy({
  loginHost: 'login.veevavault.com',
  allowHosts: ['*.veevavault.com'],
  allowedOrigins: list(process.env.APP_ORIGINS), // the app's own origin, exactly
  session: { secrets: list(process.env.VAULT_SESSION_SECRETS) }, // BFF mode
});

const server = Bun.serve({
  port: Number(process.env.PORT ?? 8080),
  fetch: (request) => proxy(request),
});
console.log(`Listening on ${server.url}`);
