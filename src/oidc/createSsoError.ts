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
 * - `sso_login_required`: a silent sign-in found the user no longer signed in at the
 *   provider (`login_required`, `interaction_required`, `account_selection_required`).
 * - `sso_consent_required`: a silent sign-in found the user's consent for the app withdrawn
 *   (`consent_required`).
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
  | 'sso_vault_mismatch'
  | 'sso_login_required'
  | 'sso_consent_required';

const DESCRIPTIONS: Readonly<Record<SsoErrorCode, string>> = {
  sso_cancelled: 'Single sign-on was cancelled at the identity provider.',
  sso_state_mismatch:
    'The sign-in could not be completed: the answer does not belong to a sign-in started in this browser. Start again.',
  sso_failed: 'The sign-in could not be completed at the identity provider. Start again.',
  sso_vault_mismatch:
    'The service signed in to another vault than the one asked for; that session was ended.',
  sso_login_required: 'The user is no longer signed in at the identity provider.',
  sso_consent_required:
    "The user's consent for this application was withdrawn at the identity provider.",
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
 *
 * @example
 * ```ts
 * if (isSsoError(error, 'sso_cancelled')) {
 *   console.info('The user cancelled at the identity provider; the form stays as it was.');
 * } else if (isSsoError(error)) {
 *   console.warn(`Single sign-on failed: ${error.error}`);
 * }
 * ```
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
