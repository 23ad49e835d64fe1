export { arAccountMessages } from './arAccountMessages';
export { arDelegationMessages } from './arDelegationMessages';
export { arLoginMessages } from './arLoginMessages';
export { arMessages } from './arMessages';
export { arSessionMessages } from './arSessionMessages';
