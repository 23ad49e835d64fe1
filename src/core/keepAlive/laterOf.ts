/**
 * The later of two times, either of which may be unknown: times from other tabs only ever
 * move the scheduler's own forward.
 *
 * @example
 * ```ts
 * laterOf(undefined, 5); // 5
 * laterOf(7, 5); // 7
 * laterOf(7, undefined); // 7
 * ```
 */
export function laterOf<T extends number | undefined>(a: number | undefined, b: T): number | T {
  return b === undefined ? (a ?? b) : Math.max(a ?? b, b);
}
