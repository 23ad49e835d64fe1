import {
  normalizeError,
  VaultApiError,
  VaultDnsMismatchError,
  type VaultError,
  VaultOAuthError,
} from '../core/errors';
import { explainInDevelopment } from '../core/explainInDevelopment';
import { explainSetupFailure, isSetupFailure } from './describeSetupError';
import type { LoginMessages } from './i18n/LoginMessages';

/** The wait the form enforces when the service asks for one without saying how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * What the login form shows for a failure: the message, the field it concerns (which gets
 * `aria-invalid` and the focus), and the next step it offers.
 *
 * - `retry`: a fault that says nothing about the credentials; a "Try again" button resends.
 * - `wait`: the service refused further attempts for `retryAfterSeconds`; submitting stays
 *   disabled until then and nothing is resent on its own (THR-04).
 * - `change-password`: the password must be changed elsewhere first.
 * - `reset-password`: a wrong password or a locked account; the form links the app's
 *   password-reset page, when it has one.
 *
 * A description without an action (a setup error, a locked account) offers no retry.
 *
 * @example
 * ```ts
 * const shown: LoginErrorDescription = {
 *   message: 'The user name or password is incorrect.',
 *   field: 'password',
 *   action: 'reset-password',
 *   error: new VaultApiError({
 *     errors: [{ type: 'USERNAME_OR_PASSWORD_INCORRECT', message: 'Authentication failed.' }],
 *     responseStatus: 'FAILURE',
 *   }),
 * };
 * ```
 */
export interface LoginErrorDescription {
  readonly message: string;
  readonly field?: 'username' | 'password' | 'vault';
  readonly action?: 'retry' | 'wait' | 'change-password' | 'reset-password';
  /** Set with `action: 'wait'`. */
  readonly retryAfterSeconds?: number;
  /** The failure, as a `VaultError`. */
  readonly error: VaultError;
}

/**
 * Options of {@link describeLoginError}.
 */
export interface DescribeLoginErrorOptions {
  /** Names for vault DNS names, so a refused vault is named as the user knows it. */
  readonly vaults?: readonly { readonly dns: string; readonly name: string }[] | undefined;
  /**
   * The page's origin, named in a development build when the kit's proxy refuses it
   * (`PROXY_ORIGIN_REFUSED`).
   */
  readonly origin?: string | undefined;
  /**
   * Wrong passwords in a row for the user name, this one included. From the third on, a
   * wrong password is told that more of them lock the account (`lockoutWarning`).
   */
  readonly failuresInARow?: number | undefined;
}

/** The wrong password in a row from which the form warns of the lock to come. */
const LOCKOUT_WARNING_FROM = 3;

/**
 * Maps any failure of discovery, password login or single sign-on to what the user is told
 * and can do next. A login the service put in another vault than the one asked for names
 * both: the vault refused, and the one the user's account opens (by display name when the
 * `vaults` or the service name it). Pure: the same input always gives the same description. Returns
 * `undefined` for a cancelled call (a newer attempt or a sign-out replaced it), which is
 * nothing to report. A wrong password and an unknown user get the same text (PWD-06,
 * ENUM-04); the service's own `message` prose is never shown, only its `type` is read.
 * The service locks an account after several wrong passwords in a row without saying how
 * many are left, so from the third (`failuresInARow`) the text warns of the lock, naming
 * no number.
 * A refusal of the kit's proxy because of its settings (`PROXY_ORIGIN_REFUSED`,
 * `PROXY_HOST_NOT_ALLOWED`…) and a `VaultConfigError` (an app in BFF mode behind a proxy
 * that is not, or the reverse) are setup errors, never a retry prompt: a production build
 * says `setupError`, a development build names what is wrong and the setting to change.
 */
