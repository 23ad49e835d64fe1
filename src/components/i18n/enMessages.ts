import { enDelegationMessages } from './delegationMessages';
import { enLoginMessages } from './loginMessages';
import { enSessionMessages } from './sessionMessages';
import type { VaultMessages } from './VaultMessages';

/**
 * Every English string of the components, all three areas. The components do not read it:
 * each falls back to its own area's catalogue (`enLoginMessages`, …), so an application
 * pays only for the strings of what it renders. It is the base for building a complete
 * locale, or for reading a string in tests and tools.
 *
 * @example
 * ```ts
 * const fr: VaultMessages = mergeMessages(enMessages, { login: { continue: 'Continuer' } });
 * ```
 */
export const enMessages: VaultMessages = {
  login: enLoginMessages,
  session: enSessionMessages,
  delegation: enDelegationMessages,
};
