/**
 * A response body in the service's envelope.
 */
export interface VaultBody {
  readonly responseStatus: 'SUCCESS' | 'FAILURE' | 'EXCEPTION';
  readonly [field: string]: unknown;
}

/**
 * The service answers HTTP 200 for every request it processed, with the outcome in
 * `responseStatus`, mirrored in `X-VaultAPI-Status`, and never lets the answer be cached.
 */
export function vaultResponse(
  body: VaultBody,
  options: { executionId: string; headers?: Readonly<Record<string, string>> },
): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      'Content-Type': 'application/json;charset=UTF-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-VaultAPI-Status': body.responseStatus,
      'X-VaultAPI-ExecutionId': options.executionId,
      ...options.headers,
    },
  });
}

/**
 * A `FAILURE` (or `EXCEPTION`) body with one error. Login failures add the service's
 * top-level `errorType: "AUTHENTICATION_FAILED"`.
 */
export function vaultFailure(
  type: string,
  message: string,
  options: { authentication?: boolean; exception?: boolean } = {},
): VaultBody {
  return {
    responseStatus: options.exception ? 'EXCEPTION' : 'FAILURE',
    errors: [{ type, message }],
    ...(options.authentication ? { errorType: 'AUTHENTICATION_FAILED' } : {}),
  };
}

/**
 * HTTP 413 for a body over the size limit: the request was not processed, so it gets a
 * short generic body rather than the service envelope's headers.
 */
export function payloadTooLargeResponse(): Response {
  return new Response(
    JSON.stringify({
      responseStatus: 'FAILURE',
      errors: [{ type: 'INVALID_DATA', message: 'The request body is too large.' }],
    }),
    {
      status: 413,
      headers: {
        'Content-Type': 'application/json;charset=UTF-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        Connection: 'close',
      },
    },
  );
}
