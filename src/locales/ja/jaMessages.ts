import type { VaultMessages } from '../../components/i18n/VaultMessages';
import { jaAccountMessages } from './jaAccountMessages';
import { jaDelegationMessages } from './jaDelegationMessages';
import { jaLoginMessages } from './jaLoginMessages';
import { jaSessionMessages } from './jaSessionMessages';

/**
 * Every Japanese string of the components, every area. Hand it to a
 * `VaultMessagesProvider`; an application that renders only some components can pass just
 * their areas (such as `{ login: jaLoginMessages }`) and ship less.
 *
 * @example
 * ```tsx
 * import { jaMessages } from 'vault-session-kit/locales/ja';
 *
 * <VaultMessagesProvider messages={jaMessages}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const jaMessages: VaultMessages = {
  login: jaLoginMessages,
  session: jaSessionMessages,
  delegation: jaDelegationMessages,
  account: jaAccountMessages,
};
