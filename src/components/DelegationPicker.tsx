'use client';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { DelegatedVault } from '../core/client/types';
import {
  isTransientError,
  VaultAbortedError,
  VaultApiError,
  type VaultError,
} from '../core/errors';
import { isLiveStatus } from '../core/session/sessionReducer';
import { enDelegationMessages } from '../locales/en/enDelegationMessages';
import { useDelegatedLogin } from '../react/useDelegatedLogin';
import { useDelegations } from '../react/useDelegations';
import { useSession } from '../react/useSession';
import type { DelegationPickerProps } from './DelegationPickerProps';
import { HostName } from './HostName';
import type { DelegationMessages } from './i18n/DelegationMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import { useDelegationFocus } from './useDelegationFocus';
import type { VaultDataStates } from './VaultDataStates';

export type { DelegationPickerProps } from './DelegationPickerProps';

type Heading = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * The vaults where the signed-in user may act on behalf of someone else, each with its
 * delegator and an "Act as" button (DEL-05). A labelled region with a heading per entry,
 * so long lists stay navigable by heading and by list; past `filterThreshold` entries a
 * filter field appears (by person, vault name or address, as the user types; the number of
 * matches is announced politely) and the entries become compact rows. Host names wrap only
 * after a dot, never at a hyphen inside a label. Loading sets `aria-busy`, a failed load offers "Try again", and an
 * empty list says so. Starting shows progress; a refusal or an outage is shown on the
 * entry. Once the delegated session is in use, focus moves to the `ActingAsBanner` when one
 * is on the page, else to a status message here. Renders nothing without a session.
 *
 * @example
 * ```tsx
 * <RequireSession fallback={<LoginForm />}>
 *   <ActingAsBanner />
 *   <DelegationPicker delegatorNames={{ '61002': 'Marcus Reed' }} />
 * </RequireSession>
 * ```
 */
