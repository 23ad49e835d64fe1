/**
 * A stand-in for one browser at the app's origin: a `fetch` that keeps the cookies the
 * server sets (one jar per browser) and sends them back, sends `Origin` on state-changing
 * calls as a browser does, follows no redirect, and records every byte a page could read
 * (the request, the status, the headers other than `Set-Cookie`, the body).
 *
 * @example
 * ```ts
 * const browser = createCookieJarFetch('http://127.0.0.1:5173');
 * await browser.fetch(`${origin}/vault-session`);
 * ```
 */
export interface CookieJarFetch {
  readonly fetch: typeof fetch;
  readonly jar: Map<string, string>;
  /** One JSON text per exchange: what a page script could have seen of it. */
  readonly readable: string[];
}

/**
 * Creates a {@link CookieJarFetch} for the page's `origin`.
 *
 * @example
 * ```ts
 * const { fetch: browserFetch, jar } = createCookieJarFetch(served.url);
 * ```
 */
export function createCookieJarFetch(origin: string): CookieJarFetch {
  const jar = new Map<string, string>();
  const readable: string[] = [];
  const browserFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (request.method !== 'GET') headers.set('origin', origin);
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /Max-Age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    const visible = [...response.headers].filter(([name]) => name !== 'set-cookie');
    // The Cookie header carries the sealed HttpOnly cookies, which no script can read; their
    // ciphertext is random and may spell anything, so it is not part of what the page sees.
    const sent = [...request.headers].filter(([name]) => name !== 'cookie');
    readable.push(JSON.stringify([request.url, sent, response.status, visible, text]));
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return { fetch: browserFetch, jar, readable };
}
