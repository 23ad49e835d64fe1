// What `SessionProvider`'s `sso.load` imports, and `getSsoAttempt` for an app's error
// screens. The types the functions take (the session's client, manager and settings) are
// repeated here so that an app can name them from this entry.

export type { VaultError, VaultOAuthError } from '../core/errors';
export type {
  AcquireAccessToken,
  AcquireAccessTokenContext,
} from '../core/flows/loginWithDiscovery';
export type * from '../core/sessionTypes';
export type { SsoSettingsOverrides } from './buildSsoSettings';
export { completeSilentSso } from './completeSilentSso';
export { isSsoError, type SsoErrorCode } from './createSsoError';
export {
  createSsoRedirectAcquirer,
  type SsoRedirectAcquirerOptions,
} from './createSsoRedirectAcquirer';
export { getSsoAttempt, type SsoAttempt } from './getSsoAttempt';
export {
  type HandleSsoCallbackOptions,
  handleSsoCallback,
  type SsoCallbackResult,
  type SsoCallbackTarget,
} from './handleSsoCallback';
export {
  type RenewSsoSilentlyOptions,
  renewSsoSilently,
  type SsoRenewalTarget,
} from './renewSsoSilently';
export type { SsoRuntimeOptions, SsoSessionTarget } from './resolveSsoSettingsInput';
export {
  type SsoRedirectInput,
  type StartSsoRedirectOptions,
  startSsoRedirect,
} from './startSsoRedirect';
export { waitForPageRestore } from './waitForPageRestore';
