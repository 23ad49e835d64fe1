/**
 * Options of {@link formatDuration}.
 */
export interface FormatDurationOptions {
  /** BCP 47 language tag(s) for `Intl`. Default: the runtime's locale. */
  readonly locale?: string | readonly string[] | undefined;
  /** `long` ("4 minutes, 5 seconds"), `short` ("4 min, 5 sec") or `narrow` ("4m 5s"). Default `long`. */
  readonly style?: 'long' | 'short' | 'narrow' | undefined;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/**
 * A time span as people say it, in the given locale: hours and minutes from one hour up,
 * whole minutes from ten minutes up, minutes and seconds below. The last unit is rounded
 * up, so a countdown never shows less time than is left and reads "0 seconds" only at the
 * end.
 */
export function formatDuration(ms: number, options: FormatDurationOptions = {}): string {
  const style = options.style ?? 'long';
  const locales = typeof options.locale === 'string' ? options.locale : options.locale?.slice();
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locales, { style: 'unit', unit: name, unitDisplay: style }).format(value);
  const parts: string[] = [];
  const safe = Number.isFinite(ms) ? Math.max(0, ms) : 0;
  if (safe >= 10 * MINUTE) {
    const minutes = Math.ceil(safe / MINUTE);
    if (minutes >= 60) parts.push(unit(Math.floor(minutes / 60), 'hour'));
    if (minutes % 60 > 0) parts.push(unit(minutes % 60, 'minute'));
  } else {
    const seconds = Math.ceil(safe / SECOND);
    const minutes = Math.floor(seconds / 60);
    if (minutes > 0) parts.push(unit(minutes, 'minute'));
    if (seconds % 60 > 0 || minutes === 0) parts.push(unit(seconds % 60, 'second'));
  }
  if (parts.length < 2) return parts.join('');
  return new Intl.ListFormat(locales, { type: 'unit', style }).format(parts);
}
