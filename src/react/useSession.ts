'use client';
import { useSyncExternalStore } from 'react';
import type { SessionSnapshot } from '../core/session/types';
import { useVaultSession } from './VaultSessionContext';

// On the server and during hydration nobody knows yet whether another tab holds a session.
const SERVER_SNAPSHOT: SessionSnapshot = Object.freeze({ status: 'signed-out', joining: true });

/**
 * The session as the user sees it: status (`signed-out`, `signing-in`, `active`,
 * `delegated`, `expiring`, `expired`, `ended`), the user and vault, the delegation, the
 * 48-hour deadline, and the last user name. It never contains the session ID.
 *
 * @example
 * ```tsx
 * const { status, user, deadline } = useSession();
 * if (status === 'active') return <p>Signed in as {user?.username}</p>;
 * ```
 */
export function useSession(): SessionSnapshot {
  const { manager } = useVaultSession();
  return useSyncExternalStore(manager.subscribe, manager.getSnapshot, () => SERVER_SNAPSHOT);
}
