export { deAccountMessages } from './deAccountMessages';
export { deDelegationMessages } from './deDelegationMessages';
export { deLoginMessages } from './deLoginMessages';
export { deMessages } from './deMessages';
export { deSessionMessages } from './deSessionMessages';
