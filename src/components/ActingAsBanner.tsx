'use client';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { SessionDelegation } from '../core/session/types';
import { enDelegationMessages } from '../locales/en/enDelegationMessages';
import { useDelegatedLogin } from '../react/useDelegatedLogin';
import { useSession } from '../react/useSession';
import { useVaultSession } from '../react/VaultSessionContext';
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
  /** The vault the app signed in to. Default: the client's `vaultDns`. */
  vaultDns?: string | undefined;
  /**
   * Display names by vault DNS (compared in any case). The service names only the user's own
   * vaults, so the vault asked for, which the user cannot open, is shown by its DNS unless
   * named here.
   */
  vaults?: readonly { readonly dns: string; readonly name: string }[] | undefined;
}

/**
 * The persistent "Acting as {delegator} in {vault} — you are {user}" banner (DEL-05), with
 * a one-click "Stop acting" that returns to the user's own session. Put it in the layout
 * so it is on every view. It is a labelled region while a delegation runs; starting,
 * switching and stopping are announced through a polite live region that stays in the
 * page (visually hidden) when there is no delegation, so that the end is heard too.
 *
 * It also names the vault the user works in when the service signed them in to another
 * one than the app asked for (auth defaulting, in an app that accepts any of the user's
 * vaults with `validateDns: false`): "You are in Sunrise QualityDocs, your own vault: your
 * account has no access to Sunrise PromoMats." (`data-state="landed"`), said through the
 * same live region when it appears.
 *
 * @example
 * In the layout, above the routes, so it stays on every page while a delegation runs:
 * ```tsx
 * <SessionProvider config={{ authUrl: '', vaultUrl: '/vault/{dns}' }}>
 *   <ActingAsBanner delegatorNames={{ '61002': 'Marcus Reed' }} />
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
  vaultDns,
  vaults,
}: ActingAsBannerProps): ReactNode {
  const t = useVaultMessages('delegation', enDelegationMessages, messages);
  const { delegation, user, vault } = useSession();
  const { client } = useVaultSession();
  const { stop } = useDelegatedLogin();
  const focusTargets = useDelegationFocus();
  const username = user?.username ?? '';
  const describe = (d: SessionDelegation) => ({
    delegator:
      delegatorNames?.[d.delegatorUserId] ?? t.delegatorFallback({ userId: d.delegatorUserId }),
    vault: d.vaultName || d.dns || String(d.vaultId),
    user: username,
  });

  // Auth defaulting: the user's own session, in another of their vaults than the one asked
  // for. Host names compare in lower case, the form the session keeps them in. The service
  // only does so when the user cannot open the vault asked for: a user who can (it is one
  // of their vaults) is elsewhere because they switched there.
  const asked = (vaultDns ?? client.config.vaultDns)?.toLowerCase();
  const landed =
    !delegation &&
    asked &&
    vault?.dns &&
    vault.dns !== asked &&
    !user?.vaults.some((v) => v.dns.toLowerCase() === asked)
      ? t.landedVault({
          vault: vault.name || vault.dns,
          asked: vaults?.find((v) => v.dns.toLowerCase() === asked)?.name ?? asked,
        })
      : undefined;

  // Announce changes, not the state found on mount: compared during render so the text is
  // in the live region in the same commit as the banner change. A stop that lands the user
  // elsewhere says that it stopped.
  const [seen, setSeen] = useState(delegation);
  const [seenLanded, setSeenLanded] = useState(landed);
  const [announcement, setAnnouncement] = useState('');
  if (seenLanded !== landed) {
    setSeenLanded(landed);
    setAnnouncement(landed ?? '');
  }
  if (!sameDelegation(seen, delegation)) {
    setSeen(delegation);
    // A failed "Stop acting" belongs to the delegation it failed for, not to the next one.
    stop.reset();
    if (delegation) setAnnouncement(t.started(describe(delegation)));
    else if (seen && user) setAnnouncement(t.stopped(describe(seen)));
    else setAnnouncement('');
  }

  const rootClass = ['vsk-root', 'vsk-acting-as-banner', className].filter(Boolean).join(' ');
  const stopping = stop.isPending;
  const stopRequested = useRef(false);
  const handleStop = () => {
    if (stopping) return;
    stopRequested.current = true;
    stop.mutate();
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
          className={rootClass}
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
            onClick={handleStop}
          >
            {stopping ? t.stopping : t.stopActing}
          </button>
          {stop.isError ? (
            <p className="vsk-acting-as-banner__error" role="alert">
              {t.stopFailed(describe(delegation))}
            </p>
          ) : null}
        </section>
      ) : landed ? (
        <p className={rootClass} data-state="landed">
          {landed}
        </p>
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
