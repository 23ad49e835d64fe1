'use client';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { isSessionInvalidError, isTransientError, VaultAbortedError } from '../core/errors';
import { isLiveStatus } from '../core/session/sessionReducer';
import type { SessionEndReason } from '../core/session/types';
import { useKeepAlive } from '../react/useKeepAlive';
import { useLogout } from '../react/useLogout';
import { useSession } from '../react/useSession';
import { useVaultSession } from '../react/VaultSessionContext';
import { formatDuration } from './formatDuration';
import { enSessionMessages, type SessionMessages } from './i18n/sessionMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import { useThresholdAnnouncement } from './useThresholdAnnouncement';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** WCAG 2.2.1: the user gets at least 20 seconds to respond to a timeout warning. */
const MIN_RESPONSE_MS = 20 * SECOND;
const DEFAULT_SESSION_LIMIT_MS = 48 * 60 * MINUTE;
const DEFAULT_ANNOUNCE_AT: readonly number[] = [MINUTE, 30 * SECOND];
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Props of {@link SessionExpiryDialog}.
 *
 * @example
 * ```tsx
 * const props: SessionExpiryDialogProps = {
 *   idleWarningMs: 3 * 60_000,
 *   onSignInAgain: () => navigate('/login'),
 * };
 * ```
 */
export interface SessionExpiryDialogProps {
  /** Added to the dialog's outermost element (the backdrop). */
  className?: string | undefined;
  /** Strings to replace; the rest come from `VaultMessagesProvider` or English. */
  messages?: Partial<SessionMessages> | undefined;
  /** Locale for durations. Default: `messages.locale`. */
  locale?: string | undefined;
  /**
   * How long before the idle timeout the warning opens. Default 2 minutes; never less than
   * 20 seconds (WCAG 2.2.1).
   */
  idleWarningMs?: number | undefined;
  /**
   * Sign out when the idle countdown runs out unanswered, and say so. Default `true`: the
   * service's idle timeout has ended the session by then anyway.
   */
  signOutOnIdleTimeout?: boolean | undefined;
  /**
   * "Sign in again" after the session ended. The dialog closes either way; by default
   * nothing else happens, since `RequireSession` already shows the login form with the
   * user name kept.
   */
  onSignInAgain?: (() => void) | undefined;
  /** How often the countdown re-reads the session's clock, in ms. Default 1 000. */
  tickMs?: number | undefined;
  /** Remaining times at which the countdown is spoken once (polite). Default 1 min and 30 s. */
  announceAtMs?: readonly number[] | undefined;
  /** Where the dialog is rendered. Default `document.body`. */
  container?: HTMLElement | undefined;
}

type Mode = 'idle' | 'cap' | 'ended';
type EndNotice = 'idle' | 'expired' | 'invalid-session';

/**
 * The session's timeout warnings, as a modal alert dialog (`role="alertdialog"`, labelled
 * and described; focus moves in, is trapped, and returns afterwards):
 *
 * - Before the idle timeout (A11Y-04, WCAG 2.2.1): "Stay signed in" sends a keep-alive and
 *   counts as activity (SES-05); Escape does the same; "Sign out" signs out. A failed
 *   attempt is shown and the dialog stays. Unanswered, the user is signed out at the
 *   timeout and told why.
 * - Before the 48-hour cap (status `expiring`): the session cannot be extended; sign out
 *   now or continue until the end (Escape).
 * - At the cap or when the service dropped the session (status `expired`): why it ended,
 *   and "Sign in again".
 *
 * The countdown text follows the clock; screen readers hear it only at `announceAtMs`.
 * Render it once, inside `SessionProvider` and outside `RequireSession`, so the notice
 * survives the session.
 *
 * @example
 * ```tsx
 * <SessionProvider config={config}>
 *   <SessionExpiryDialog />
 *   <RequireSession fallback={<LoginForm />}>
 *     <App />
 *   </RequireSession>
 * </SessionProvider>
 * ```
 */
