import { ErrorResponse, SigninState, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { AuthProfile } from '../core/client/types';
import { VaultConfigError, VaultError } from '../core/errors';
import type { SessionManager } from '../core/session/SessionManager';
import { buildSsoSettings } from './buildSsoSettings';
import { createSsoError } from './createSsoError';
import { SSO_STATE_PREFIX } from './findPendingSsoUsername';
import { attachSsoAttempt } from './getSsoAttempt';
import { parseSsoCallbackUrl, type SsoCallbackResponse } from './parseSsoCallbackUrl';
import {
  resolveSsoSettingsInput,
  type SsoRuntimeOptions,
  type SsoSessionTarget,
} from './resolveSsoSettingsInput';
import { sanitizeReturnTo } from './sanitizeReturnTo';
import { type SsoStateData, ssoStateData } from './ssoStateData';

/**
 * The session a callback completes: the client for the calls, the manager that adopts the
 * new session, the SSO settings.
 *
 * @example
 * ```ts
 * const target: SsoCallbackTarget = session; // a VaultSession
 * ```
 */
export interface SsoCallbackTarget extends SsoSessionTarget {
  readonly manager: Pick<SessionManager, 'establish'>;
}

/**
 * Options of {@link handleSsoCallback}.
 *
 * @example
 * ```ts
 * const options: HandleSsoCallbackOptions = { url: window.location.href };
 * ```
 */
export interface HandleSsoCallbackOptions extends SsoRuntimeOptions {
  /** The address the provider sent the browser to. Default: the page's. */
  readonly url?: string | undefined;
  /** The local clock (epoch ms) for the session's 48-hour deadline. Default `Date.now`. */
  readonly now?: (() => number) | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The outcome of a completed callback: the session is active, and this is where to go.
 *
 * @example
 * ```ts
 * const done: SsoCallbackResult = { profileId: 'harbor-oidc', username: 'sam@harbor.example', returnTo: '/' };
 * ```
 */
export interface SsoCallbackResult {
  readonly profileId: string;
  readonly username: string;
  /** A same-origin path (OIDC-05). */
  readonly returnTo: string;
}

// One outcome per state value for the life of the page: StrictMode's double effects, a
// re-render or a second caller all get the first call's promise (OIDC-06).
const outcomes = new Map<string, Promise<SsoCallbackResult>>();

/**
 * Completes a single sign-on at the redirect URI, once per `state` however often it is
 * called. `undefined` when the address is not the redirect URI carrying an answer.
 *
 * 1. Removes `code`, `state`, `session_state`, `iss` and any error from the address bar
 *    (`history.replaceState`, OIDC-04).
 * 2. Finds the sign-in state this browser stored; an unknown, forged or replayed `state`
 *    ends here with `sso_state_mismatch`, before any request (OIDC-02). A provider error
 *    ends here too: `sso_cancelled` for `access_denied`, else `sso_failed`.
 * 3. Asks discovery again for the stored user and takes the stored profile from the
 *    answer, so the provider's endpoints come from the service, never from storage; the
 *    provider's `iss` (RFC 9207), oidc-client-ts' authority and client checks and its
 *    one-time state then guard against another provider's answer (OIDC-10).
 * 4. Exchanges the code (PKCE) for an access token, drops it from oidc-client-ts' in-memory
 *    store at once (OIDC-07), and sends it to the OAuth session call; the 48-hour deadline
 *    counts from the moment that call is sent.
 * 5. Hands the result to `manager.establish`, marked renewable at the cap without a form
 *    (`snapshot.renewal` `'sso'`) when `sso.silentRedirectUri` is set.
 *
 * Failures reject with a {@link VaultError}: the SSO codes above as `VaultOAuthError`, or the
 * client's own errors for discovery and the session call. Once the stored state was found
 * (a cancel, a refused code, a failed call), `getSsoAttempt(error)` names the sign-in it
 * belonged to: the user name and the `returnTo` to go back to.
 *
 * @example
 * ```ts
 * const done = await handleSsoCallback(session);
 * if (done) history.replaceState(null, '', done.returnTo);
 * ```
 */
export function handleSsoCallback(
  session: SsoCallbackTarget,
  options: HandleSsoCallbackOptions = {},
): Promise<SsoCallbackResult | undefined> {
  const url = options.url ?? globalThis.location?.href;
  if (url === undefined) return Promise.resolve(undefined);
  const input = resolveSsoSettingsInput(session, options);
  const response = parseSsoCallbackUrl(url, input.redirectUri);
  if (!response) return Promise.resolve(undefined);
  clearAddressBar(input.redirectUri);
  const key = response.state ?? url;
  let outcome = outcomes.get(key);
  if (!outcome) {
    outcome = complete(session, url, response, options);
    outcomes.set(key, outcome);
  }
  return outcome;
}

async function complete(
  session: SsoCallbackTarget,
  url: string,
  response: SsoCallbackResponse,
  options: HandleSsoCallbackOptions,
): Promise<SsoCallbackResult> {
  const { state } = response;
  if (state === undefined) {
    throw response.error === undefined
      ? createSsoError('sso_state_mismatch')
      : providerError(response.error);
  }
  const input = resolveSsoSettingsInput(session, options);
  const storage = input.stateStorage ?? globalThis.sessionStorage;
  // Passing `undefined` would make oidc-client-ts fall back to localStorage.
  if (storage === undefined) {
    throw new VaultConfigError('Single sign-on in the browser needs sessionStorage.');
  }
  const stateStore = new WebStorageStateStore({ store: storage, prefix: SSO_STATE_PREFIX });
  const requestOptions = options.signal === undefined ? {} : { signal: options.signal };
  let consumed = false;
  try {
    const data = await readStateData(stateStore, state);
    const returnTo = sanitizeReturnTo(data.returnTo, {
      ...(options.origin === undefined ? {} : { origin: options.origin }),
    });
    try {
      if (response.error !== undefined) throw providerError(response.error);

      const discovery = await session.client.discover({ username: data.username }, requestOptions);
      const profile: AuthProfile | undefined =
        discovery.authType === 'sso'
          ? discovery.profiles.find((candidate) => candidate.id === data.profileId)
          : undefined;
      if (!profile) throw createSsoError('sso_failed');
      if (response.iss !== undefined && response.iss !== profile.asMetadata.issuer) {
        throw createSsoError('sso_state_mismatch');
      }

      const accessToken = await exchangeCode(buildSsoSettings(profile, input), url);
      consumed = true;
      const startedAt = (options.now ?? Date.now)();
      const result = await session.client.loginWithAccessToken(
        { profileId: profile.id, accessToken, vaultDns: data.vaultDns },
        requestOptions,
      );
      // With a page for silent sign-ins, the cap can be crossed without a form.
      const renewable =
        session.sso?.silentRedirectUri === undefined
          ? result
          : { ...result, renewal: 'sso' as const };
      session.manager.establish(renewable, { username: data.username, startedAt });
      return { profileId: profile.id, username: data.username, returnTo };
    } catch (error) {
      // The sign-in is known from here on: whatever went wrong, the page can go back to
      // where it started, with the user name the user typed (WCAG 3.3.7).
      throw attachSsoAttempt(error, {
        profileId: data.profileId,
        username: data.username,
        returnTo,
      });
    }
  } finally {
    // One-time in every outcome: a failed answer must not leave its state to be replayed.
    if (!consumed) await stateStore.remove(state).catch(() => null);
  }
}

async function readStateData(
  stateStore: WebStorageStateStore,
  state: string,
): Promise<SsoStateData> {
  const stored = await stateStore.get(state);
  if (stored === null) throw createSsoError('sso_state_mismatch');
  try {
    const signinState = await SigninState.fromStorageString(stored);
    // A stored entry that is not of the expected shape is refused, never trusted.
    return ssoStateData(signinState.data);
  } catch (error) {
    throw createSsoError('sso_state_mismatch', { cause: error });
  }
}

/** The code exchange; the token lives in this frame and the caller's, nowhere else. */
async function exchangeCode(
  settings: ConstructorParameters<typeof UserManager>[0],
  url: string,
): Promise<string> {
  const userManager = new UserManager(settings);
  try {
    const user = await userManager.signinRedirectCallback(url);
    return user.access_token;
  } catch (error) {
    throw toSsoError(error);
  } finally {
    await userManager.removeUser();
  }
}

function providerError(error: string) {
  return createSsoError(error === 'access_denied' ? 'sso_cancelled' : 'sso_failed', {
    cause: { error },
  });
}

// oidc-client-ts reports state problems as plain errors with these messages.
const STATE_FAILURES = [
  'No matching state found in storage',
  'State does not match',
  'No state in response',
  'authority mismatch on settings vs. signin state',
  'client_id mismatch on settings vs. signin state',
];

function toSsoError(error: unknown): VaultError {
  if (error instanceof VaultError) return error;
  if (error instanceof ErrorResponse) return providerError(error.error ?? 'server_error');
  if (error instanceof Error && STATE_FAILURES.includes(error.message)) {
    return createSsoError('sso_state_mismatch', { cause: error });
  }
  return createSsoError('sso_failed', { cause: error });
}

function clearAddressBar(redirectUri: string): void {
  const { location, history } = globalThis;
  if (location === undefined || history === undefined) return;
  const current = parseSsoCallbackUrl(location.href, redirectUri);
  if (current) history.replaceState(history.state, '', current.cleanUrl);
}
