// What `SessionProvider`'s `sso.load` imports, and `getSsoAttempt` for an app's error
// screens. The types the functions take (the session's client, manager and settings) are
// repeated here so that an app can name them from this entry.

export type { VaultError, VaultOAuthError } from '../core/errors';
export type {
  AcquireAccessToken,
  AcquireAccessTokenContext,
} from '../core/flows/loginWithDiscovery';
export type * from '../core/sessionTypes';
export { assertSafeSsoSettings } from './assertSafeSsoSettings';
export {
  buildSsoSettings,
  type SsoSettingsInput,
  type SsoSettingsOverrides,
} from './buildSsoSettings';
export { createSsoError, isSsoError, type SsoErrorCode } from './createSsoError';
export {
  createSsoRedirectAcquirer,
  type SsoRedirectAcquirerOptions,
} from './createSsoRedirectAcquirer';
export { SSO_STATE_PREFIX } from './findPendingSsoUsername';
export { getSsoAttempt, type SsoAttempt } from './getSsoAttempt';
export {
  type HandleSsoCallbackOptions,
  handleSsoCallback,
  type SsoCallbackResult,
  type SsoCallbackTarget,
} from './handleSsoCallback';
export { parseSsoCallbackUrl, type SsoCallbackResponse } from './parseSsoCallbackUrl';
export { resolveSsoRedirectUri } from './resolveSsoRedirectUri';
export {
  resolveSsoSettingsInput,
  type SsoRuntimeOptions,
  type SsoSessionTarget,
} from './resolveSsoSettingsInput';
export { sanitizeReturnTo } from './sanitizeReturnTo';
export { type SsoStateData, ssoStateData } from './ssoStateData';
export {
  type SsoRedirectInput,
  type StartSsoRedirectOptions,
  startSsoRedirect,
} from './startSsoRedirect';
export { waitForPageRestore } from './waitForPageRestore';
