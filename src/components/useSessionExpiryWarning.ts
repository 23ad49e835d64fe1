'use client';
import { useEffect, useRef, useState } from 'react';
import { isSessionInvalidError, isTransientError, VaultAbortedError } from '../core/errors';
import { MAX_SESSION_MS } from '../core/kitWire';
import { isLiveStatus } from '../core/session/sessionReducer';
import type { SessionEndReason } from '../core/session/types';
import { useKeepAlive } from '../react/useKeepAlive';
import { useLogout } from '../react/useLogout';
import { useSession } from '../react/useSession';
import { useVaultSession } from '../react/VaultSessionContext';
import { resolveIdleWarningMs } from './resolveIdleWarningMs';

/**
 * What the session has to tell the user: the idle timeout is near, the 48-hour cap is near,
 * or the session has ended (`ended`, with the `notice` saying why).
 */
export type SessionExpiryMode = 'idle' | 'cap' | 'ended';

/**
 * Settings of {@link useSessionExpiryWarning}.
 */
export interface UseSessionExpiryWarningOptions {
  /** See {@link resolveIdleWarningMs}: left out, 2 minutes or half the idle timeout. */
  readonly idleWarningMs: number | undefined;
  readonly signOutOnIdleTimeout: boolean;
  readonly tickMs: number;
}

/**
 * The state behind `SessionExpiryDialog`, without its markup: which warning applies, the
 * time left, and the actions ("stay", "continue", "sign in again", "sign out").
 */
export function useSessionExpiryWarning(options: UseSessionExpiryWarningOptions) {
  const session = useSession();
  const keepAlive = useKeepAlive({ tickMs: options.tickMs });
  const { logout, isPending: signingOut } = useLogout();
  const { manager } = useVaultSession();
  const live = isLiveStatus(session.status);
  const warnMs = resolveIdleWarningMs(options.idleWarningMs, keepAlive.idleTimeoutMs);

  const [notice, setNotice] = useState<'idle' | 'expired' | 'invalid-session'>();
  const [dismissedCapFor, setDismissedCapFor] = useState<number>();
  const [extending, setExtending] = useState(false);
  const [extendFailed, setExtendFailed] = useState(false);

  // An end is explained only when this page saw the session live before it expired.
  const [trackedStatus, setTrackedStatus] = useState(session.status);
  if (trackedStatus !== session.status) {
    setTrackedStatus(session.status);
    if (session.status === 'expired' && isLiveStatus(trackedStatus)) {
      setNotice((current) => current ?? noticeFor(session.endReason));
    } else if (isLiveStatus(session.status)) {
      setNotice(undefined);
    }
  }

  const limitRef = useRef(MAX_SESSION_MS);
  if (session.deadline !== undefined && session.startedAt !== undefined) {
    limitRef.current = session.deadline - session.startedAt;
  }

  const idleLeft = live ? keepAlive.idleTimeLeftMs : undefined;
  const capLeft = live ? keepAlive.timeLeftMs : undefined;
  const idleComesFirst =
    keepAlive.idleExpiresAt !== undefined &&
    (session.deadline === undefined || keepAlive.idleExpiresAt < session.deadline);

  let mode: SessionExpiryMode | undefined;
  if (notice) mode = 'ended';
  else if (idleLeft !== undefined && idleComesFirst && idleLeft <= warnMs) mode = 'idle';
  else if (session.status === 'expiring' && session.deadline !== dismissedCapFor) mode = 'cap';

  const [trackedMode, setTrackedMode] = useState(mode);
  if (trackedMode !== mode) {
    setTrackedMode(mode);
    setExtendFailed(false);
  }

  // While the keep-alive fails only for reasons that pass (offline, 5xx, timeouts, limits),
  // the estimate says nothing about the session: the service may well have it alive. The
  // user is told the connection is unreliable and is never signed out on a guess (SES-12).
  const unreliable = keepAlive.consecutiveFailures > 0 && isTransientError(keepAlive.lastError);
  const idleRanOut =
    mode === 'idle' && idleLeft === 0 && options.signOutOnIdleTimeout && !extending && !unreliable;
  useEffect(() => {
    if (!idleRanOut) return;
    setNotice('idle');
    // The kit signs out here, not the user: every tab records it as an inactivity sign-out.
    void manager.signOut({ reason: 'inactive' });
  }, [idleRanOut, manager]);

  return {
    mode,
    notice,
    unreliable,
    extending,
    extendFailed,
    signingOut,
    /** The session's whole length (48 hours unless the service says otherwise). */
    limitMs: limitRef.current,
    /** The countdown of the warning on screen. */
    leftMs: mode === 'idle' ? idleLeft : mode === 'cap' ? capLeft : undefined,
    stay() {
      if (extending) return;
      setExtending(true);
      setExtendFailed(false);
      keepAlive.extend().then(
        () => setExtending(false),
        (error: unknown) => {
          setExtending(false);
          // An ended session shows its own notice; anything else leaves the session running.
          if (!(error instanceof VaultAbortedError) && !isSessionInvalidError(error)) {
            setExtendFailed(true);
          }
        },
      );
    },
    continueUntilEnd: () => setDismissedCapFor(session.deadline),
    acknowledgeEnd: () => setNotice(undefined),
    signOut() {
      if (!signingOut) logout();
    },
  };
}

function noticeFor(reason: SessionEndReason | undefined): 'expired' | 'invalid-session' {
  return reason === 'expired' ? 'expired' : 'invalid-session';
}
