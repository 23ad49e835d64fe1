import { type ReactNode, useId, useState } from 'react';
import { useSession, VaultApiError, type VaultError } from '../src/index';
import { useDemoLanguage } from './DemoLanguageProvider';
import { DocumentTable } from './DocumentTable';
import { DEMO_PEOPLE } from './demoAccounts';
import type { DemoMessages } from './demoMessages';
import { useDocuments } from './useDocuments';

/**
 * ID of the documents heading (the page's `h1`), where focus goes after sign-in and after
 * a delegation ends.
 *
 * @example
 * ```ts
 * document.getElementById(DOCUMENTS_HEADING_ID)?.focus();
 * ```
 */
export const DOCUMENTS_HEADING_ID = 'documents-heading';

const SKELETON_ROWS = [0, 1, 2, 3];

/**
 * The documents of the current vault, with every state spelled out: loading, a failure
 * with "Try again", an empty vault, and the list.
 *
 * @example
 * ```tsx
 * <main><DocumentsView /></main>
 * ```
 */
export function DocumentsView(): ReactNode {
  const { user, delegation } = useSession();
  const query = useDocuments();
  const filterId = useId();
  // What the user typed survives a new session (the 48-hour cap crossed without a form):
  // it is this page's state, and the page stays.
  const [filter, setFilter] = useState('');
  const { demo } = useDemoLanguage().language;
  const t = demo.documents;
  const vaultName =
    delegation?.vaultName ??
    user?.vault?.name ??
    demo.header.vaultNumber(String(user?.vaultId ?? ''));
  const dns = delegation?.dns ?? user?.vault?.dns ?? '';
  const actingFor = delegation
    ? (DEMO_PEOPLE[delegation.delegatorUserId] ??
      demo.header.userNumber(delegation.delegatorUserId))
    : undefined;

  const retry = () => {
    void query.refetch().then((result) => {
      // The "Try again" button is gone once the list is back; continue at the heading.
      if (result.isSuccess) document.getElementById(DOCUMENTS_HEADING_ID)?.focus();
    });
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="demo-panel demo-loading" aria-busy="true">
        <p className="demo-loading__text" role="status">
          <span className="demo-spinner" aria-hidden="true" />
          {t.loading(vaultName)}
        </p>
        <div className="demo-skeleton" aria-hidden="true">
          {SKELETON_ROWS.map((row) => (
            <div key={row} className="demo-skeleton__row">
              <span />
              <span />
              <span />
            </div>
          ))}
        </div>
      </div>
    );
  } else if (query.isError && query.data === undefined) {
    body = (
      <div className="demo-panel demo-callout demo-callout--error" role="alert">
        <h2 className="demo-callout__title">{t.failedTitle}</h2>
        <p>{describeFailure(query.error, t)}</p>
        <p>{t.sessionStillActive}</p>
        <button
          type="button"
          className="demo-button"
          aria-disabled={query.isFetching || undefined}
          onClick={() => {
            if (!query.isFetching) retry();
          }}
        >
          {query.isFetching ? t.tryingAgain : t.tryAgain}
        </button>
      </div>
    );
  } else if (query.data === undefined) {
    body = null;
  } else if (query.data.documents.length === 0) {
    body = (
      <div className="demo-panel demo-empty">
        <svg className="demo-empty__art" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path d="M12 6h16l8 8v28H12z" />
          <path d="M28 6v8h8" />
          <path d="M18 26h12M18 32h8" />
        </svg>
        <h2 className="demo-empty__title">{t.emptyTitle}</h2>
        <p>{t.emptyBody(vaultName)}</p>
      </div>
    );
  } else {
    const { documents, total } = query.data;
    const wanted = filter.trim().toLocaleLowerCase();
    const shown = documents.filter((doc) =>
      [doc.name, doc.title, doc.number].some((text) => text.toLocaleLowerCase().includes(wanted)),
    );
    body = (
      <>
        <div className="demo-toolbar">
          <p className="demo-toolbar__count">{t.count(total)}</p>
          <p className="demo-filter">
            <label htmlFor={filterId}>{t.filterLabel}</label>
            <input
              id={filterId}
              type="search"
              className="demo-filter__input"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </p>
          <button
            type="button"
            className="demo-button demo-button--quiet"
            aria-disabled={query.isFetching || undefined}
            onClick={() => {
              if (!query.isFetching) void query.refetch();
            }}
          >
            {query.isFetching ? t.refreshing : t.refresh}
          </button>
        </div>
        {query.isError ? (
          <p className="demo-inline-alert" role="alert">
            {t.refreshFailed(describeFailure(query.error, t))}
          </p>
        ) : null}
        {shown.length === 0 ? (
          <p className="demo-inline-alert" role="status">
            {t.noMatches(filter.trim())}
          </p>
        ) : (
          <DocumentTable documents={shown} caption={t.caption(vaultName)} />
        )}
      </>
    );
  }

  return (
    <>
      <div className="demo-main__head">
        <h1 id={DOCUMENTS_HEADING_ID} tabIndex={-1} className="demo-main__title">
          {t.heading}
        </h1>
        <p className="demo-main__context">
          <bdi className="demo-main__vault">{vaultName}</bdi>
          {dns ? <bdi className="demo-main__dns">{dns}</bdi> : null}
          {actingFor ? <span className="demo-main__acting">{t.onBehalfOf(actingFor)}</span> : null}
        </p>
      </div>
      {body}
    </>
  );
}

function describeFailure(error: VaultError, t: DemoMessages['documents']): string {
  switch (error.kind) {
    case 'network':
      return t.unreachable;
    case 'timeout':
      return t.tooSlow;
    case 'protocol':
      return t.unreadable;
    default:
      if (error instanceof VaultApiError && error.type === 'INSUFFICIENT_ACCESS') {
        return t.noPermission;
      }
      return error instanceof VaultApiError ? t.refused(error.type) : t.unknownFailure;
  }
}
