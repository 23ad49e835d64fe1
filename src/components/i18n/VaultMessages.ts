import type { AccountMessages } from './AccountMessages';
import type { DelegationMessages } from './DelegationMessages';
import type { LoginMessages } from './LoginMessages';
import type { SessionMessages } from './SessionMessages';

/**
 * Every user-facing string of the components, by area. Values are plain strings or, where
 * something is filled in, functions of named parameters.
 *
 * @example
 * ```ts
 * const text: VaultMessages['login']['continue'] = 'Continue';
 * ```
 */
export interface VaultMessages {
  readonly login: LoginMessages;
  readonly session: SessionMessages;
  readonly delegation: DelegationMessages;
  /** `VaultSwitcher` and the remembered user names of `createRememberedUsers`. */
  readonly account: AccountMessages;
}

/**
 * Any subset of {@link VaultMessages}: what is given replaces the default, the rest stays.
 *
 * @example
 * ```ts
 * const overrides: PartialVaultMessages = { login: { continue: 'Next' } };
 * ```
 */
export type PartialVaultMessages = {
  readonly [Area in keyof VaultMessages]?: Partial<VaultMessages[Area]>;
};
