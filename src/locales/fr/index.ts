export type { DelegationMessages } from '../../components/i18n/DelegationMessages';
export type { LoginMessages } from '../../components/i18n/LoginMessages';
export type { SessionMessages } from '../../components/i18n/SessionMessages';
export type { VaultMessages } from '../../components/i18n/VaultMessages';
export { frDelegationMessages } from './frDelegationMessages';
export { frLoginMessages } from './frLoginMessages';
export { frMessages } from './frMessages';
export { frSessionMessages } from './frSessionMessages';
