'use client';
import { useEffect, useRef, useState } from 'react';
import {
  isSessionInvalidError,
  isTransientError,
  VaultAbortedError,
  VaultOAuthError,
} from '../core/errors';
import { MAX_SESSION_MS } from '../core/kitWire';
import type { LockManagerLike } from '../core/resolveEnvironment';
import { renewSsoSession } from '../core/session/renewSsoSession';
import { isLiveStatus } from '../core/session/sessionReducer';
import type { SessionEndReason } from '../core/session/types';
import { loadSsoModule } from '../oidc/loadSsoModule';
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
 * Why the identity provider gave no new session at the cap: the user is no longer signed in
 * there (`signed-out`), withdrew the app's consent (`consent`), or another refusal or
 * failure (`refused`).
 */
export type SsoRenewalRefusal = 'signed-out' | 'consent' | 'refused';

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
  const vault = useVaultSession();
  const { manager } = vault;
  const live = isLiveStatus(session.status);
  const warnMs = resolveIdleWarningMs(options.idleWarningMs, keepAlive.idleTimeoutMs);

  const [notice, setNotice] = useState<
    'idle' | 'expired' | 'invalid-session' | 'renewal-refused' | 'vault-ended'
  >();
  // The single sign-on renewal of the session whose cap is `for`: under way or failed.
  const [renewal, setRenewal] = useState<{
    for: number;
    state: 'running' | 'failed';
    refusal?: SsoRenewalRefusal;
  }>();
  const [dismissedCapFor, setDismissedCapFor] = useState<number>();
  const [extending, setExtending] = useState(false);
  const [extendFailed, setExtendFailed] = useState(false);

  // An end is explained only when this page saw the session live before it expired.
  // Whether the session last seen live was a vault's lent one: its end is the vault's doing.
  const [trackedStatus, setTrackedStatus] = useState(session.status);
  const [trackedLent, setTrackedLent] = useState(session.lent === true);
  if (live && trackedLent !== (session.lent === true)) setTrackedLent(session.lent === true);
  if (trackedStatus !== session.status) {
    setTrackedStatus(session.status);
    if (session.status === 'expired' && isLiveStatus(trackedStatus)) {
      const refused = session.endReason === 'expired' && renewal?.state === 'failed';
      const ended = trackedLent ? 'vault-ended' : noticeFor(session.endReason);
      setNotice((current) => current ?? (refused ? 'renewal-refused' : ended));
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
  // A lent session's deadline is only an outer bound: the vault's own end comes first.
  const capKnown = session.lent !== true;
  const idleComesFirst =
    keepAlive.idleExpiresAt !== undefined &&
    (session.deadline === undefined || !capKnown || keepAlive.idleExpiresAt < session.deadline);

  // At the cap, a single sign-on session is followed by a new one without a form; any other
  // leads to the form.
  const capOutcome: 'renew' | 'form' = session.renewal === 'sso' ? 'renew' : 'form';
  const deadline = session.deadline;
  const renewalHere = renewal !== undefined && renewal.for === deadline ? renewal.state : undefined;
  // Active: the idle warning is not due. An idle user meets the form, as the idle timeout
  // means them to. Read against the clock now, not the last countdown tick: a device that
  // slept through hours wakes with a countdown that has not caught up yet.
  const idleDue = idleLeft !== undefined && idleComesFirst && idleLeft <= warnMs;
  const { idleExpiresAt } = keepAlive;
  const active = !idleDue && (idleExpiresAt === undefined || idleExpiresAt - vault.now() > warnMs);
  // One request at a time, even when StrictMode runs an effect twice.
  const renewingFor = useRef<number>(undefined);
  const renewNow = (): void => {
    if (deadline === undefined || renewingFor.current === deadline) return;
    renewingFor.current = deadline;
    setRenewal({ for: deadline, state: 'running' });
    const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
    // Behind the proxy, the proxy asks the provider; in token mode the page signs in silently
    // with the single sign-on code, loaded only now.
    const renewing =
      vault.client.config.credentials === 'proxy'
        ? renewSsoSession({ manager, client: vault.client, now: () => vault.now(), locks })
        : loadSsoModule(vault).then((sso) => sso.renewSsoSilently(vault));
    renewing.then(
      // Renewed, or another tab did: the new session arrives with its own deadline.
      () => undefined,
      (error: unknown) => {
        renewingFor.current = undefined;
        setRenewal({ for: deadline, state: 'failed', refusal: refusalOf(error) });
      },
    );
  };
  const autoRenew =
    session.status === 'expiring' &&
    capKnown &&
    capOutcome === 'renew' &&
    active &&
    renewalHere === undefined &&
    notice === undefined;

  let mode: SessionExpiryMode | undefined;
  if (notice) mode = 'ended';
  else if (idleDue) mode = 'idle';
  else if (
    session.status === 'expiring' &&
    capKnown &&
    deadline !== dismissedCapFor &&
    // An active single sign-on user is not interrupted while the new session is fetched.
    !(capOutcome === 'renew' && (autoRenew || (renewalHere === 'running' && active)))
  ) {
    mode = 'cap';
  }

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
  const renewRef = useRef(renewNow);
  renewRef.current = renewNow;
  useEffect(() => {
    if (autoRenew) renewRef.current();
  }, [autoRenew]);

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
    /** What the cap leads to: a new session without a form (`renew`), or the form. */
    capOutcome,
    /** A new session is being asked of the identity provider. */
    renewing: renewalHere === 'running',
    /** The identity provider refused a new session, or could not be asked. */
    renewFailed: renewalHere === 'failed',
    /** Why the last renewal failed, for the notice at the cap. */
    refusal: renewal?.state === 'failed' ? (renewal.refusal ?? 'refused') : undefined,
    /** Asks the identity provider for a new session now ("Stay signed in" at the cap). */
    renew: renewNow,
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

// The silent sign-in's refusals that have words of their own; any other is `refused`.
const REFUSALS: Readonly<Record<string, SsoRenewalRefusal>> = {
  sso_login_required: 'signed-out',
  sso_consent_required: 'consent',
};

function refusalOf(error: unknown): SsoRenewalRefusal {
  return (error instanceof VaultOAuthError && REFUSALS[error.error]) || 'refused';
}

function noticeFor(reason: SessionEndReason | undefined): 'expired' | 'invalid-session' {
  return reason === 'expired' ? 'expired' : 'invalid-session';
}
