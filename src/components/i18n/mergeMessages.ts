import type { PartialVaultMessages, VaultMessages } from './VaultMessages';

/**
 * Lays `overrides` over `base`, area by area and string by string. With a complete `base`
 * (such as `enMessages`) the result is complete; with partial ones, it holds the areas that
 * either names. An area that only one side names is passed through as is, not copied.
 */
export function mergeMessages(base: VaultMessages, overrides: PartialVaultMessages): VaultMessages;
export function mergeMessages(
  base: PartialVaultMessages,
  overrides: PartialVaultMessages,
): PartialVaultMessages;
export function mergeMessages(
  base: PartialVaultMessages,
  overrides: PartialVaultMessages,
): PartialVaultMessages {
  const login = mergeArea(base.login, overrides.login);
  const session = mergeArea(base.session, overrides.session);
  const delegation = mergeArea(base.delegation, overrides.delegation);
  const account = mergeArea(base.account, overrides.account);
  return {
    ...(login && { login }),
    ...(session && { session }),
    ...(delegation && { delegation }),
    ...(account && { account }),
  };
}

// Passing an untouched area through keeps its identity, so components that memoise on it
// do not recompute when a nested provider changes another area.
function mergeArea<T extends object>(base: T | undefined, overrides: T | undefined): T | undefined {
  if (!overrides) return base;
  if (!base) return overrides;
  return { ...base, ...overrides };
}
