'use client';
import type { VaultSession } from '../core/session/VaultSession';
import { useVaultSession } from '../react/VaultSessionContext';

/**
 * Where focus goes between a `DelegationPicker` and an `ActingAsBanner` of the same
 * session: each puts its element here while it is mounted.
 */
export interface DelegationFocusTargets {
  /** The acting-as banner, which takes focus once "Act as" has started a delegation. */
  banner?: HTMLElement | null;
  /** The picker's heading, which takes focus after "Stop acting" when focus was lost. */
  heading?: HTMLElement | null;
}

// Keyed by the session, not held by SessionProvider: the two components find each other
// wherever the app renders them under one provider, the provider pays nothing for it, and
// two providers on one page never reach into each other's components.
const registry = new WeakMap<VaultSession, DelegationFocusTargets>();

/**
 * The {@link DelegationFocusTargets} of the nearest `SessionProvider`'s session.
 */
export function useDelegationFocus(): DelegationFocusTargets {
  const session = useVaultSession();
  let targets = registry.get(session);
  if (!targets) {
    targets = {};
    registry.set(session, targets);
  }
  return targets;
}
