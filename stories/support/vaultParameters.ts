import type { VaultStoryParameters } from './createStoryVault';

/**
 * A story's `parameters.vault`, type-checked (Storybook types parameters loosely).
 *
 * @example
 * ```ts
 * export const RateLimited = {
 *   parameters: vaultParameters({ emulator: { authBurstLimit: 1 } }),
 * };
 * ```
 */
export function vaultParameters(vault: VaultStoryParameters): { vault: VaultStoryParameters } {
  return { vault };
}
