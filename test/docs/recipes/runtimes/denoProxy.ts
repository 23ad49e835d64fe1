// docs/deploying-the-proxy.md: the proxy under Deno, as the page writes it.
import { createVaultProxy } from '../../../../src/proxy/index';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(options: { port: number }, handler: (request: Request) => Promise<Response>): unknown;
};

const list = (name: string) => (Deno.env.get(name) ?? '').split(',').filter(Boolean);

const proxy = createVaultProxy({
  loginHost: 'login.veevavault.com',
  allowHosts: ['*.veevavault.com'],
  allowedOrigins: list('APP_ORIGINS'), // the app's own origin, exactly
  session: { secrets: list('VAULT_SESSION_SECRETS') }, // BFF mode
});

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8080) }, (request) => proxy(request));
