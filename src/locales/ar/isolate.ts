/**
 * Wraps a value filled into Arabic text (a person's name, a vault, an e-mail address) in
 * Unicode directional isolates (FSI … PDI), so that a left-to-right value does not pull the
 * surrounding right-to-left words or punctuation out of order. Invisible when shown.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
