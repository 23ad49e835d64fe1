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
  readonly stopped: (values: { delegator: string; vault: string; user: string }) => string;
}

/**
 * English delegation strings (the default).
 *
 * @example
 * ```tsx
 * <DelegationPicker messages={{ ...enDelegationMessages, actAs: 'Switch' }} />
 * ```
 */
export const enDelegationMessages: DelegationMessages = {
  heading: 'Delegate access',
  description:
    'Work on behalf of a colleague who gave you delegate access. What you do is recorded under both names.',
  loading: 'Loading your delegate access…',
  loadFailed: 'Your delegate access could not be loaded.',
  retry: 'Try again',
  empty: 'You have no delegate access.',
  emptyHint: 'When a colleague grants you delegate access to a vault, it appears here.',

  filterLabel: 'Filter by vault or person',
  filterHint: "Type part of a person's name, a vault's name or its address.",
  filterResults: ({ shown, total }) => `${shown} of ${total} shown`,
  noMatches: 'No delegate access matches this filter.',
  clearFilter: 'Clear filter',

  addressLabel: 'Address',
  delegatorLabel: 'On behalf of',
  delegatorFallback: ({ userId }) => `User ID ${userId}`,

  actAs: 'Act as',
  actAsLabel: ({ delegator, vault }) => `Act as ${delegator} in ${vault}`,
  current: 'Acting now',
  starting: ({ delegator, vault }) => `Starting to act as ${delegator} in ${vault}…`,
  started: ({ delegator, vault }) => `You are now acting as ${delegator} in ${vault}.`,
  startFailed: ({ delegator, vault }) => `Could not act as ${delegator} in ${vault}.`,
  startDenied: 'You no longer have delegate access for this person in this vault.',
  startUnavailable: 'The server could not be reached. Check your connection and try again.',

  bannerLabel: 'Delegated session',
  actingAs: ({ delegator, vault, user }) => `Acting as ${delegator} in ${vault} — you are ${user}`,
  stopActing: 'Stop acting',
  stopping: 'Stopping…',
  stopped: ({ delegator, user }) =>
    `You stopped acting as ${delegator}. You are back in your own session as ${user}.`,
};
