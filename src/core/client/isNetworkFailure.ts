// What a fetch that lost the network rejects with, as engines and runtimes word it:
// Chromium, Firefox, Safari (old and new), Node (undici), React Native and polyfills, Deno.
const NETWORK_MESSAGE =
  /^(failed to fetch|networkerror|load failed|fetch failed|network request failed|network error|terminated|error sending request|the network connection was lost|the internet connection appears to be offline|could not connect to the server|a server with the specified hostname could not be found)/i;

// Socket-level codes that Node, undici and Bun put on the error or on its `cause`.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ConnectionRefused',
  'ConnectionClosed',
  'FailedToOpenSocket',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Whether a rejection of `fetch` means the request never got an answer (offline, refused,
 * reset, DNS, CORS, cancelled by the browser), as opposed to a bug in a custom `fetch`,
 * such as a `TypeError` from reading a property of `undefined`. The platform's own `fetch`
 * only rejects for the network or a cancellation, so any `TypeError` of it counts; a custom
 * one counts only with a network error's wording, name or socket code, its own or its
 * cause's, which a custom `fetch` that passes the platform's errors on keeps.
 */
export function isNetworkFailure(error: unknown, fromPlatformFetch: boolean): boolean {
  if (fromPlatformFetch && nameOf(error) === 'TypeError') return true;
  // A cause chain is short; the bound only guards against a cycle.
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const name = nameOf(current);
    if (name === 'AbortError' || name === 'TimeoutError') return true;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (name === 'TypeError' && typeof message === 'string' && NETWORK_MESSAGE.test(message)) {
      return true;
    }
    current = cause;
  }
  return false;
}

function nameOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { name?: unknown }).name
    : undefined;
}
