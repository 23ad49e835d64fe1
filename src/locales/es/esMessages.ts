import type { VaultMessages } from '../../components/i18n/VaultMessages';
import { esAccountMessages } from './esAccountMessages';
import { esDelegationMessages } from './esDelegationMessages';
import { esLoginMessages } from './esLoginMessages';
import { esSessionMessages } from './esSessionMessages';

/**
 * Every Spanish string of the components, every area. Hand it to a
 * `VaultMessagesProvider`; an application that renders only some components can pass just
 * their areas (such as `{ login: esLoginMessages }`) and ship less.
 *
 * @example
 * ```tsx
 * import { esMessages } from 'vault-session-kit/locales/es';
 *
 * <VaultMessagesProvider messages={esMessages}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const esMessages: VaultMessages = {
  login: esLoginMessages,
  session: esSessionMessages,
  delegation: esDelegationMessages,
  account: esAccountMessages,
};
