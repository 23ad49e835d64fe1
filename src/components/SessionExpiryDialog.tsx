'use client';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { enSessionMessages } from '../locales/en/enSessionMessages';
import { formatDuration } from './formatDuration';
import type { SessionMessages } from './i18n/SessionMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import { useControllableState } from './useControllableState';
import { useSessionExpiryWarning } from './useSessionExpiryWarning';
import { useThresholdAnnouncement } from './useThresholdAnnouncement';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DEFAULT_ANNOUNCE_AT: readonly number[] = [MINUTE, 30 * SECOND];

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
  /** Added to the `<dialog>`, which spreads over the viewport as the veil (`--vsk-scrim`). */
  className?: string | undefined;
  /** Strings to replace; the rest come from `VaultMessagesProvider` or English. */
  messages?: Partial<SessionMessages> | undefined;
  /** Locale for durations. Default: `messages.locale`. */
  locale?: string | undefined;
  /**
   * Whether the dialog may show, for an app that decides (controlled, with
   * `onOpenChange`). It shows only while it has something to say: `true` with no warning
   * and no ended session shows nothing. Leave it out and the dialog opens by itself.
   */
  open?: boolean | undefined;
  /**
   * The first `open` when the dialog decides itself (uncontrolled). Default: open when a
   * warning or an ended session is already there at the first render.
   */
  defaultOpen?: boolean | undefined;
  /**
   * Told every change, in both modes: `true` when a warning or an end notice arrives,
   * `false` once it is answered (the user stayed, continued, signed out or signed in again,
   * with a button or Escape) or no longer applies (another tab kept the session alive).
   * When controlled, a warning already there at mount is reported too.
   */
  onOpenChange?: ((open: boolean) => void) | undefined;
  /**
   * How long before the idle timeout (`keepAlive.idleTimeoutMs` of the session) the warning
   * opens. Default 2 minutes, but at most half the idle timeout (1 minute of a 2-minute
   * one); never less than 20 seconds (WCAG 2.2.1). It must be shorter than the idle
   * timeout, or the warning would open at sign-in and come back after every "Stay signed
   * in": development builds throw a `VaultConfigError` naming both numbers, production
   * builds use the default instead.
   */
  idleWarningMs?: number | undefined;
  /**
   * Sign out when the idle countdown runs out unanswered, and say so. Default `true`: the
   * service's idle timeout has ended the session by then anyway. It applies whether the
   * dialog is open or not.
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
}

/**
 * The session's timeout warnings, as a modal alert dialog: a native `<dialog>` opened with
 * `showModal()`, so the browser keeps focus inside and makes the page behind inert. It has
 * `role="alertdialog"`, is labelled and described, moves focus to its least drastic action,
 * and gives focus back where it was when it closes. It renders where it is placed (the top
 * layer needs no portal), so it inherits the theme, `dir` and `lang` of its surroundings.
 *
 * - Before the idle timeout (A11Y-04, WCAG 2.2.1): "Stay signed in" sends a keep-alive and
 *   counts as activity (SES-05); Escape does the same; "Sign out" signs out. A failed
 *   attempt is shown and the dialog stays. Unanswered, the user is signed out at the
 *   timeout and told why.
 * - Before the 48-hour cap (status `expiring`): the session cannot be extended; sign out
 *   now or continue until the end (Escape). A single sign-on session whose identity
 *   provider allows it (`snapshot.renewal === 'sso'`: BFF mode, or token mode with
 *   `sso.silentRedirectUri`) is followed by a new one
 *   without a form: while the user is active, silently, with no dialog; otherwise the dialog
 *   says so and "Stay signed in" (Escape too) asks for it. The page stays as it is, unsaved
 *   input included. A refusal is shown, and the cap then leads to the form with the reason
 *   (no longer signed in at the provider, consent withdrawn, or another refusal).
 * - At the cap or when the service dropped the session (status `expired`): why it ended,
 *   and "Sign in again" (Escape too).
 *
 * It opens by itself; pass `open` and `onOpenChange` to decide when (as with a Radix
 * `Dialog`). `data-state` is `open` or `closed`, and `data-mode` names the warning. The
 * countdown text follows the clock; screen readers hear it only at `announceAtMs`. Render
 * it once, inside `SessionProvider` and outside `RequireSession`, so the notice survives
 * the session.
 *
 * @example
 * Once, beside the routes rather than inside them, so its notice outlives the session:
 * ```tsx
 * <SessionProvider config={{ authUrl: '', vaultUrl: '/vault/{dns}' }}>
 *   <SessionExpiryDialog onSignInAgain={() => navigate('/login')} />
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
  open: openProp,
  defaultOpen,
  onOpenChange,
  idleWarningMs,
  signOutOnIdleTimeout = true,
  onSignInAgain,
  announceAtMs = DEFAULT_ANNOUNCE_AT,
  tickMs = SECOND,
}: SessionExpiryDialogProps): ReactNode {
  const t = useVaultMessages('session', enSessionMessages, messages);
  const warning = useSessionExpiryWarning({ idleWarningMs, signOutOnIdleTimeout, tickMs });
  const { mode, notice, unreliable, extending, signingOut } = warning;
  const ids = useId();
  const titleId = `${ids}-title`;
  const bodyId = `${ids}-body`;
  const crossed = useThresholdAnnouncement(warning.leftMs, announceAtMs);

  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: () => defaultOpen ?? mode !== undefined,
    onChange: onOpenChange,
  });
  // Each new warning asks to open and each answered one to close; an effect, because the
  // change is reported to the app's onOpenChange. The ref keeps StrictMode's second run
  // from reporting it twice. An app in control also hears of a warning already due at
  // mount, which it could not know of otherwise.
  const reportedMode = useRef(openProp === undefined ? mode : undefined);
  useEffect(() => {
    if (reportedMode.current === mode) return;
    reportedMode.current = mode;
    setOpen(mode !== undefined);
  }, [mode, setOpen]);

  const shown = open && mode !== undefined;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!shown || !dialog) return;
    const active = document.activeElement;
    const previous = active instanceof HTMLElement ? active : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // Back where it was, unless the app moved focus meanwhile.
      const now = document.activeElement;
      const lost = !now || now === document.body || dialog.contains(now) || !now.isConnected;
      if (lost && previous?.isConnected) previous.focus();
    };
  }, [shown]);

  // Each kind of warning starts on its least drastic action.
  useEffect(() => {
    if (shown && mode) primaryRef.current?.focus();
  }, [shown, mode]);

  if (mode === undefined) return null;

  const format = (ms: number) => formatDuration(ms, { locale: locale ?? t.locale });
  const limit = format(warning.limitMs);
  const time = format(warning.leftMs ?? 0);
  const signInAgain = () => {
    warning.acknowledgeEnd();
    onSignInAgain?.();
  };
  const secondary = (label: string) => (
    <button
      type="button"
      className="vsk-button"
      data-variant="secondary"
      aria-disabled={signingOut || undefined}
      onClick={warning.signOut}
    >
      {signingOut ? t.signingOut : label}
    </button>
  );

  let title: string;
  let body: string;
  let announcement = '';
  let primary: string;
  let dismiss: () => void;
  let actions: ReactNode = null;
  if (mode === 'idle') {
    title = unreliable ? t.unreliableTitle : t.idleTitle;
    body = unreliable ? t.unreliableBody : t.idleBody({ time });
    if (crossed !== undefined && !unreliable) {
      announcement = t.idleAnnouncement({ time: format(crossed) });
    }
    dismiss = warning.stay;
    primary = unreliable
      ? extending
        ? t.retryingConnection
        : t.retryConnection
      : extending
        ? t.extending
        : t.staySignedIn;
    actions = secondary(t.signOut);
  } else if (mode === 'cap') {
    // A single sign-on session can be followed by a new one without a form; a failed
    // attempt leaves the cap as it is for every other session.
    const renews = warning.capOutcome === 'renew' && !warning.renewFailed;
    title = t.capTitle;
    body = renews ? t.capRenewBody({ time, limit }) : t.capBody({ time, limit });
    if (crossed !== undefined) announcement = t.capAnnouncement({ time: format(crossed) });
    dismiss = renews ? warning.renew : warning.continueUntilEnd;
    primary = renews ? (warning.renewing ? t.renewing : t.staySignedIn) : t.continueSession;
    actions = secondary(t.signOutNow);
  } else {
    title =
      notice === 'idle'
        ? t.idleEndedTitle
        : notice === 'expired' || notice === 'renewal-refused'
          ? t.expiredTitle
          : notice === 'vault-ended'
            ? t.vaultEndedTitle
            : t.invalidTitle;
    body =
      notice === 'idle'
        ? t.idleEndedBody
        : notice === 'expired'
          ? t.expiredBody({ limit })
          : notice === 'renewal-refused'
            ? warning.refusal === 'signed-out'
              ? t.renewalSignedOutBody
              : warning.refusal === 'consent'
                ? t.renewalConsentBody
                : t.renewalRefusedBody
            : notice === 'vault-ended'
              ? t.vaultEndedBody
              : t.invalidBody;
    dismiss = signInAgain;
    primary = t.signInAgain;
  }

  // Escape answers the warning the least drastic way. Cancelling the key press keeps the
  // browser from closing the <dialog> itself: React decides when it goes.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    dismiss();
  };

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className={['vsk-root', 'vsk-session-expiry-dialog', className].filter(Boolean).join(' ')}
      data-state={shown ? 'open' : 'closed'}
      data-mode={mode}
      // Moving through the warning is not the activity it asks about: its buttons say what
      // the user wants, and a Tab must not end it before "Sign out" is reached.
      data-vsk-not-activity=""
      onKeyDown={onKeyDown}
      onCancel={(event) => event.preventDefault()}
    >
      <div className="vsk-session-expiry-dialog__panel">
        <h2 id={titleId} className="vsk-session-expiry-dialog__title">
          {title}
        </h2>
        <p id={bodyId} className="vsk-session-expiry-dialog__body">
          {body}
        </p>
        {mode === 'cap' && warning.renewFailed ? (
          <p className="vsk-session-expiry-dialog__error" role="alert">
            {t.capRenewFailedBody({ time })}
          </p>
        ) : null}
        {warning.extendFailed ? (
          <p className="vsk-session-expiry-dialog__error" role="alert">
            {t.extendFailed}
          </p>
        ) : null}
        <div className="vsk-session-expiry-dialog__actions">
          <button
            ref={primaryRef}
            type="button"
            className="vsk-button"
            aria-disabled={(mode === 'idle' && extending) || warning.renewing || undefined}
            onClick={dismiss}
          >
            {primary}
          </button>
          {actions}
        </div>
        <span className="vsk-visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </span>
      </div>
    </dialog>
  );
}
