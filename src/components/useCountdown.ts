'use client';
import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `until` (epoch ms, `Date.now()` time), re-read every second and
 * never below 0; 0 when `until` is `undefined`. The remaining time is computed from the
 * clock on each tick rather than counted down, so a throttled background tab shows the
 * right value as soon as it ticks again.
 *
 * @example
 * ```tsx
 * const secondsLeft = useCountdown(blockedUntil);
 * <button disabled={secondsLeft > 0}>Sign in</button>
 * ```
 */
export function useCountdown(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= until && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
    timer = setInterval(tick, 1_000);
    tick();
    return () => {
      if (timer !== undefined) clearInterval(timer);
    };
  }, [until]);
  if (until === undefined) return 0;
  return Math.max(0, Math.ceil((until - now) / 1_000));
}
