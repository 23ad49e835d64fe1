import type { VaultMessages } from '../../src/components/i18n/VaultMessages';
import { arMessages } from '../../src/locales/ar';
import { deMessages } from '../../src/locales/de';
import { enMessages } from '../../src/locales/en/enMessages';
import { esMessages } from '../../src/locales/es';
import { frMessages } from '../../src/locales/fr';
import { jaMessages } from '../../src/locales/ja';

/**
 * Every language of the kit, by the workshop's `locale` global: English and each catalogue
 * of `vault-session-kit/locales/*`.
 *
 * @example
 * ```ts
 * const languages = Object.keys(workshopLocales); // ['en', 'de', 'fr', 'es', 'ja', 'ar']
 * ```
 */
export const workshopLocales = {
  en: enMessages,
  de: deMessages,
  fr: frMessages,
  es: esMessages,
  ja: jaMessages,
  ar: arMessages,
} as const satisfies Record<string, VaultMessages>;

/**
 * The kit's messages for the workshop's `locale` global: what the decorator provides and
 * what `play` functions look for, so one story works in every language. Anything else is
 * English.
 *
 * @example
 * ```ts
 * const t = workshopMessages(context.globals.locale).login;
 * await canvas.findByText(t.incorrectCredentials);
 * ```
 */
export function workshopMessages(locale: unknown): VaultMessages {
  return Object.hasOwn(workshopLocales, String(locale))
    ? workshopLocales[locale as keyof typeof workshopLocales]
    : enMessages;
}
