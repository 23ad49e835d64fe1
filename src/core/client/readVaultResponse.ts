import * as v from 'valibot';
import { VaultApiError, type VaultErrorEntry, VaultProtocolError } from '../errors';
import { parseRetryAfter } from './parseRetryAfter';
import type { ReceivedResponse } from './sendRequest';

const RESPONSE_STATUSES = ['SUCCESS', 'WARNING', 'FAILURE', 'EXCEPTION'] as const;

const envelope = v.object({
  responseStatus: v.custom<(typeof RESPONSE_STATUSES)[number]>(
    (value) => RESPONSE_STATUSES.includes(value as never),
    'a known responseStatus',
  ),
});

/**
 * Applies the service's answer rules to one received response: HTTP 200 only, a JSON
 * content type, valid JSON, a known `responseStatus`; `FAILURE`/`EXCEPTION` becomes a
 * {@link VaultApiError}; `SUCCESS`/`WARNING` is validated against `schema`. Anything else
 * is a {@link VaultProtocolError}, whose message names the call and the field but never
 * the value received (it might be a session ID).
 *
 * @example
 * ```ts
 * const received = await sendRequest(fetch, url, init, { timeoutMs: 30_000 });
 * const result = readVaultResponse(received, responseSchemas.auth, 'login');
 * ```
 */
export function readVaultResponse<T>(
  received: ReceivedResponse,
  schema: v.GenericSchema<unknown, T>,
  call: string,
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

  const head = v.safeParse(envelope, body);
  if (!head.success) {
    throw protocolError(`The ${call} call got JSON without a known responseStatus.`);
  }
  const responseStatus = head.output.responseStatus;
  if (responseStatus === 'FAILURE' || responseStatus === 'EXCEPTION') {
    throw new VaultApiError({
      errors: readErrors((body as { errors?: unknown }).errors),
      responseStatus,
      retryAfterSeconds: parseRetryAfter(
        received.headers.get('retry-after'),
        received.headers.get('date'),
      ),
    });
  }

  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    // Custom schemas carry a value-free message; built-in messages quote the received value.
    const expected = issue.type === 'custom' ? issue.message : (issue.expected ?? 'another value');
    throw protocolError(
      `The ${call} answer is malformed at "${formatIssuePath(issue)}": expected ${expected}.`,
    );
  }
  return parsed.output;
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

/**
 * Where a valibot issue lies, as a dot path of field names and list indexes
 * (`vaultIds.0.url`), or `(body)` for the answer as a whole. Only keys are named, never a
 * received value: an answer may carry a session ID or a token.
 *
 * @example
 * ```ts
 * const result = v.safeParse(responseSchemas.auth, body);
 * if (!result.success) console.warn(`malformed at ${formatIssuePath(result.issues[0])}`);
 * ```
 */
export function formatIssuePath(issue: v.BaseIssue<unknown>): string {
  return issue.path?.map((item) => String(item.key)).join('.') ?? '(body)';
}
