/**
 * Text made safe for an HTML attribute value or element content of the emulator's pages.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
