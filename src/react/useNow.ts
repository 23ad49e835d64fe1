'use client';
import { useEffect, useState } from 'react';
import { useVaultSession } from './VaultSessionContext';

/**
 * The current time on the clock of the session above (the `SessionProvider`'s), re-read
 * every `intervalMs` (never when it is 0) until it reaches `until`, when given, on whole
 * intervals before `until`. The session's timers schedule the reads, so an injected clock
 * moves it as it moves the session's deadline.
 */
export function useNow(intervalMs: number, until?: number): number {
  const { now: clock, timers } = useVaultSession();
  // No clock read while a server renders (Next.js refuses a prerender that reads the time):
  // there the first value is 0, and no session exists to measure against it. In the browser
  // the first render reads the clock, and the effect below keeps it current.
  const [now, setNow] = useState(() => (typeof window === 'undefined' ? 0 : clock()));
  useEffect(() => {
    if (!(intervalMs > 0)) return;
    let handle: unknown;
    // Each read schedules the next, as the session's timers have no interval; a tab the
    // browser throttled catches up on its next read, since nothing is counted.
    const tick = () => {
      const current = clock();
      setNow(current);
      if (until === undefined) handle = timers.setTimeout(tick, intervalMs);
      // Toward `until`, reads land on whole intervals before it and the last one on it, so
      // a countdown steps on the second and reaches 0 when the wait is over, not up to a
      // second later.
      else if (current < until) {
        handle = timers.setTimeout(tick, (until - current) % intervalMs || intervalMs);
      }
    };
    tick();
    return () => timers.clearTimeout(handle);
  }, [intervalMs, until, clock, timers]);
  return now;
}
