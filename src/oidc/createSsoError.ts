import { VaultOAuthError } from '../core/errors';

/**
 * The stable `error` codes of a failed single sign-on, for a UI to map to its own words:
 *
 * - `sso_cancelled`: the user cancelled at the identity provider (`access_denied`).
 * - `sso_state_mismatch`: the answer does not belong to a sign-in started in this browser
 *   (unknown, forged, tampered or replayed `state`, another provider's answer).
 * - `sso_failed`: the provider refused or failed (an error answer, a refused code exchange,
 *   a profile no longer offered).
 * - `sso_vault_mismatch`: the service signed the user in to another vault than the one asked
 *   for, which the app accepts alone (`validateDns`); that session was ended.
 *
 * @example
 * ```ts
 * const code: SsoErrorCode = 'sso_cancelled';
 * ```
 */
export type SsoErrorCode =
  | 'sso_cancelled'
  | 'sso_state_mismatch'
  | 'sso_failed'
  | 'sso_vault_mismatch';

const DESCRIPTIONS: Readonly<Record<SsoErrorCode, string>> = {
  sso_cancelled: 'Single sign-on was cancelled at the identity provider.',
  sso_state_mismatch:
    'The sign-in could not be completed: the answer does not belong to a sign-in started in this browser. Start again.',
  sso_failed: 'The sign-in could not be completed at the identity provider. Start again.',
  sso_vault_mismatch:
    'The service signed in to another vault than the one asked for; that session was ended.',
};

/**
 * Builds the {@link VaultOAuthError} for a failed single sign-on. Its description is the
 * kit's own generic text, never the provider's, which arrives in the URL and could say
 * anything; the provider's answer is kept as `cause` for logs.
 */
export function createSsoError(code: SsoErrorCode, options?: { cause?: unknown }): VaultOAuthError {
  return new VaultOAuthError(code, DESCRIPTIONS[code], options);
}

/**
 * True for an error of a failed single sign-on, optionally with the given code.
 */
export function isSsoError(
  error: unknown,
  code?: SsoErrorCode,
): error is VaultOAuthError & { readonly error: SsoErrorCode } {
  return (
    error instanceof VaultOAuthError &&
    Object.hasOwn(DESCRIPTIONS, error.error) &&
    (code === undefined || error.error === code)
  );
}
