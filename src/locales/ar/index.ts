export type { DelegationMessages } from '../../components/i18n/DelegationMessages';
export type { LoginMessages } from '../../components/i18n/LoginMessages';
export type { SessionMessages } from '../../components/i18n/SessionMessages';
export type { VaultMessages } from '../../components/i18n/VaultMessages';
export { arDelegationMessages } from './arDelegationMessages';
export { arLoginMessages } from './arLoginMessages';
export { arMessages } from './arMessages';
export { arSessionMessages } from './arSessionMessages';
