/**
 * The value below which `fraction` of the samples fall (nearest rank), e.g. 0.5 for the
 * median and 0.99 for p99. `NaN` for no samples.
 *
 * @example
 * ```ts
 * percentile([120, 150, 180, 900], 0.5); // 150
 * ```
 */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((left, right) => left - right);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/**
 * The arithmetic mean; `NaN` for no samples.
 *
 * @example
 * ```ts
 * mean([1, 2, 6]); // 3
 * ```
 */
export function mean(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  return samples.reduce((total, value) => total + value, 0) / samples.length;
}

/**
 * The largest sample; `NaN` for no samples.
 *
 * @example
 * ```ts
 * largest([3, 9, 4]); // 9
 * ```
 */
export function largest(samples: readonly number[]): number {
  return samples.length === 0 ? Number.NaN : Math.max(...samples);
}

/**
 * The smallest sample; `NaN` for no samples.
 *
 * @example
 * ```ts
 * smallest([3, 9, 4]); // 3
 * ```
 */
export function smallest(samples: readonly number[]): number {
  return samples.length === 0 ? Number.NaN : Math.min(...samples);
}

/**
 * The middle sample, or the mean of the two middle ones for an even count; `NaN` for no
 * samples.
 *
 * @example
 * ```ts
 * median([4, 1, 3, 2]); // 2.5
 * ```
 */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
