/**
 * API versions the emulator lists and serves, oldest first; the last one is the beta. The
 * service keeps every published release available (three a year since v18.3), so clients
 * built against an old release can still sign in.
 *
 * @example
 * ```ts
 * API_VERSIONS.includes('v26.1'); // true
 * API_VERSIONS[0]; // 'v18.3'
 * ```
 */
export const API_VERSIONS: readonly string[] = Object.freeze(publishedVersions(18.3, 26.2));

/** `vYY.R` for every release from `first` to `last` inclusive, three releases a year. */
function publishedVersions(first: number, last: number): string[] {
  const out: string[] = [];
  for (let year = Math.floor(first); year <= Math.floor(last); year++) {
    for (let release = 1; release <= 3; release++) {
      const version = year + release / 10;
      if (version >= first - 1e-9 && version <= last + 1e-9) out.push(`v${year}.${release}`);
    }
  }
  return out;
}