export function SessionExpiryDialog({
  className,
  messages,
  locale,
  idleWarningMs = 2 * MINUTE,
  signOutOnIdleTimeout = true,
  onSignInAgain,
  announceAtMs = DEFAULT_ANNOUNCE_AT,
  container,
  tickMs = SECOND,
}: SessionExpiryDialogProps): ReactNode {
  const t = useVaultMessages('session', enSessionMessages, messages);
  const session = useSession();
  const keepAlive = useKeepAlive({ tickMs });
  const { logout, isPending: signingOut } = useLogout();
  const { manager } = useVaultSession();
  const live = isLiveStatus(session.status);
  const warnMs = Math.max(MIN_RESPONSE_MS, idleWarningMs);
  const ids = useId();
  const titleId = `${ids}-title`;
  const bodyId = `${ids}-body`;

  const [notice, setNotice] = useState<EndNotice | undefined>(undefined);
  const [dismissedCapFor, setDismissedCapFor] = useState<number | undefined>(undefined);
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

  const limitRef = useRef(DEFAULT_SESSION_LIMIT_MS);
  if (session.deadline !== undefined && session.startedAt !== undefined) {
    limitRef.current = session.deadline - session.startedAt;
  }

  const idleLeft = live ? keepAlive.idleTimeLeftMs : undefined;
  const capLeft = live ? keepAlive.timeLeftMs : undefined;
  const idleComesFirst =
    keepAlive.idleExpiresAt !== undefined &&
    (session.deadline === undefined || keepAlive.idleExpiresAt < session.deadline);

  let mode: Mode | undefined;
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
    mode === 'idle' && idleLeft === 0 && signOutOnIdleTimeout && !extending && !unreliable;
  useEffect(() => {
    if (!idleRanOut) return;
    setNotice('idle');
    // The kit signs out here, not the user: every tab records it as an inactivity sign-out.
    void manager.signOut({ reason: 'inactive' });
  }, [idleRanOut, manager]);

  const countdown = mode === 'idle' ? idleLeft : mode === 'cap' ? capLeft : undefined;
  const crossed = useThresholdAnnouncement(countdown, announceAtMs);

  const open = mode !== undefined;
  const target = container ?? (typeof document === 'undefined' ? undefined : document.body);
  const panelRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);

  // While open: the rest of the page is inert, focus cannot leave, and it goes back where
  // it was when the dialog closes (unless the app moved it meanwhile).
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const host = panel?.parentElement;
    if (!panel || !host) return;
    const active = document.activeElement;
    const previous = active instanceof HTMLElement && !panel.contains(active) ? active : null;
    const others = Array.from(host.parentElement?.children ?? []).filter(
      (element) => element !== host && !element.hasAttribute('inert'),
    );
    for (const element of others) element.setAttribute('inert', '');
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.contains(event.target)) {
        panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      }
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      for (const element of others) element.removeAttribute('inert');
      const now = document.activeElement;
      const lost = !now || now === document.body || panel.contains(now) || !now.isConnected;
      if (lost && previous?.isConnected) previous.focus();
    };
  }, [open]);

  // Each kind of warning starts on its least drastic action.
  useEffect(() => {
    if (mode !== undefined) primaryRef.current?.focus();
  }, [mode]);

  if (!open || !target) return null;

  const format = (ms: number) => formatDuration(ms, { locale: locale ?? t.locale });
  const limit = format(limitRef.current);

  const stay = () => {
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
  };
  const continueUntilEnd = () => setDismissedCapFor(session.deadline);
  const signInAgain = () => {
    setNotice(undefined);
    onSignInAgain?.();
  };
  const signOut = () => {
    if (!signingOut) logout();
  };

  let title: string;
  let body: string;
  let announcement = '';
  let actions: ReactNode;
  let dismiss: () => void;
  if (mode === 'idle') {
    title = unreliable ? t.unreliableTitle : t.idleTitle;
    body = unreliable ? t.unreliableBody : t.idleBody({ time: format(idleLeft ?? 0) });
    if (crossed !== undefined && !unreliable) {
      announcement = t.idleAnnouncement({ time: format(crossed) });
    }
    dismiss = stay;
    actions = (
      <>
        <button
          ref={primaryRef}
          type="button"
          className="vsk-button"
          aria-disabled={extending || undefined}
          onClick={stay}
        >
          {unreliable
            ? extending
              ? t.retryingConnection
              : t.retryConnection
            : extending
              ? t.extending
              : t.staySignedIn}
        </button>
        <button
          type="button"
          className="vsk-button"
          data-variant="secondary"
          aria-disabled={signingOut || undefined}
          onClick={signOut}
        >
          {signingOut ? t.signingOut : t.signOut}
        </button>
      </>
    );
  } else if (mode === 'cap') {
    title = t.capTitle;
    body = t.capBody({ time: format(capLeft ?? 0), limit });
    if (crossed !== undefined) announcement = t.capAnnouncement({ time: format(crossed) });
    dismiss = continueUntilEnd;
    actions = (
      <>
        <button ref={primaryRef} type="button" className="vsk-button" onClick={continueUntilEnd}>
          {t.continueSession}
        </button>
        <button
          type="button"
          className="vsk-button"
          data-variant="secondary"
          aria-disabled={signingOut || undefined}
          onClick={signOut}
        >
          {signingOut ? t.signingOut : t.signOutNow}
        </button>
      </>
    );
  } else {
    title =
      notice === 'idle' ? t.idleEndedTitle : notice === 'expired' ? t.expiredTitle : t.invalidTitle;
    body =
      notice === 'idle'
        ? t.idleEndedBody
        : notice === 'expired'
          ? t.expiredBody({ limit })
          : t.invalidBody;
    dismiss = signInAgain;
    actions = (
      <button ref={primaryRef} type="button" className="vsk-button" onClick={signInAgain}>
        {t.signInAgain}
      </button>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      dismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const current = document.activeElement;
    if (event.shiftKey && (current === first || !items.includes(current as HTMLElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !items.includes(current as HTMLElement))) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={['vsk-root', 'vsk-session-expiry-dialog', className].filter(Boolean).join(' ')}
      data-mode={mode}
    >
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="vsk-session-expiry-dialog__panel"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="vsk-session-expiry-dialog__title">
          {title}
        </h2>
        <p id={bodyId} className="vsk-session-expiry-dialog__body">
          {body}
        </p>
        {extendFailed ? (
          <p className="vsk-session-expiry-dialog__error" role="alert">
            {t.extendFailed}
          </p>
        ) : null}
        <div className="vsk-session-expiry-dialog__actions">{actions}</div>
        <span className="vsk-visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </span>
      </div>
    </div>,
    target,
  );
}

function noticeFor(reason: SessionEndReason | undefined): EndNotice {
  return reason === 'expired' ? 'expired' : 'invalid-session';
}
