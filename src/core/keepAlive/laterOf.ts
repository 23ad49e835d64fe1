/**
 * The later of two times, either of which may be unknown: times from other tabs only ever
 * move the scheduler's own forward.
 */
export function laterOf<T extends number | undefined>(a: number | undefined, b: T): number | T {
  return b === undefined ? (a ?? b) : Math.max(a ?? b, b);
}
