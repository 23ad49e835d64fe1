export type { DelegationMessages } from '../../components/i18n/DelegationMessages';
export type { LoginMessages } from '../../components/i18n/LoginMessages';
export type { SessionMessages } from '../../components/i18n/SessionMessages';
export type { VaultMessages } from '../../components/i18n/VaultMessages';
export { deDelegationMessages } from './deDelegationMessages';
export { deLoginMessages } from './deLoginMessages';
export { deMessages } from './deMessages';
export { deSessionMessages } from './deSessionMessages';