export function describeLoginError(
  error: unknown,
  messages: LoginMessages,
  options: DescribeLoginErrorOptions = {},
): LoginErrorDescription | undefined {
  const e = normalizeError(error);
  if (e instanceof VaultApiError) return describeApiError(e, messages, options.failuresInARow);
  if (e instanceof VaultDnsMismatchError) {
    const vault = options.vaults?.find((v) => sameHost(v.dns, e.expected))?.name ?? e.expected;
    // Where the account is, as the service names it.
    const actual = e.actualName ?? e.actual;
    return {
      message: actual
        ? messages.vaultElsewhere({ vault, actual })
        : messages.vaultNoAccess({ vault }),
      field: 'vault',
      error: e,
    };
  }
  if (e instanceof VaultOAuthError) return describeOAuthError(e, messages);
  if (isSetupFailure(e)) {
    // The explanation is for developers; production builds name the setup error only, and
    // bundlers drop the explanation's code with the folded condition.
    return {
      message: explainInDevelopment(messages.setupError, () =>
        process.env.NODE_ENV === 'production' ? undefined : explainSetupFailure(e, options.origin),
      ),
      error: e,
    };
  }
  switch (e.kind) {
    case 'aborted':
      return undefined;
    case 'network':
      return { message: messages.networkError, action: 'retry', error: e };
    case 'timeout':
      return { message: messages.timeout, action: 'retry', error: e };
    case 'protocol':
      return { message: messages.serviceUnavailable, action: 'retry', error: e };
    default:
      return { message: messages.unexpectedError, error: e };
  }
}

function describeApiError(
  e: VaultApiError,
  messages: LoginMessages,
  failuresInARow = 1,
): LoginErrorDescription {
  switch (e.type) {
    case 'USERNAME_OR_PASSWORD_INCORRECT':
      return {
        message:
          failuresInARow >= LOCKOUT_WARNING_FROM
            ? messages.lockoutWarning
            : messages.incorrectCredentials,
        field: 'password',
        action: 'reset-password',
        error: e,
      };
    case 'NO_PASSWORD_PROVIDED':
      return { message: messages.passwordRequired, field: 'password', error: e };
    case 'PARAMETER_REQUIRED':
      return { message: messages.usernameRequired, field: 'username', error: e };
    case 'USER_LOCKED_OUT':
      return { message: messages.lockedOut, action: 'reset-password', error: e };
    case 'INACTIVE_USER':
      return { message: messages.inactiveUser, error: e };
    case 'PASSWORD_CHANGE_REQUIRED':
      return { message: messages.passwordChangeRequired, action: 'change-password', error: e };
    case 'API_LIMIT_EXCEEDED': {
      const seconds = e.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
      return {
        message: messages.rateLimited({ seconds }),
        action: 'wait',
        retryAfterSeconds: seconds,
        error: e,
      };
    }
    // The service's answer to a token it will not accept for a session.
    case 'INSUFFICIENT_ACCESS':
      return { message: messages.ssoFailed, error: e };
    case 'UNEXPECTED_ERROR':
      return { message: messages.serviceUnavailable, action: 'retry', error: e };
    // A vault's web tab that handed over no session, or one the service refused.
    case 'VAULT_HANDOFF_MISSING':
      return { message: messages.webTabNoSession, error: e };
    case 'VAULT_HANDOFF_REFUSED':
      return { message: messages.webTabSessionRefused, error: e };
    default:
      return { message: messages.unexpectedError, action: 'retry', error: e };
  }
}

function describeOAuthError(e: VaultOAuthError, messages: LoginMessages): LoginErrorDescription {
  switch (e.error) {
    case 'sso_cancelled':
    // RFC 6749 section 4.1.2.1: the user or the provider declined the request.
    case 'access_denied':
      return { message: messages.ssoCancelled, error: e };
    case 'sso_state_mismatch':
    case 'login_required':
      return { message: messages.ssoRestart, error: e };
    case 'temporarily_unavailable':
      return { message: messages.serviceUnavailable, error: e };
    case 'sso_vault_mismatch':
      return { message: messages.ssoVaultElsewhere, error: e };
    default:
      return { message: messages.ssoFailed, error: e };
  }
}

function sameHost(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
