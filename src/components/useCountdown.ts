'use client';
import { useNow } from '../react/useNow';

/**
 * Whole seconds left until `until` (epoch ms on the session's clock), re-read every second
 * and never below 0; 0 when `until` is `undefined`. The remaining time is computed from the
 * clock on each read rather than counted down, so a throttled background tab shows the
 * right value as soon as it reads again.
 */
export function useCountdown(until: number | undefined): number {
  const now = useNow(until === undefined ? 0 : 1_000, until);
  if (until === undefined) return 0;
  return Math.max(0, Math.ceil((until - now) / 1_000));
}
