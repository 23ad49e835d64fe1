export { jaAccountMessages } from './jaAccountMessages';
export { jaDelegationMessages } from './jaDelegationMessages';
export { jaLoginMessages } from './jaLoginMessages';
export { jaMessages } from './jaMessages';
export { jaSessionMessages } from './jaSessionMessages';
