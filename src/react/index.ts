export type { SsoErrorCode } from '../oidc/createSsoError';
export type { SsoCallbackState, SsoCallbackStatus } from '../oidc/getSsoCallbackStore';
export { apiVersionsQueryOptions } from './apiVersionsQueryOptions';
export { delegationsQueryOptions } from './delegationsQueryOptions';
export { discoveryQueryOptions } from './discoveryQueryOptions';
export { isPlausibleUsername } from './isPlausibleUsername';
export { RequireSession, type RequireSessionProps } from './RequireSession';
export {
  SessionProvider,
  type SessionProviderProps,
  type SessionProviderSettings,
} from './SessionProvider';
export { type UseApiVersionsResult, useApiVersions } from './useApiVersions';
export { useDebouncedValue } from './useDebouncedValue';
export { type UseDelegatedLoginResult, useDelegatedLogin } from './useDelegatedLogin';
export { type UseDelegationsResult, useDelegations } from './useDelegations';
export { type UseDiscoveryOptions, type UseDiscoveryResult, useDiscovery } from './useDiscovery';
export { type KeepAliveState, type UseKeepAliveOptions, useKeepAlive } from './useKeepAlive';
export {
  type LoginCredentials,
  type LoginMutateOptions,
  type LoginVariables,
  type UseLoginResult,
  useLogin,
} from './useLogin';
export { type UseLogoutOptions, type UseLogoutResult, useLogout } from './useLogout';
export { useNow } from './useNow';
export { useSession } from './useSession';
export { useSsoCallback } from './useSsoCallback';
export { type SsoLoginInput, type UseSsoLoginResult, useSsoLogin } from './useSsoLogin';
export { useVaultFetch } from './useVaultFetch';
export { type UseVaultSwitchResult, useVaultSwitch } from './useVaultSwitch';
export { useVaultSession, VaultSessionContext } from './VaultSessionContext';
export { vaultQueryKeys } from './vaultQueryKeys';
export { type VaultWebTab, vaultWebTab } from './vaultWebTab';
