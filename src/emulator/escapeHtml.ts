/**
 * Text made safe for an HTML attribute value or element content of the emulator's pages.
 *
 * @example
 * ```ts
 * escapeHtml('<b>"x"</b>'); // '&#60;b&#62;&#34;x&#34;&#60;/b&#62;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
