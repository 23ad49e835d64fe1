import { encodeBase64 } from './encodeBase64Url';

/**
 * Settings of {@link createHttpIntrospector}.
 *
 * @example
 * ```ts
 * const options: HttpIntrospectorOptions = {
 *   endpoint: 'http://127.0.0.1:8787/oidc/token/introspection',
 *   clientId: 'vault-emulator',
 *   clientSecret: 'dev-only-secret',
 * };
 * ```
 */
export interface HttpIntrospectorOptions {
  /** The authorization server's RFC 7662 introspection endpoint. */
  readonly endpoint: string;
  /** The emulator's own client at the authorization server (EXCH-06). */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The `fetch` to use; default `globalThis.fetch`, looked up at call time. */
  readonly fetch?: typeof fetch;
  /** Give up after this long. Default 10 000 ms. */
  readonly timeoutMs?: number;
}

/**
 * Returns an `introspect(token)` function for the emulator's `oidc` option: it POSTs
 * `token` and `token_type_hint=access_token` as a form to the introspection endpoint,
 * authenticating with HTTP Basic, and resolves to the raw JSON answer. Any HTTP or
 * content failure rejects, which the emulator turns into its generic OAuth refusal.
 *
 * @example
 * ```ts
 * const emulator = createVaultEmulator({
 *   oidc: {
 *     issuer: 'http://127.0.0.1:8787/oidc',
 *     authorizationEndpoint: 'http://127.0.0.1:8787/oidc/auth',
 *     tokenEndpoint: 'http://127.0.0.1:8787/oidc/token',
 *     allowedClientIds: ['vault-session-kit-demo'],
 *     introspect: createHttpIntrospector({
 *       endpoint: 'http://127.0.0.1:8787/oidc/token/introspection',
 *       clientId: 'vault-emulator',
 *       clientSecret: 'dev-only-secret',
 *     }),
 *   },
 * });
 * ```
 */
export function createHttpIntrospector(
  options: HttpIntrospectorOptions,
): (token: string) => Promise<unknown> {
  // RFC 6749 section 2.3.1: both parts are form-encoded before the Basic encoding.
  const credentials = `${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`;
  const authorization = `Basic ${encodeBase64(new TextEncoder().encode(credentials))}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  return async (token) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const response = await doFetch(options.endpoint, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      redirect: 'error',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`Token introspection answered HTTP ${response.status}.`);
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) {
      await response.body?.cancel();
      throw new Error('Token introspection did not answer with JSON.');
    }
    return (await response.json()) as unknown;
  };
}

function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}