export function DelegationPicker({
  className,
  messages,
  delegatorNames,
  renderDelegator,
  headingLevel = 2,
  filterThreshold = 6,
  layout = 'auto',
  onStarted,
}: DelegationPickerProps): ReactNode {
  const t = useVaultMessages('delegation', enDelegationMessages, messages);
  const { status, user } = useSession();
  const query = useDelegations();
  const { start, delegation } = useDelegatedLogin();
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const filterId = `${baseId}-filter`;
  const filterHintId = `${baseId}-filter-hint`;
  const filterRef = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  const [startedMessage, setStartedMessage] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusTargets = useDelegationFocus();

  const nameOf = (entry: { delegatorUserId: string }) =>
    delegatorNames?.[entry.delegatorUserId] ??
    t.delegatorFallback({ userId: entry.delegatorUserId });
  const describe = (entry: DelegatedVault) => ({ delegator: nameOf(entry), vault: entry.name });

  // Runs after the commit that shows the new delegation, the same one that brings up the
  // banner, so focus lands on it at once.
  const requested = useRef<DelegatedVault | undefined>(undefined);
  useEffect(() => {
    const entry = requested.current;
    if (!entry || !matches(delegation, entry)) return;
    requested.current = undefined;
    const banner = focusTargets.banner;
    if (banner) {
      banner.focus();
    } else {
      const delegator =
        delegatorNames?.[entry.delegatorUserId] ??
        t.delegatorFallback({ userId: entry.delegatorUserId });
      setStartedMessage(t.started({ delegator, vault: entry.name }));
      statusRef.current?.focus();
    }
    onStarted?.(entry);
  }, [delegation, delegatorNames, onStarted, t, focusTargets]);

  if (!user || !isLiveStatus(status)) return null;

  const Title = `h${headingLevel}` as Heading;
  const EntryTitle = `h${headingLevel + 1}` as Heading;
  const entries = query.data ?? [];
  const long = entries.length > filterThreshold;
  // A filter applies only while its field is on screen: a list that shrank below the
  // threshold shows every entry, whatever was typed before.
  const needle = long ? filter.trim().toLocaleLowerCase() : '';
  const shown = needle
    ? entries.filter((entry) =>
        [entry.name, entry.dns, entry.delegatorUserId, nameOf(entry)].some((text) =>
          text.toLocaleLowerCase().includes(needle),
        ),
      )
    : entries;
  const rows = layout === 'rows' || (layout === 'auto' && long);
  const noMatch = needle !== '' && shown.length === 0;
  const pending = start.isPending ? start.variables : undefined;
  const failed = start.isError ? start.variables : undefined;

  const actAs = (entry: DelegatedVault) => {
    if (start.isPending) return;
    setStartedMessage('');
    requested.current = entry;
    start.mutate(
      {
        vaultId: entry.id,
        delegatorUserId: entry.delegatorUserId,
        vaultName: entry.name,
        dns: entry.dns,
      },
      {
        onError: () => {
          requested.current = undefined;
        },
      },
    );
  };

  const statusText = pending
    ? t.starting({
        delegator: nameOf(pending),
        vault: pending.vaultName ?? String(pending.vaultId),
      })
    : startedMessage;
  const busy = query.isPending || query.isFetching;

  let body: ReactNode;
  let state: VaultDataStates['DelegationPicker'] = 'ready';
  if (query.isError && entries.length === 0) {
    state = 'error';
    body = (
      <div className="vsk-delegation-picker__error" role="alert">
        <p>{t.loadFailed}</p>
        <button
          type="button"
          className="vsk-button"
          aria-disabled={query.isFetching || undefined}
          onClick={() => {
            if (!query.isFetching) void query.refetch();
          }}
        >
          {t.retry}
        </button>
      </div>
    );
  } else if (query.isPending) {
    state = 'loading';
    body = <p className="vsk-delegation-picker__loading">{t.loading}</p>;
  } else if (entries.length === 0) {
    state = 'empty';
    body = (
      <div className="vsk-delegation-picker__empty">
        <p>{t.empty}</p>
        <p className="vsk-delegation-picker__hint">{t.emptyHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        {long ? (
          <div className="vsk-delegation-picker__filter">
            <label htmlFor={filterId}>{t.filterLabel}</label>
            <p id={filterHintId} className="vsk-delegation-picker__hint">
              {t.filterHint}
            </p>
            <input
              ref={filterRef}
              id={filterId}
              type="search"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={filterHintId}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
            {/* Always in the page, so that the first change of its text is announced too. */}
            <p
              className="vsk-delegation-picker__count"
              role="status"
              data-state={noMatch ? 'empty' : undefined}
            >
              {needle === ''
                ? ''
                : noMatch
                  ? t.noMatches
                  : t.filterResults({ shown: shown.length, total: entries.length })}
            </p>
            {noMatch ? (
              <button
                type="button"
                className="vsk-button vsk-delegation-picker__clear"
                data-variant="secondary"
                onClick={() => {
                  setFilter('');
                  filterRef.current?.focus();
                }}
              >
                {t.clearFilter}
              </button>
            ) : null}
          </div>
        ) : null}
        {noMatch ? null : (
          <ul
            className="vsk-delegation-picker__list"
            aria-labelledby={headingId}
            data-layout={rows ? 'rows' : 'cards'}
          >
            {shown.map((entry) => {
              const key = `${entry.id}:${entry.delegatorUserId}`;
              const names = describe(entry);
              const isCurrent =
                delegation?.vaultId === entry.id &&
                delegation.delegatorUserId === entry.delegatorUserId;
              const isFailed =
                matches(failed, entry) && !(start.error instanceof VaultAbortedError);
              const errorId = `${baseId}-${key}-error`;
              return (
                <li
                  key={key}
                  className="vsk-delegation-picker__item"
                  data-state={isCurrent ? 'active' : 'inactive'}
                >
                  <EntryTitle className="vsk-delegation-picker__vault">{entry.name}</EntryTitle>
                  <dl className="vsk-delegation-picker__details">
                    <div>
                      <dt>{t.delegatorLabel}</dt>
                      <dd>
                        {renderDelegator
                          ? renderDelegator(entry, names.delegator)
                          : names.delegator}
                      </dd>
                    </div>
                    <div>
                      <dt>{t.addressLabel}</dt>
                      <dd>
                        <HostName host={entry.dns} />
                      </dd>
                    </div>
                  </dl>
                  {isCurrent ? (
                    <p className="vsk-delegation-picker__current">{t.current}</p>
                  ) : (
                    <button
                      type="button"
                      className="vsk-button vsk-delegation-picker__act"
                      aria-label={t.actAsLabel(names)}
                      aria-disabled={start.isPending || undefined}
                      aria-describedby={isFailed ? errorId : undefined}
                      onClick={() => actAs(entry)}
                    >
                      {t.actAs}
                    </button>
                  )}
                  {isFailed ? (
                    <p id={errorId} className="vsk-delegation-picker__entry-error" role="alert">
                      {t.startFailed(names)} {startErrorReason(start.error, t)}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </>
    );
  }

  return (
    <section
      className={['vsk-root', 'vsk-delegation-picker', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      aria-busy={busy}
      data-state={state}
    >
      <Title
        id={headingId}
        tabIndex={-1}
        ref={(node: HTMLHeadingElement | null) => {
          focusTargets.heading = node;
        }}
      >
        {t.heading}
      </Title>
      <p className="vsk-delegation-picker__description">{t.description}</p>
      {body}
      <p ref={statusRef} className="vsk-delegation-picker__status" role="status" tabIndex={-1}>
        {statusText}
      </p>
    </section>
  );
}

function matches(
  target: { readonly vaultId: number; readonly delegatorUserId: string } | undefined,
  entry: DelegatedVault,
): boolean {
  return target?.vaultId === entry.id && target.delegatorUserId === entry.delegatorUserId;
}

function startErrorReason(error: VaultError | null, t: DelegationMessages): string {
  if (error instanceof VaultApiError && error.type === 'INSUFFICIENT_ACCESS') return t.startDenied;
  if (error instanceof VaultAbortedError) return '';
  if (isTransientError(error)) return t.startUnavailable;
  return '';
}
