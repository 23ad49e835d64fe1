export type { DelegationMessages } from '../../components/i18n/DelegationMessages';
export type { LoginMessages } from '../../components/i18n/LoginMessages';
export type { SessionMessages } from '../../components/i18n/SessionMessages';
export type { VaultMessages } from '../../components/i18n/VaultMessages';
export { esDelegationMessages } from './esDelegationMessages';
export { esLoginMessages } from './esLoginMessages';
export { esMessages } from './esMessages';
export { esSessionMessages } from './esSessionMessages';
