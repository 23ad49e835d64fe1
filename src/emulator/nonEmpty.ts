/**
 * A form field or header value, with an absent or empty one as `undefined`.
 *
 * @example
 * ```ts
 * const explicitDns = nonEmpty(call.form.get('vaultDNS'));
 * ```
 */
export function nonEmpty(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}
