export type { AccountMessages } from '../../components/i18n/AccountMessages';
// English is built into each component; this entry hands the same catalogues to an app
// that wants them whole, for example to offer English in a language switch beside the
// other catalogues, or to start a catalogue of its own from them.

export type { DelegationMessages } from '../../components/i18n/DelegationMessages';
export type { LoginMessages } from '../../components/i18n/LoginMessages';
export type { SessionMessages } from '../../components/i18n/SessionMessages';
export type { VaultMessages } from '../../components/i18n/VaultMessages';
export { enAccountMessages } from './enAccountMessages';
export { enDelegationMessages } from './enDelegationMessages';
export { enLoginMessages } from './enLoginMessages';
export { enMessages } from './enMessages';
export { enSessionMessages } from './enSessionMessages';
