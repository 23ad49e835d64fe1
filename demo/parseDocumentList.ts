import { VaultProtocolError } from '../src/index';

type Fields = Record<string, unknown>;

/** Thrown inside this file only, and turned into a VaultProtocolError by its caller. */
class UnexpectedShape extends Error {}

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

function required<T>(value: unknown, type: 'string' | 'number'): T {
  if (typeof value !== type) throw new UnexpectedShape();
  return value as T;
}

// An absent field reads as its default; a present one must have the expected type.
function optional<T>(value: unknown, type: 'string' | 'number', fallback: T): T {
  return value === undefined ? fallback : required<T>(value, type);
}

function readObject(value: unknown): Fields {
  if (!isObject(value)) throw new UnexpectedShape();
  return value;
}

function readDocument(entry: unknown): VaultDocument {
  const document = readObject(readObject(entry).document);
  const major = optional(document.major_version_number__v, 'number', 0);
  const minor = optional(document.minor_version_number__v, 'number', 0);
  return {
    id: required(document.id, 'number'),
    name: required(document.name__v, 'string'),
    title: optional(document.title__v, 'string', ''),
    number: optional(document.document_number__v, 'string', ''),
    status: optional(document.status__v, 'string', ''),
    type: optional(document.type__v, 'string', ''),
    version: `${major}.${minor}`,
    format: optional(document.format__v, 'string', ''),
    modifiedAt: optional(document.version_modified_date__v, 'string', ''),
  };
}

/**
 * A document as the demo shows it: the latest version's main fields.
 *
 * @example
 * ```ts
 * const doc: VaultDocument = {
 *   id: 101, name: 'SPF 50 launch brochure', title: 'Launch brochure', number: 'PM-0101',
 *   status: 'Approved for Distribution', type: 'Promotional Piece', version: '2.0',
 *   format: 'application/pdf', modifiedAt: '2026-02-24T14:05:00.000Z',
 * };
 * ```
 */
export interface VaultDocument {
  readonly id: number;
  readonly name: string;
  readonly title: string;
  readonly number: string;
  readonly status: string;
  readonly type: string;
  /** `major.minor`, e.g. `0.4` for a draft. */
  readonly version: string;
  /** Media type of the source file. */
  readonly format: string;
  /** ISO 8601, or empty when the service gave none. */
  readonly modifiedAt: string;
}

/**
 * One page of the document listing.
 *
 * @example
 * ```ts
 * const list: DocumentList = { total: 0, documents: [] };
 * ```
 */
export interface DocumentList {
  /** Documents in the vault, which may be more than this page holds. */
  readonly total: number;
  readonly documents: readonly VaultDocument[];
}

/**
 * Reads the answer of `GET /api/{version}/objects/documents`. A body of another shape is a
 * `VaultProtocolError`, like any answer that is not the service speaking.
 *
 * @example
 * ```ts
 * const list = parseDocumentList(await vaultFetch('/objects/documents'));
 * ```
 */
export function parseDocumentList(body: unknown): DocumentList {
  try {
    const list = readObject(body);
    const details = list.responseDetails === undefined ? {} : readObject(list.responseDetails);
    const entries = list.documents === undefined ? [] : list.documents;
    if (!Array.isArray(entries)) throw new UnexpectedShape();
    const documents = entries.map(readDocument);
    const total = optional(details.total, 'number', documents.length);
    return { total, documents };
  } catch (error) {
    if (!(error instanceof UnexpectedShape)) throw error;
    throw new VaultProtocolError('The document listing had an unexpected shape.', {
      status: 200,
      contentType: 'application/json',
    });
  }
}
