import type { VaultMessages } from '../../components/i18n/VaultMessages';
import { arAccountMessages } from './arAccountMessages';
import { arDelegationMessages } from './arDelegationMessages';
import { arLoginMessages } from './arLoginMessages';
import { arSessionMessages } from './arSessionMessages';

/**
 * Every Arabic string of the components, every area. Hand it to a
 * `VaultMessagesProvider`; an application that renders only some components can pass just
 * their areas (such as `{ login: arLoginMessages }`) and ship less. Arabic is written right
 * to left: give the page (or the element around the components) `dir="rtl"` and `lang="ar"`.
 *
 * @example
 * ```tsx
 * import { arMessages } from 'vault-session-kit/locales/ar';
 *
 * <VaultMessagesProvider messages={arMessages}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const arMessages: VaultMessages = {
  login: arLoginMessages,
  session: arSessionMessages,
  delegation: arDelegationMessages,
  account: arAccountMessages,
};
