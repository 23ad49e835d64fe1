export { frAccountMessages } from './frAccountMessages';
export { frDelegationMessages } from './frDelegationMessages';
export { frLoginMessages } from './frLoginMessages';
export { frMessages } from './frMessages';
export { frSessionMessages } from './frSessionMessages';
