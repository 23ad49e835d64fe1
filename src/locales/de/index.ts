export { deDelegationMessages } from './deDelegationMessages';
export { deLoginMessages } from './deLoginMessages';
export { deMessages } from './deMessages';
export { deSessionMessages } from './deSessionMessages';
