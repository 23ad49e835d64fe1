// The service's fixed maximum session length, 48 hours (not configurable there either).
export { MAX_SESSION_MS as MAX_SESSION_LIFETIME_MS } from '../core/kitWire';
export { API_VERSIONS } from './apiVersions';
export type { HttpIntrospectorOptions } from './createHttpIntrospector';
export { createHttpIntrospector } from './createHttpIntrospector';
export type { ManualClock } from './createManualClock';
export { createManualClock, systemClock } from './createManualClock';
export { createVaultEmulator } from './createVaultEmulator';
export { demoDirectory } from './demoDirectory';
export { demoDocuments } from './demoDocuments';
export type * from './emulatorTypes';
export { PASSWORD_PAGE_PATH } from './handlePasswordPage';
export { WEB_TAB_PAGE_PATH } from './handleWebTabPage';
export { DEFAULT_PASSWORD_HASH_ITERATIONS, hashPassword, verifyPassword } from './hashPassword';
export { DEFAULT_LOGIN_HOST } from './locateHost';
export { MAX_BODY_BYTES } from './readFormBody';
