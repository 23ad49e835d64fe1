import { enMessages } from '../../src/components/i18n/enMessages';
import type { VaultMessages } from '../../src/components/i18n/VaultMessages';
import { deMessages } from '../../src/locales/de';

/**
 * The kit's messages for the workshop's `locale` global: what the decorator provides and
 * what `play` functions look for, so one story works in every language.
 *
 * @example
 * ```ts
 * const t = workshopMessages(context.globals.locale).login;
 * await canvas.findByText(t.incorrectCredentials);
 * ```
 */
export function workshopMessages(locale: unknown): VaultMessages {
  return locale === 'de' ? deMessages : enMessages;
}
