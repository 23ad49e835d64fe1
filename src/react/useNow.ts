'use client';
import { useEffect, useState } from 'react';

/**
 * The current time on `clock` (default `Date.now`), refreshed every `intervalMs` (and never
 * when `intervalMs` is 0). Pass the session's clock when comparing with its deadline.
 *
 * @example
 * ```tsx
 * const { now: clock } = useVaultSession();
 * const now = useNow(1_000, clock);
 * const secondsLeft = Math.ceil((deadline - now) / 1_000);
 * ```
 */
export function useNow(intervalMs: number, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (!(intervalMs > 0)) return;
    setNow(clock());
    const timer = setInterval(() => setNow(clock()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, clock]);
  return now;
}
