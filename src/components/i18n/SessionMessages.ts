/**
 * The strings of `SessionTimer`, `SessionExpiryDialog` and `SignOutButton`. Durations
 * arrive already formatted (see `formatDuration`) in the language named by `locale`.
 *
 * @example
 * ```ts
 * const messages: SessionMessages = { ...enSessionMessages, staySignedIn: 'Keep me signed in' };
 * ```
 */
export interface SessionMessages {
  /** BCP 47 tag used to format durations, e.g. `en` or `de`. */
  readonly locale: string;

  readonly signOut: string;
  /**
   * The label of `SignOutButton` with `endLentSession`: inside a vault's web tab, sign out
   * of the vault around the app as well.
   */
  readonly signOutOfVault: string;
  readonly signingOut: string;

  /** Visible timer text: time left before the idle timeout signs the user out. */
  readonly timerIdle: (values: { time: string }) => string;
  /** Visible timer text: time left before the 48-hour cap. */
  readonly timerCap: (values: { time: string }) => string;
  /** Spoken once when the idle countdown crosses a threshold. */
  readonly timerIdleAnnouncement: (values: { time: string }) => string;
  /** Spoken once when the countdown to the cap crosses a threshold. */
  readonly timerCapAnnouncement: (values: { time: string }) => string;

  readonly idleTitle: string;
  readonly idleBody: (values: { time: string }) => string;
  readonly staySignedIn: string;
  readonly extending: string;
  readonly extendFailed: string;
  readonly idleAnnouncement: (values: { time: string }) => string;

  /**
   * Shown instead of the idle warning while the keep-alive keeps failing for a reason that
   * passes (no network, server errors): the kit never signs the user out then.
   */
  readonly unreliableTitle: string;
  readonly unreliableBody: string;
  /** Sends a keep-alive now from the unreliable-connection dialog. */
  readonly retryConnection: string;
  readonly retryingConnection: string;

  readonly capTitle: string;
  /** `limit` is the session's total lifetime (48 hours), `time` what is left of it. */
  readonly capBody: (values: { time: string; limit: string }) => string;
  readonly continueSession: string;
  readonly signOutNow: string;
  readonly capAnnouncement: (values: { time: string }) => string;
  /**
   * The cap warning of a single sign-on session that can be followed by a new one without a
   * form ("Stay signed in" asks the identity provider).
   */
  readonly capRenewBody: (values: { time: string; limit: string }) => string;
  /** "Stay signed in" while the identity provider is asked for a new session. */
  readonly renewing: string;
  /** The identity provider refused a new session, or could not be asked; the cap stands. */
  readonly capRenewFailedBody: (values: { time: string }) => string;

  readonly expiredTitle: string;
  readonly expiredBody: (values: { limit: string }) => string;
  readonly invalidTitle: string;
  readonly invalidBody: string;
  /** A session lent by a vault's web tab was ended by that vault (its 48 hours, or a sign-out there). */
  readonly vaultEndedTitle: string;
  readonly vaultEndedBody: string;
  readonly idleEndedTitle: string;
  readonly idleEndedBody: string;
  /** The cap was reached after the identity provider refused a new session. */
  readonly renewalRefusedBody: string;
  /** The cap was reached and the identity provider no longer knew the user (`login_required`). */
  readonly renewalSignedOutBody: string;
  /** The cap was reached and the user's consent for the app was withdrawn at the provider. */
  readonly renewalConsentBody: string;
  readonly signInAgain: string;
}
