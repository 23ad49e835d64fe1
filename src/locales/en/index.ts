// English is built into each component; this entry hands the same catalogues to an app
// that wants them whole, for example to offer English in a language switch beside the
// other catalogues, or to start a catalogue of its own from them.
export { enDelegationMessages } from '../../components/i18n/delegationMessages';
export { enMessages } from '../../components/i18n/enMessages';
export { enLoginMessages } from '../../components/i18n/loginMessages';
export { enSessionMessages } from '../../components/i18n/sessionMessages';
