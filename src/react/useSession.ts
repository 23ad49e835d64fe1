'use client';
import type { SessionSnapshot } from '../core/session/types';
import { useSessionSelector } from './useSessionSelector';

const whole = (session: SessionSnapshot): SessionSnapshot => session;

/**
 * The session as the user sees it: status (`signed-out`, `signing-in`, `active`,
 * `delegated`, `expiring`, `expired`, `ended`), the user and vault, the delegation, the
 * 48-hour deadline, and the last user name. It never contains the session ID.
 *
 * @example
 * ```tsx
 * function Account() {
 *   const { status, user, deadline } = useSession();
 *   if (status !== 'active' || !user) return null;
 *   const until = new Date(deadline ?? Date.now()).toLocaleTimeString();
 *   return <p>Signed in as {user.username} until {until}</p>;
 * }
 * ```
 */
export function useSession(): SessionSnapshot {
  return useSessionSelector(whole);
}
