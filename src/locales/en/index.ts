// English is built into each component; this entry hands the same catalogues to an app
// that wants them whole, for example to offer English in a language switch beside the
// other catalogues, or to start a catalogue of its own from them.
export { enAccountMessages } from './enAccountMessages';
export { enDelegationMessages } from './enDelegationMessages';
export { enLoginMessages } from './enLoginMessages';
export { enMessages } from './enMessages';
export { enSessionMessages } from './enSessionMessages';
