import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// Scripts: only this origin's files and the inline scripts of the very page being sent,
// each allowed by its hash (the React refresh preamble, the provider's auto-submit forms).
// Styles: Vite injects a module's CSS at run time as <style> elements whose content no hash
// can predict, so the dev server allows inline styles; a production build serves files.
const BASE_POLICY = [
  "default-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * The Content-Security-Policy of an HTML page: `script-src 'self'` plus the SHA-256 hash
 * of each inline script in `html`, never `'unsafe-inline'`.
 *
 * @example
 * ```ts
 * contentSecurityPolicy('<script>go()</script>'); // "default-src 'self'; … script-src 'self' 'sha256-…'"
 * ```
 */
export function contentSecurityPolicy(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...BASE_POLICY, ["script-src 'self'", ...hashes].join(' ')].join('; ');
}

/**
 * Sets the security headers of the dev server's pages on an HTML answer: a
 * Content-Security-Policy computed from the page as it is sent (see
 * {@link contentSecurityPolicy}), `X-Content-Type-Options: nosniff`, no framing, and no
 * Referer (the callback URL carries the authorization code, OIDC-04). Every answer gets
 * `nosniff`.
 *
 * @example
 * ```ts
 * server.middlewares.use((req, res, next) => { applySecurityHeaders(req, res); next(); });
 * ```
 */
export function applySecurityHeaders(_req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  // The page's inline scripts are known only once it is rendered, just before it is sent.
  res.end = ((...args: unknown[]) => {
    const [chunk] = args;
    const type = String(res.getHeader('Content-Type') ?? '');
    if (!res.headersSent && type.includes('text/html')) {
      const html =
        typeof chunk === 'string'
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk).toString('utf8')
            : '';
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(html));
    }
    return end(...args);
  }) as ServerResponse['end'];
}
