import { type FetchHandler, serveFetch } from '../../server/serveFetch';

/**
 * A request as it reached a loopback server: method, path, headers and the raw body text.
 *
 * @example
 * ```ts
 * expect(server.requests[0]?.form.get('password')).toBe(password);
 * ```
 */
export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: string;
  /** The body read as `application/x-www-form-urlencoded`. */
  readonly form: URLSearchParams;
}

/**
 * A loopback HTTP server whose handler a test can swap, recording every request it gets.
 *
 * @example
 * ```ts
 * const server = await startLoopbackServer(() => Response.json({ responseStatus: 'SUCCESS' }));
 * server.setHandler(() => new Response('<html></html>', { status: 502 }));
 * await server.close();
 * ```
 */
export interface LoopbackServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  setHandler(handler: FetchHandler): void;
  close(): Promise<void>;
}

/**
 * Serves a swappable fetch-style handler on 127.0.0.1 over real HTTP, recording requests
 * (the body is read once here and handed on to the handler unchanged).
 *
 * @example
 * ```ts
 * const server = await startLoopbackServer(emulator.fetch);
 * const client = createVaultClient({ baseUrl: server.url });
 * ```
 */
export async function startLoopbackServer(initial: FetchHandler): Promise<LoopbackServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const served = await serveFetch(async (request) => {
    const body = await request.text();
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body,
      form: new URLSearchParams(body),
    });
    const replay = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body }),
    });
    return handler(replay);
  });
  return {
    url: served.url,
    requests,
    setHandler(next) {
      handler = next;
    },
    close: () => served.close(),
  };
}
