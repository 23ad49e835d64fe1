export { esAccountMessages } from './esAccountMessages';
export { esDelegationMessages } from './esDelegationMessages';
export { esLoginMessages } from './esLoginMessages';
export { esMessages } from './esMessages';
export { esSessionMessages } from './esSessionMessages';
