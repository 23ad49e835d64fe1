'use client';
import { useEffect, useRef, useState } from 'react';

/**
 * Which announcement threshold a countdown has most recently crossed, for a polite live
 * region that speaks a few times rather than every second. Nothing is reported for the
 * thresholds already behind when the countdown is first seen, and the result clears when
 * time goes back up (the session was extended) or the countdown stops (`undefined`).
 */
export function useThresholdAnnouncement(
  remainingMs: number | undefined,
  thresholdsMs: readonly number[],
): number | undefined {
  const [crossed, setCrossed] = useState<number | undefined>(undefined);
  // The smallest threshold at or above the remaining time when last seen; `null` means the
  // countdown was not running, so the next reading is a first sighting, not a crossing.
  const band = useRef<number | undefined | null>(null);
  const key = thresholdsMs.join(',');

  useEffect(() => {
    const thresholds = key
      .split(',')
      .map(Number)
      .filter((value) => Number.isFinite(value) && value > 0);
    if (remainingMs === undefined) {
      band.current = null;
      setCrossed(undefined);
      return;
    }
    const current = thresholds
      .filter((threshold) => remainingMs <= threshold)
      .reduce<number | undefined>(
        (min, value) => (min === undefined || value < min ? value : min),
        undefined,
      );
    const previous = band.current;
    band.current = current;
    if (previous === null || current === previous) return;
    if (current !== undefined && (previous === undefined || current < previous)) {
      setCrossed(current);
    } else {
      setCrossed(undefined);
    }
  }, [remainingMs, key]);

  return crossed;
}
