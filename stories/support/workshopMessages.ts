import { deDelegationMessages } from '../../src/components/i18n/delegationMessages';
import { deLoginMessages } from '../../src/components/i18n/loginMessages';
import { deSessionMessages } from '../../src/components/i18n/sessionMessages';
import { enMessages, type VaultMessages } from '../../src/components/i18n/VaultMessagesContext';

const deMessages: VaultMessages = {
  login: deLoginMessages,
  session: deSessionMessages,
  delegation: deDelegationMessages,
};

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
