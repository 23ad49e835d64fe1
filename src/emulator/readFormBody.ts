/**
 * The largest request body the emulator reads (1 MiB); larger ones get HTTP 413.
 *
 * @example
 * ```ts
 * const body = new URLSearchParams({ username: 'a'.repeat(MAX_BODY_BYTES) });
 * const response = await emulator.fetch(
 *   new Request(`https://${DEFAULT_LOGIN_HOST}/auth/discovery`, { method: 'POST', body }),
 * );
 * response.status; // 413
 * ```
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Thrown by {@link readFormBody} when a body is larger than allowed.
 */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  constructor() {
    super('The request body is too large.');
  }
}

/**
 * Reads an `application/x-www-form-urlencoded` or `multipart/form-data` body into its
 * string fields (file parts are ignored), stopping at `maxBytes` so an oversized body is
 * never buffered whole. Other content types read as no fields.
 */
export async function readFormBody(
  request: Request,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<URLSearchParams> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError();
  const bytes = await readLimited(request, maxBytes);
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
  if (bytes.length === 0) return new URLSearchParams();
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(new TextDecoder().decode(bytes));
  }
  if (contentType.startsWith('multipart/form-data')) {
    return parseMultipart(bytes, request.headers.get('content-type') ?? '');
  }
  return new URLSearchParams();
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function parseMultipart(bytes: Uint8Array, contentType: string): Promise<URLSearchParams> {
  const fields = new URLSearchParams();
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    // A broken multipart body carries no usable fields; the handler then reports the
    // missing parameters like for an empty form.
    return fields;
  }
  for (const [name, value] of form) {
    if (typeof value === 'string') fields.append(name, value);
  }
  return fields;
}
