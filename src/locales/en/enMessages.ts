import type { VaultMessages } from '../../components/i18n/VaultMessages';
import { enAccountMessages } from './enAccountMessages';
import { enDelegationMessages } from './enDelegationMessages';
import { enLoginMessages } from './enLoginMessages';
import { enSessionMessages } from './enSessionMessages';

/**
 * Every English string of the components, every area. The components do not read it:
 * each falls back to its own area's catalogue (`enLoginMessages`, …), so an application
 * pays only for the strings of what it renders. It is the base for building a complete
 * locale, or for reading a string in tests and tools.
 *
 * @example
 * ```ts
 * // The English strings with the app's own word for signing in, in every area at once.
 * const messages: VaultMessages = {
 *   ...enMessages,
 *   login: { ...enMessages.login, signIn: 'Log in' },
 *   session: { ...enMessages.session, signOut: 'Log out' },
 * };
 * ```
 */
export const enMessages: VaultMessages = {
  login: enLoginMessages,
  session: enSessionMessages,
  delegation: enDelegationMessages,
  account: enAccountMessages,
};
