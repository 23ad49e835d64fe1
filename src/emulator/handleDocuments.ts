import { authenticateCall, invalidSession, sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorDocument } from './EmulatorData';
import type { EmulatorState } from './EmulatorState';
import { replyTo } from './replyTo';
import { vaultFailure } from './vaultResponse';

/** The document listing's page size when the caller names none, and its ceiling. */
const DOCUMENTS_DEFAULT_LIMIT = 200;
const DOCUMENTS_MAX_LIMIT = 1000;

/**
 * `GET /api/{v}/objects/documents`: the documents of the session's vault, one page at a
 * time (`start`, `limit`).
 */
export function handleDocuments(
  state: EmulatorState,
  call: EmulatorCall,
  version: string,
): Response {
  const session = authenticateCall(state, call);
  if (!session) return invalidSession(state, call);
  const headers = sessionHeaders(session);
  const limit = integerParam(call.url.searchParams, 'limit', DOCUMENTS_DEFAULT_LIMIT);
  const start = integerParam(call.url.searchParams, 'start', 0);
  if (limit === undefined || limit < 1 || limit > DOCUMENTS_MAX_LIMIT) {
    return replyTo(
      call,
      vaultFailure(
        'INVALID_DATA',
        `Invalid value for [limit]: an integer from 1 to ${DOCUMENTS_MAX_LIMIT} is expected.`,
      ),
      headers,
    );
  }
  if (start === undefined || start < 0) {
    return replyTo(
      call,
      vaultFailure(
        'INVALID_DATA',
        'Invalid value for [start]: a non-negative integer is expected.',
      ),
      headers,
    );
  }
  const all = state.index.documentsByVault.get(session.vaultId) ?? [];
  const page = all.slice(start, start + limit);
  const pageUrl = (from: number) =>
    `/api/${version}/objects/documents?start=${from}&limit=${limit}`;
  return replyTo(
    call,
    {
      responseStatus: 'SUCCESS',
      responseDetails: {
        total: all.length,
        size: page.length,
        start,
        limit,
        ...(start + limit < all.length ? { next_page: pageUrl(start + limit) } : {}),
        ...(start > 0 ? { previous_page: pageUrl(Math.max(0, start - limit)) } : {}),
      },
      documents: page.map((document) => ({ document: documentBody(document) })),
    },
    headers,
  );
}

function documentBody(document: EmulatorDocument): Record<string, unknown> {
  return {
    id: document.id,
    version_id: `${document.id}_${document.majorVersion}_${document.minorVersion}`,
    name__v: document.name,
    title__v: document.title,
    document_number__v: document.documentNumber,
    type__v: document.type,
    lifecycle__v: document.lifecycle,
    status__v: document.status,
    major_version_number__v: document.majorVersion,
    minor_version_number__v: document.minorVersion,
    format__v: document.format,
    created_by__v: document.createdBy,
    document_creation_date__v: document.createdAt,
    version_modified_date__v: document.modifiedAt,
  };
}

/** A query parameter as a whole number: `fallback` when absent, `undefined` when not one. */
function integerParam(params: URLSearchParams, name: string, fallback: number): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw);
}
