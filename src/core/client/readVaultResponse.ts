import { VaultApiError, type VaultErrorEntry, VaultProtocolError } from '../errors';
import { parseRetryAfter } from './parseRetryAfter';
import { isObjectLike, type ReadShape, readShape, ShapeMismatch } from './readShape';
import type { ReceivedResponse } from './sendRequest';

const RESPONSE_STATUSES: readonly unknown[] = ['SUCCESS', 'WARNING', 'FAILURE', 'EXCEPTION'];

/**
 * Applies the service's answer rules to one received response: HTTP 200 only, a JSON
 * content type, valid JSON, a known `responseStatus`; `FAILURE`/`EXCEPTION` becomes a
 * {@link VaultApiError}; `SUCCESS`/`WARNING` is read by `read`. Anything else
 * is a {@link VaultProtocolError}, whose message names the call and the field but never
 * the value received (it might be a session ID). `envelope: false` reads an answer of
 * the kit's proxy, plain JSON without `responseStatus`, by the same rules otherwise.
 */
export function readVaultResponse<T>(
  received: ReceivedResponse,
  read: ReadShape<T>,
  { call, envelope = true }: { readonly call: string; readonly envelope?: boolean },
): T {
  const { status, contentType } = received;
  const protocolError = (message: string, cause?: unknown) =>
    new VaultProtocolError(message, { status, contentType, cause });

  if (status !== 200) {
    const proxyError = readProxyError(received.bodyText);
    throw new VaultProtocolError(
      `The ${call} call got HTTP ${status}${proxyError ? ` from the kit's proxy (${proxyError.type}: ${proxyError.message})` : ''}; the service answers 200.`,
      { status, contentType, proxyError },
    );
  }
  if (received.bodyText === undefined) {
    throw protocolError(
      `The ${call} call got ${contentType ?? 'no content type'} instead of JSON.`,
    );
  }
  if (received.bodyText.trim() === '') {
    throw protocolError(`The ${call} call got an empty answer.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(received.bodyText);
  } catch (error) {
    throw protocolError(`The ${call} call got an answer that is not valid JSON.`, error);
  }

  const responseStatus = isObjectLike(body) ? body.responseStatus : undefined;
  if (envelope && !RESPONSE_STATUSES.includes(responseStatus)) {
    throw protocolError(`The ${call} call got JSON without a known responseStatus.`);
  }
  if (envelope && (responseStatus === 'FAILURE' || responseStatus === 'EXCEPTION')) {
    throw new VaultApiError({
      errors: readErrors((body as { errors?: unknown }).errors),
      responseStatus,
      retryAfterSeconds: parseRetryAfter(
        received.headers.get('retry-after'),
        received.headers.get('date'),
      ),
    });
  }

  const parsed = readShape(read, body);
  if (parsed instanceof ShapeMismatch) {
    throw protocolError(`The ${call} answer is ${parsed.message}.`);
  }
  return parsed;
}

// The kit's proxy answers what it refuses itself, in the service's failure shape with a
// `PROXY_*` type and a non-200 status; the service never uses that prefix.
function readProxyError(bodyText: string | undefined): VaultErrorEntry | undefined {
  if (bodyText === undefined) return undefined;
  try {
    const body = JSON.parse(bodyText) as { responseStatus?: unknown; errors?: unknown };
    const first = body.responseStatus === 'FAILURE' ? readErrors(body.errors)[0] : undefined;
    return first?.type.startsWith('PROXY_') ? first : undefined;
  } catch {
    return undefined;
  }
}

// Only `type` is contractual; entries without a string type are dropped rather than
// invented, and VaultApiError falls back to UNEXPECTED_ERROR when none remain.
function readErrors(raw: unknown): VaultErrorEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries: VaultErrorEntry[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { type, message } = item as { type?: unknown; message?: unknown };
    if (typeof type !== 'string' || type === '') continue;
    entries.push({ type, message: typeof message === 'string' ? message : '' });
  }
  return entries;
}
