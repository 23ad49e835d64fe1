'use client';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { SessionDelegation } from '../core/session/types';
import { enDelegationMessages } from '../locales/en/enDelegationMessages';
import { useDelegatedLogin } from '../react/useDelegatedLogin';
import { useSession } from '../react/useSession';
import type { DelegationMessages } from './i18n/DelegationMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import { useDelegationFocus } from './useDelegationFocus';

/**
 * Props of {@link ActingAsBanner}.
 *
 * @example
 * ```tsx
 * const props: ActingAsBannerProps = { delegatorNames: { '61002': 'Marcus Reed' } };
 * ```
 */
export interface ActingAsBannerProps {
  className?: string | undefined;
  /** Strings to replace; the rest come from `VaultMessagesProvider` or English. */
  messages?: Partial<DelegationMessages> | undefined;
  /**
   * Display names by delegator user ID. The service only gives IDs; without a name the
   * banner shows `delegatorFallback` ("User ID 61002").
   */
  delegatorNames?: Readonly<Record<string, string>> | undefined;
  /**
   * Called once the user is back in their own session after "Stop acting". By default
   * focus then goes to the heading of a `DelegationPicker` on the page, if there is one.
   */
  onStopped?: (() => void) | undefined;
}

/**
 * The persistent "Acting as {delegator} in {vault} — you are {user}" banner (DEL-05), with
 * a one-click "Stop acting" that returns to the user's own session. Put it in the layout
 * so it is on every view. It is a labelled region while a delegation runs; starting,
 * switching and stopping are announced through a polite live region that stays in the
 * page (visually hidden) when there is no delegation, so that the end is heard too.
 *
 * @example
 * ```tsx
 * <SessionProvider config={config}>
 *   <ActingAsBanner delegatorNames={names} />
 *   <RequireSession fallback={<LoginForm />}>
 *     <App />
 *   </RequireSession>
 * </SessionProvider>
 * ```
 */
export function ActingAsBanner({
  className,
  messages,
  delegatorNames,
  onStopped,
}: ActingAsBannerProps): ReactNode {
  const t = useVaultMessages('delegation', enDelegationMessages, messages);
  const { delegation, user } = useSession();
  const { stop } = useDelegatedLogin();
  const focusTargets = useDelegationFocus();
  const username = user?.username ?? '';
  const describe = (d: SessionDelegation) => ({
    delegator:
      delegatorNames?.[d.delegatorUserId] ?? t.delegatorFallback({ userId: d.delegatorUserId }),
    vault: d.vaultName || d.dns || String(d.vaultId),
    user: username,
  });

  // Announce changes, not the state found on mount: compared during render so the text is
  // in the live region in the same commit as the banner change.
  const [seen, setSeen] = useState(delegation);
  const [announcement, setAnnouncement] = useState('');
  if (!sameDelegation(seen, delegation)) {
    setSeen(delegation);
    if (delegation) setAnnouncement(t.started(describe(delegation)));
    else if (seen && user) setAnnouncement(t.stopped(describe(seen)));
    else setAnnouncement('');
  }

  const stopping = stop.isPending;
  const stopRequested = useRef(false);
  // The delegation a failed "Stop acting" left in use: its message goes with it, so a later
  // delegation does not inherit it.
  const [failedStop, setFailedStop] = useState<SessionDelegation>();
  const errorId = useId();
  const stopFailed =
    !stopping && delegation && failedStop && sameDelegation(failedStop, delegation);
  const handleStop = () => {
    if (stopping) return;
    stopRequested.current = true;
    setFailedStop(undefined);
    stop.mutate(undefined, {
      onError: () => {
        stopRequested.current = false;
        setFailedStop(delegation);
      },
    });
  };

  // The banner stays, saying "Stopping…" with the focus on its button, until the vault has
  // ended the delegated session; once the user's own session is back the button is gone,
  // and the focus moves on.
  useEffect(() => {
    if (delegation || !stopRequested.current) return;
    stopRequested.current = false;
    if (onStopped) {
      onStopped();
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    focusTargets.heading?.focus();
  }, [delegation, onStopped, focusTargets]);

  return (
    <>
      {delegation && user ? (
        <section
          className={['vsk-root', 'vsk-acting-as-banner', className].filter(Boolean).join(' ')}
          aria-label={t.bannerLabel}
          tabIndex={-1}
          data-state={stopping ? 'stopping' : 'active'}
          ref={(node) => {
            focusTargets.banner = node;
          }}
        >
          <p className="vsk-acting-as-banner__text">{t.actingAs(describe(delegation))}</p>
          <button
            type="button"
            className="vsk-button vsk-acting-as-banner__stop"
            data-variant="secondary"
            aria-disabled={stopping || undefined}
            aria-describedby={stopFailed ? errorId : undefined}
            onClick={handleStop}
          >
            {stopping ? t.stopping : t.stopActing}
          </button>
          {stopFailed ? (
            <p id={errorId} className="vsk-acting-as-banner__error" role="alert">
              {t.stopFailed(describe(delegation))}
            </p>
          ) : null}
        </section>
      ) : null}
      <span className="vsk-root vsk-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </>
  );
}

function sameDelegation(a: SessionDelegation | undefined, b: SessionDelegation | undefined) {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.vaultId === b.vaultId && a.delegatorUserId === b.delegatorUserId;
}
