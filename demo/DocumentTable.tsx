import { type ReactNode, useMemo } from 'react';
import { useDemoLanguage } from './DemoLanguageProvider';
import type { VaultDocument } from './parseDocumentList';

/**
 * Props of {@link DocumentTable}.
 *
 * @example
 * ```tsx
 * const props: DocumentTableProps = { documents: [], caption: 'Documents in Sunrise PromoMats' };
 * ```
 */
export interface DocumentTableProps {
  readonly documents: readonly VaultDocument[];
  /** Names the table for screen readers. */
  readonly caption: string;
}

const FORMAT_LABELS: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
};

/**
 * The document list as a table: name and title, number, lifecycle status, version and the
 * date of the last change.
 *
 * @example
 * ```tsx
 * <DocumentTable documents={list.documents} caption="Documents in Sunrise PromoMats" />
 * ```
 */
export function DocumentTable({ documents, caption }: DocumentTableProps): ReactNode {
  const { tag, demo } = useDemoLanguage().language;
  const t = demo.documents;
  const dates = useMemo(
    () => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }),
    [tag],
  );
  const formatDate = (iso: string) => formatDateIn(dates, iso);
  return (
    <div className="demo-panel demo-table-panel">
      <table className="demo-table">
        <caption className="vsk-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columnDocument}</th>
            <th scope="col" className="demo-table__number">
              {t.columnNumber}
            </th>
            <th scope="col">{t.columnStatus}</th>
            <th scope="col" className="demo-table__version">
              {t.columnVersion}
            </th>
            <th scope="col" className="demo-table__date">
              {t.columnChanged}
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id}>
              <th scope="row" className="demo-doc">
                <span className="demo-doc__name">{document.name}</span>
                <span className="demo-doc__title">{document.title}</span>
                <span className="demo-doc__compact">
                  {document.number} · {t.compactVersion(document.version)} · {t.compactChanged}{' '}
                  {formatDate(document.modifiedAt)}
                </span>
                <span className="demo-doc__meta">
                  {document.type}
                  {FORMAT_LABELS[document.format] ? (
                    <span className="demo-doc__format">{FORMAT_LABELS[document.format]}</span>
                  ) : null}
                </span>
              </th>
              <td className="demo-table__number">{document.number}</td>
              <td>
                <span className="demo-status" data-tone={statusTone(document.status)}>
                  {document.status}
                </span>
              </td>
              <td className="demo-table__version">{document.version}</td>
              <td className="demo-table__date">{formatDate(document.modifiedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function statusTone(status: string): 'done' | 'progress' | 'draft' {
  const text = status.toLowerCase();
  if (text.includes('draft')) return 'draft';
  if (text.includes('review') || text.includes('approval')) return 'progress';
  return 'done';
}

function formatDateIn(format: Intl.DateTimeFormat, iso: string): ReactNode {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  return <time dateTime={iso}>{format.format(time)}</time>;
}
