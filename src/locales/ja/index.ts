export type { DelegationMessages } from '../../components/i18n/DelegationMessages';
export type { LoginMessages } from '../../components/i18n/LoginMessages';
export type { SessionMessages } from '../../components/i18n/SessionMessages';
export type { VaultMessages } from '../../components/i18n/VaultMessages';
export { jaDelegationMessages } from './jaDelegationMessages';
export { jaLoginMessages } from './jaLoginMessages';
export { jaMessages } from './jaMessages';
export { jaSessionMessages } from './jaSessionMessages';
