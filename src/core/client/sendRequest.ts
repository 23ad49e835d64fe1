import {
  VaultAbortedError,
  VaultNetworkError,
  VaultProtocolError,
  VaultTimeoutError,
  VaultUnexpectedError,
} from '../errors';
import { isNetworkFailure } from './isNetworkFailure';

/** Largest body the kit reads; the auth calls answer in a few kilobytes. */
const MAX_BODY_BYTES = 1_048_576;

/**
 * What came back from {@link sendRequest}: the status line and headers, and the body text
 * when (and only when) the body was declared as JSON.
 */
export interface ReceivedResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly contentType: string | null;
  /** `undefined` when the content type was not JSON (the body is then never read). */
  readonly bodyText: string | undefined;
}

/**
 * One HTTP exchange with the safety rails every call of the kit needs: no cookies (but the
 * same-origin proxy's in BFF mode), no cache, no redirects, a timeout that also covers reading the body, the caller's
 * `AbortSignal`, a size cap, and the content type checked before a byte is parsed.
 * Failures become {@link VaultNetworkError}, {@link VaultTimeoutError},
 * {@link VaultAbortedError} or {@link VaultProtocolError}; a custom `fetch` that throws
 * something other than a network failure (a bug) gives a {@link VaultUnexpectedError},
 * which nothing retries, with the original as `cause`.
 */
export async function sendRequest(
  fetchFn: typeof fetch,
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: URLSearchParams;
    /** Default `omit`; `same-origin` only for the kit's proxy in BFF mode (its cookies). */
    credentials?: 'omit' | 'same-origin';
  },
  options: { timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<ReceivedResponse> {
  const callerSignal = options.signal;
  if (callerSignal?.aborted) throw new VaultAbortedError({ cause: callerSignal.reason });

  const timeoutController = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeoutController.abort();
  }, options.timeoutMs);
  const signal = callerSignal
    ? anySignal([callerSignal, timeoutController.signal])
    : timeoutController.signal;

  const failure = (cause: unknown): Error => {
    if (callerSignal?.aborted) return new VaultAbortedError({ cause });
    if (timedOut) return new VaultTimeoutError(options.timeoutMs, { cause });
    return new VaultNetworkError(undefined, { cause });
  };

  try {
    let answer: Promise<Response>;
    try {
      answer = fetchFn(url, {
        method: init.method,
        headers: init.headers,
        ...(init.body === undefined ? {} : { body: init.body }),
        redirect: 'error',
        credentials: init.credentials ?? 'omit',
        cache: 'no-store',
        signal,
      });
    } catch (error) {
      // The platform's fetch never throws, it rejects: a throw is a bug in a custom one.
      throw new VaultUnexpectedError('The fetch function threw instead of answering.', {
        cause: error,
      });
    }
    let response: Response;
    try {
      response = await answer;
    } catch (error) {
      if (callerSignal?.aborted || timedOut || isNetworkFailure(error, isPlatformFetch(fetchFn))) {
        throw failure(error);
      }
      throw new VaultUnexpectedError('The fetch function failed with an error of its own.', {
        cause: error,
      });
    }
    if (!isResponse(response)) {
      throw new VaultUnexpectedError('The fetch function did not answer with a Response.');
    }

    const contentType = response.headers.get('content-type');
    // A fetch that ignored `redirect: 'error'` may still hand over a followed redirect,
    // typically a captive portal or a login page of a proxy.
    if (response.redirected) {
      discardBody(response);
      throw new VaultProtocolError('The request was redirected; the service never redirects.', {
        status: response.status,
        contentType,
      });
    }
    if (!isJsonContentType(contentType)) {
      discardBody(response);
      return {
        status: response.status,
        headers: response.headers,
        contentType,
        bodyText: undefined,
      };
    }

    let bodyText: string;
    try {
      bodyText = await readBodyText(response);
    } catch (error) {
      if (error instanceof VaultProtocolError) throw error;
      throw failure(error);
    }
    return { status: response.status, headers: response.headers, contentType, bodyText };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * True for `application/json` and any `+json` media type, parameters ignored.
 */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return (
    mediaType === 'application/json' ||
    /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.-]+\+json$/.test(mediaType)
  );
}

// The platform's fetch only rejects for the network; a fetch of the app's own may have bugs.
function isPlatformFetch(fetchFn: typeof fetch): boolean {
  return fetchFn === globalThis.fetch;
}

function isResponse(value: unknown): value is Response {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Response).status === 'number' &&
    typeof (value as Response).headers?.get === 'function'
  );
}

function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), {
      once: true,
      signal: controller.signal,
    });
  }
  return controller.signal;
}

function discardBody(response: Response): void {
  // Releasing the body frees the connection; a failure to do so changes nothing here.
  response.body?.cancel().catch(() => undefined);
}

async function readBodyText(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    discardBody(response);
    throw tooLarge(response);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(response);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function tooLarge(response: Response): VaultProtocolError {
  return new VaultProtocolError(
    `The answer was larger than ${MAX_BODY_BYTES} bytes; the service never sends that much.`,
    { status: response.status, contentType: response.headers.get('content-type') },
  );
}
