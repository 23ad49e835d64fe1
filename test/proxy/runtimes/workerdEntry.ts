// The proxy as a Cloudflare Workers module, run by workerd through miniflare.
import { createProxiedEmulator } from './createProxiedEmulator';

const handle = createProxiedEmulator();

// biome-ignore lint/style/noDefaultExport: workerd finds a module worker's handlers on its default export.
export default {
  fetch: (
    request: Request,
    _env: unknown,
    ctx: { waitUntil(work: Promise<unknown>): void },
  ): Promise<Response> => handle(request, { waitUntil: (work) => ctx.waitUntil(work) }),
};
