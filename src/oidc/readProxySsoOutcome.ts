import { VaultOAuthError } from '../core/errors';
import { withoutParameters } from './withoutParameters';

/**
 * The query parameter in which the kit's proxy (BFF mode) brings a failed single sign-on
 * back to the page: one of the single sign-on error codes (`SsoErrorCode`).
 */
export const SSO_ERROR_PARAMETER = 'vault_sso_error';

/**
 * The query parameter with which the kit's proxy (BFF mode) marks the page a single sign-on
 * came back to after it succeeded (`=1`; it names no secret), so that the page reports the
 * sign-in once.
 */
export const SSO_SIGNED_IN_PARAMETER = 'vault_sso_signed_in';

const USERNAME_KEY = 'vault-session-kit.sso-username';
const CODES: readonly string[] = [
  'sso_cancelled',
  'sso_state_mismatch',
  'sso_failed',
  'sso_vault_mismatch',
];

/**
 * What a page learns when the proxy sent it back from a single sign-on: the error when it
 * failed (none when it succeeded), the address without the parameter, and the user name
 * typed before leaving.
 */
export interface ProxySsoOutcome {
  readonly error: VaultOAuthError | undefined;
  readonly cleanUrl: string;
  readonly username: string | undefined;
}

/**
 * Keeps the user name typed before a single sign-on through the proxy leaves the page, so
 * the form can fill it in again when the sign-in comes back failed (WCAG 3.3.7). The
 * user name is no credential; a blocked storage keeps nothing.
 */
export function rememberProxySsoUsername(username: string): void {
  try {
    globalThis.sessionStorage?.setItem(USERNAME_KEY, username);
  } catch {
    // Nothing to give back then; the user types it again.
  }
}

/**
 * Reads the outcome of a single sign-on from `url` (the proxy adds
 * {@link SSO_ERROR_PARAMETER} or {@link SSO_SIGNED_IN_PARAMETER} to the return path), and
 * takes the kept user name; `undefined` when `url` carries neither. Pure but for the
 * storage read.
 */
export function readProxySsoOutcome(url: string): ProxySsoOutcome | undefined {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return undefined;
  }
  const { searchParams } = current;
  const code = searchParams.get(SSO_ERROR_PARAMETER);
  if (code === null && !searchParams.has(SSO_SIGNED_IN_PARAMETER)) return undefined;
  const cleanUrl = withoutParameters(current, [SSO_ERROR_PARAMETER, SSO_SIGNED_IN_PARAMETER]);
  const username = takeProxySsoUsername();
  return {
    // An unknown code is the generic failure, never text from the address. The kit's own
    // words, as `createSsoError` gives them, are left to the lazily loaded chunk: the form
    // reads only the code.
    error:
      code === null
        ? undefined
        : new VaultOAuthError(
            CODES.includes(code) ? code : 'sso_failed',
            'Single sign-on through the proxy did not complete.',
          ),
    cleanUrl,
    username,
  };
}

/**
 * The user name {@link rememberProxySsoUsername} kept, once: the page that reads it is the
 * one the sign-in came back to, or the one the user returned to with Back from the identity
 * provider (loaded afresh), where the form takes the user back to the single sign-on step.
 */
export function takeProxySsoUsername(): string | undefined {
  try {
    const username = globalThis.sessionStorage?.getItem(USERNAME_KEY) ?? undefined;
    globalThis.sessionStorage?.removeItem(USERNAME_KEY);
    return username === '' ? undefined : username;
  } catch {
    return undefined;
  }
}
