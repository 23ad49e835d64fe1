import type { DelegationMessages } from '../../components/i18n/DelegationMessages';

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
  stopFailed: ({ delegator }) =>
    `The vault could not be reached: you are still acting as ${delegator}. Try again.`,
  stopped: ({ delegator, user }) =>
    `You stopped acting as ${delegator}. You are back in your own session as ${user}.`,
  landedVault: ({ vault, asked }) => `You are in ${vault}: your account has no access to ${asked}.`,
};
