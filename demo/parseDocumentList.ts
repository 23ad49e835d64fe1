import * as v from 'valibot';
import { VaultProtocolError } from '../src/index';

const DocumentSchema = v.object({
  id: v.number(),
  name__v: v.string(),
  title__v: v.optional(v.string(), ''),
  document_number__v: v.optional(v.string(), ''),
  status__v: v.optional(v.string(), ''),
  type__v: v.optional(v.string(), ''),
  major_version_number__v: v.optional(v.number(), 0),
  minor_version_number__v: v.optional(v.number(), 0),
  format__v: v.optional(v.string(), ''),
  version_modified_date__v: v.optional(v.string(), ''),
});

const DocumentListSchema = v.object({
  responseDetails: v.optional(v.object({ total: v.optional(v.number()) }), {}),
  documents: v.optional(v.array(v.object({ document: DocumentSchema })), []),
});

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
  const parsed = v.safeParse(DocumentListSchema, body);
  if (!parsed.success) {
    throw new VaultProtocolError('The document listing had an unexpected shape.', {
      status: 200,
      contentType: 'application/json',
    });
  }
  const documents = parsed.output.documents.map(({ document }) => ({
    id: document.id,
    name: document.name__v,
    title: document.title__v,
    number: document.document_number__v,
    status: document.status__v,
    type: document.type__v,
    version: `${document.major_version_number__v}.${document.minor_version_number__v}`,
    format: document.format__v,
    modifiedAt: document.version_modified_date__v,
  }));
  return { total: parsed.output.responseDetails.total ?? documents.length, documents };
}
