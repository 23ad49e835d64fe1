import type { VaultMessages } from '../../components/i18n/VaultMessages';
import { deAccountMessages } from './deAccountMessages';
import { deDelegationMessages } from './deDelegationMessages';
import { deLoginMessages } from './deLoginMessages';
import { deSessionMessages } from './deSessionMessages';

/**
 * Every German string of the components, every area. Hand it to a
 * `VaultMessagesProvider`; an application that renders only some components can pass just
 * their areas (such as `{ login: deLoginMessages }`) and ship less.
 *
 * @example
 * ```tsx
 * import { deMessages } from 'vault-session-kit/locales/de';
 *
 * <VaultMessagesProvider messages={deMessages}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const deMessages: VaultMessages = {
  login: deLoginMessages,
  session: deSessionMessages,
  delegation: deDelegationMessages,
  account: deAccountMessages,
};
