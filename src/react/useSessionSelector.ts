'use client';
import { useSyncExternalStore } from 'react';
import type { SessionSnapshot } from '../core/session/types';
import { useVaultSession } from './VaultSessionContext';

// On the server and during hydration nobody knows yet whether another tab holds a session.
const SERVER_SNAPSHOT: SessionSnapshot = Object.freeze({ status: 'signed-out', joining: true });

/**
 * One value picked from the session: the component is drawn again only when that value
 * changes (compared with `Object.is`), not on every change of the session. `select` must
 * return a value that stays the same while its inputs do (a string, a number, a part of
 * the snapshot), never a new object per call.
 */
export function useSessionSelector<T>(select: (session: SessionSnapshot) => T): T {
  const { manager } = useVaultSession();
  return useSyncExternalStore(
    manager.subscribe,
    () => select(manager.getSnapshot()),
    () => select(SERVER_SNAPSHOT),
  );
}
