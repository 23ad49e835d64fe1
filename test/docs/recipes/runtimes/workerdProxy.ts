// docs/deploying-the-proxy.md: the proxy as a Cloudflare Workers module (workerd), with the
// upstream of its own that reaches `npx vault-session-kit dev` in development.
import { createVaultProxy, type VaultProxy } from '../../../../src/proxy/index';

interface Env {
  readonly APP_ORIGINS: string; // the app's own origins, comma-separated
  readonly VAULT_SESSION_SECRETS: string; // a secret binding: `wrangler secret put …`
  readonly VAULT_LOGIN_HOST?: string; // default login.veevavault.com
  readonly VAULT_HOSTS?: string; // default *.veevavault.com
  readonly VAULT_DEV_UPSTREAM?: string; // development only: http://127.0.0.1:8787
}

// Development only: workerd's fetch cannot send a vault's host name to a loopback address,
// so each upstream call goes to the dev command's route for that host instead.
function devUpstream(origin: string, loginHost: string) {
  return (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const route = url.hostname === loginHost ? '' : `/vault/${url.hostname}`;
    return fetch(new Request(`${origin}${route}${url.pathname}${url.search}`, request));
  };
}

let proxy: VaultProxy | undefined;

// biome-ignore lint/style/noDefaultExport: workerd finds a module worker's handlers on its default export.
export default {
  fetch(request: Request, env: Env, ctx: { waitUntil(work: Promise<unknown>): void }) {
    // Built at the first request, from the request's bindings: workerd allows no random
    // numbers or timers while a module loads.
    const loginHost = env.VAULT_LOGIN_HOST ?? 'login.veevavault.com';
    proxy ??= createVaultProxy({
      loginHost,
      allowHosts: (env.VAULT_HOSTS ?? '*.veevavault.com').split(','),
      allowedOrigins: env.APP_ORIGINS.split(','),
      session: { secrets: env.VAULT_SESSION_SECRETS.split(',') },
      ...(env.VAULT_DEV_UPSTREAM ? { fetch: devUpstream(env.VAULT_DEV_UPSTREAM, loginHost) } : {}),
    });
    return proxy(request, { waitUntil: (work) => ctx.waitUntil(work) });
  },
};
