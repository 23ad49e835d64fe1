import type { VaultMessages } from '../../components/i18n/VaultMessages';
import { frAccountMessages } from './frAccountMessages';
import { frDelegationMessages } from './frDelegationMessages';
import { frLoginMessages } from './frLoginMessages';
import { frSessionMessages } from './frSessionMessages';

/**
 * Every French string of the components, every area. Hand it to a
 * `VaultMessagesProvider`; an application that renders only some components can pass just
 * their areas (such as `{ login: frLoginMessages }`) and ship less.
 *
 * @example
 * ```tsx
 * import { frMessages } from 'vault-session-kit/locales/fr';
 *
 * <VaultMessagesProvider messages={frMessages}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const frMessages: VaultMessages = {
  login: frLoginMessages,
  session: frSessionMessages,
  delegation: frDelegationMessages,
  account: frAccountMessages,
};
