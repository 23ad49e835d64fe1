import { toStoredSessionReference } from './readStoredSessionReference';
import type { SessionState } from './sessionReducer';
import type { SessionRecord } from './types';

/**
 * The tab a hand-off reaches, as {@link acceptsHandOff} weighs it.
 */
export interface HandOffReceiver {
  readonly tabId: string;
  readonly state: SessionState;
  /** When this tab's own sign-in under way began, if one is. */
  readonly signInStartedAt: number | undefined;
  readonly now: () => number;
}

/**
 * Whether a session handed over by another tab replaces what this tab holds. A hand-off
 * addressed to another tab, or for a session past its cap, is ignored; an answer to this
 * tab's hello only fills an empty tab; a broadcast wins over an older session, over an
 * earlier revision of the same one, and over a sign-in this tab began later.
 */
export function acceptsHandOff(
  { record, to }: { readonly record: SessionRecord; readonly to?: string | undefined },
  { tabId, state, signInStartedAt, now }: HandOffReceiver,
): boolean {
  if (to !== undefined && to !== tabId) return false;
  // A hand-off for a session past its cap is stale, whoever sent it.
  if (record.deadline <= now()) return false;
  const current = state.record;
  if (to !== undefined) {
    // An answer to this tab's hello only fills an empty tab.
    return !current && state.status !== 'signing-in';
  }
  if (current) {
    return (
      !(record.startedAt < current.startedAt) &&
      (record.key !== current.key || supersedes(record, current))
    );
  }
  // This tab's own sign-in, if it began later, wins and will be handed to the others.
  return !(
    state.status === 'signing-in' &&
    signInStartedAt !== undefined &&
    record.startedAt < signInStartedAt
  );
}

/**
 * Whether a hand-off of the same session replaces the record a tab holds. The higher
 * delegation revision wins; two changes made at the same moment carry the same revision,
 * and every tab then keeps the one with the greater delegated session (no delegation
 * counting as the least), so all tabs settle on one outcome.
 */
function supersedes(incoming: SessionRecord, held: SessionRecord): boolean {
  const incomingRevision = incoming.revision ?? 0;
  const heldRevision = held.revision ?? 0;
  if (incomingRevision !== heldRevision) return incomingRevision > heldRevision;
  // Compared as stored, so that tabs of every release agree.
  const order = (record: SessionRecord): string =>
    record.delegation ? toStoredSessionReference(record.delegation.session) : '';
  return order(incoming) > order(held);
}
