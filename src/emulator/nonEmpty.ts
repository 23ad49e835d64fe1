/**
 * A form field or header value, with an absent or empty one as `undefined`.
 */
export function nonEmpty(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}
