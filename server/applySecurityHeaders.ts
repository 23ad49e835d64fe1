import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// Scripts: only this origin's files and the inline scripts the build itself puts into the
// page (the React refresh preamble), known by a nonce that Vite writes into exactly those
// tags while it transforms index.html, before anything of a request can reach the page.
// Whatever else an outgoing page holds is never looked at, so a script injected into it runs
// nowhere. Styles: Vite injects a module's CSS at run time as <style> elements, so the dev
// server allows inline styles; a production build serves files.
const BASE_POLICY = [
  "default-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  // Framed only by its own origin (the dev stack's stand-in vault web tab) and by the demo
  // directory's vaults, as a vault's custom web tab frames an app.
  "frame-ancestors 'self' https://promomats.sunrise.example https://quality.sunrise.example https://clinical.harbor.example",
];

const NONCE_BYTES = 18;

/**
 * What the dev server's Vite writes as the `nonce` of the scripts the build puts into a page
 * (its `html.cspNonce` setting, see `vaultDevServer`); {@link applySecurityHeaders} replaces it
 * with a fresh nonce for every page it sends, so this value never leaves the server. Random per
 * process, so nothing outside the server can write it into a page.
 *
 * @example
 * ```ts
 * const config = { html: { cspNonce: SCRIPT_NONCE_SLOT } };
 * ```
 */
export const SCRIPT_NONCE_SLOT = randomBytes(NONCE_BYTES).toString('base64url');

/**
 * The Content-Security-Policy of a dev server page whose own scripts carry `nonce`:
 * `script-src 'self' 'nonce-…'`, never `'unsafe-inline'` and never a hash of the page's
 * content.
 *
 * @example
 * ```ts
 * contentSecurityPolicy('q2VfXb1x'); // "default-src 'self'; … script-src 'self' 'nonce-q2VfXb1x'"
 * ```
 */
export function contentSecurityPolicy(nonce: string): string {
  return [...BASE_POLICY, `script-src 'self' 'nonce-${nonce}'`].join('; ');
}

/**
 * Sets the security headers of the dev server's pages: on an HTML answer a
 * Content-Security-Policy with a nonce made for this answer alone (see
 * {@link contentSecurityPolicy}), written in place of {@link SCRIPT_NONCE_SLOT} into the
 * scripts the build placed, framing by the vaults' web tabs alone, and no Referer (the callback URL carries the
 * authorization code, OIDC-04). Every answer gets `X-Content-Type-Options: nosniff`.
 *
 * @example
 * ```ts
 * server.middlewares.use((req, res, next) => { applySecurityHeaders(req, res); next(); });
 * ```
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  if ((req.headers.accept ?? '').includes('text/html')) {
    // A page revalidated as "not modified" would come back from the cache with an old nonce.
    delete req.headers['if-none-match'];
    // Set now as well, so a page streamed before it ends is not sent without a policy.
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
  }
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const [chunk, ...rest] = args;
    const type = String(res.getHeader('Content-Type') ?? '');
    if (res.headersSent || !type.includes('text/html')) return end(...args);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
    res.removeHeader('ETag');
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return end(...args);
    const html = (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      .split(SCRIPT_NONCE_SLOT)
      .join(nonce);
    const body = typeof chunk === 'string' ? html : Buffer.from(html, 'utf8');
    if (res.hasHeader('Content-Length')) res.setHeader('Content-Length', Buffer.byteLength(body));
    return end(body, ...rest);
  }) as ServerResponse['end'];
}
