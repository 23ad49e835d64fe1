/**
 * The strings of `DelegationPicker` and `ActingAsBanner`. `delegator` is the delegator's
 * name when the app supplied one, else `delegatorFallback` of their user ID.
 *
 * @example
 * ```ts
 * const messages: DelegationMessages = { ...enDelegationMessages, heading: 'Act on behalf of' };
 * ```
 */
export interface DelegationMessages {
  readonly heading: string;
  readonly description: string;
  readonly loading: string;
  readonly loadFailed: string;
  readonly retry: string;
  readonly empty: string;
  readonly emptyHint: string;

  /** Label of the filter field shown for long lists. */
  readonly filterLabel: string;
  /** Under the filter field: what it searches. */
  readonly filterHint: string;
  readonly filterResults: (values: { shown: number; total: number }) => string;
  readonly noMatches: string;
  /** The button beside `noMatches` that empties the filter field. */
  readonly clearFilter: string;

  readonly addressLabel: string;
  readonly delegatorLabel: string;
  /** How a delegator is shown when only their user ID is known. */
  readonly delegatorFallback: (values: { userId: string }) => string;

  /** Visible text of the button on each entry. */
  readonly actAs: string;
  /** Its accessible name; starts with the visible text (WCAG 2.5.3). */
  readonly actAsLabel: (values: { delegator: string; vault: string }) => string;
  /** Shown instead of the button on the delegation in use. */
  readonly current: string;
  readonly starting: (values: { delegator: string; vault: string }) => string;
  readonly started: (values: { delegator: string; vault: string }) => string;
  readonly startFailed: (values: { delegator: string; vault: string }) => string;
  readonly startDenied: string;
  readonly startUnavailable: string;

  /** Accessible name of the banner region. */
  readonly bannerLabel: string;
  readonly actingAs: (values: { delegator: string; vault: string; user: string }) => string;
  readonly stopActing: string;
  readonly stopping: string;
  /** "Stop acting" failed: the vault did not end the delegated session, which stays in use. */
  readonly stopFailed: (values: { delegator: string; vault: string; user: string }) => string;
  readonly stopped: (values: { delegator: string; vault: string; user: string }) => string;
  /**
   * The banner when the app accepts any of the user's vaults (`validateDns: false`) and the
   * service signed the user in to `vault` instead of `asked` (auth defaulting).
   */
  readonly landedVault: (values: { vault: string; asked: string }) => string;
}
