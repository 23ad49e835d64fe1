export type { SsoErrorCode } from '../oidc/createSsoError';
export { discoveryQueryOptions } from './discoveryQueryOptions';
export type { SsoCallbackState, SsoCallbackStatus } from './getSsoCallbackStore';
export { isPlausibleUsername } from './isPlausibleUsername';
export { RequireSession, type RequireSessionProps } from './RequireSession';
export {
  SessionProvider,
  type SessionProviderProps,
  type SessionProviderSettings,
} from './SessionProvider';
export { useApiVersions } from './useApiVersions';
export { useDebouncedValue } from './useDebouncedValue';
export { useDelegatedLogin } from './useDelegatedLogin';
export { useDelegations } from './useDelegations';
export { type UseDiscoveryOptions, useDiscovery } from './useDiscovery';
export { type KeepAliveState, type UseKeepAliveOptions, useKeepAlive } from './useKeepAlive';
export {
  type LoginCredentials,
  type LoginMutateOptions,
  type LoginVariables,
  type UseLoginResult,
  useLogin,
} from './useLogin';
export { useLogout } from './useLogout';
export { useNow } from './useNow';
export { useSession } from './useSession';
export { useSsoCallback } from './useSsoCallback';
export { type SsoLoginInput, type UseSsoLoginResult, useSsoLogin } from './useSsoLogin';
export { useVaultFetch } from './useVaultFetch';
export { useVaultSession, VaultSessionContext } from './VaultSessionContext';
export { vaultQueryKeys } from './vaultQueryKeys';
