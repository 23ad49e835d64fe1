// The dev server's page policy over real loopback HTTP: the scripts the build placed carry a
// nonce made for that page alone, and nothing else in the outgoing HTML is ever allowed,
// however it got there (WEB-06).
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applySecurityHeaders, SCRIPT_NONCE_SLOT } from '../../server/applySecurityHeaders';

const BUILD_SCRIPT = 'window.fromTheBuild = true;';
const INJECTED_SCRIPT = 'window.injected = true;';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((done) => server?.close(done));
  server = undefined;
});

/** Serves a page as Vite hands it over: the build's script marked with the nonce slot. */
async function servePage(reflected: string): Promise<string> {
  server = createServer((req, res) => {
    applySecurityHeaders(req, res);
    const html = `<!doctype html><html><head><script type="module" nonce="${SCRIPT_NONCE_SLOT}">${BUILD_SCRIPT}</script></head><body><p>Hello ${reflected}</p></body></html>`;
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Length', Buffer.byteLength(html));
    res.setHeader('ETag', 'W/"page"');
    res.end(html);
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function scriptSources(policy: string | null): string[] {
  const directive = (policy ?? '').split(';').find((part) => part.trim().startsWith('script-src'));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe("the dev server's script policy (WEB-06)", () => {
  it('allows the build’s script by a nonce of this page and never an injected inline script', async () => {
    const origin = await servePage(`<script>${INJECTED_SCRIPT}</script>`);
    const response = await fetch(origin, { headers: { Accept: 'text/html' } });
    const html = await response.text();
    const sources = scriptSources(response.headers.get('content-security-policy'));

    expect(sources[0]).toBe("'self'");
    expect(sources).toHaveLength(2);
    const nonce = /^'nonce-([A-Za-z0-9_-]{24})'$/.exec(sources[1] ?? '')?.[1];
    expect(nonce).toBeDefined();
    expect(sources).not.toContain(sha256(INJECTED_SCRIPT));
    expect(sources).not.toContain("'unsafe-inline'");
    // The build's script carries this page's nonce; the injected one carries none.
    expect(html).toContain(`<script type="module" nonce="${nonce}">${BUILD_SCRIPT}</script>`);
    expect(html).toContain(`<script>${INJECTED_SCRIPT}</script>`);
    // The slot never leaves the server, and the body is whole after the substitution.
    expect(html).not.toContain(SCRIPT_NONCE_SLOT);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    expect(response.headers.has('etag')).toBe(false);
  });

  it('makes a new nonce for every page and ignores a cached copy’s validator', async () => {
    const origin = await servePage('there');
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) {
      const response = await fetch(origin, {
        headers: { Accept: 'text/html', 'If-None-Match': 'W/"page"' },
      });
      expect(response.status).toBe(200);
      await response.text();
      nonces.add(scriptSources(response.headers.get('content-security-policy'))[1]);
    }
    expect(nonces.size).toBe(3);
  });
});
