import { createEmitter } from '../core/createEmitter';
import { normalizeError, type VaultError } from '../core/errors';
import { isLiveStatus } from '../core/session/sessionReducer';
import type { VaultSession } from '../core/session/VaultSession';
import { findPendingSsoUsername } from './findPendingSsoUsername';
import { getSsoAttempt } from './getSsoAttempt';
import { loadSsoModule } from './loadSsoModule';
import { parseSsoCallbackUrl } from './parseSsoCallbackUrl';
import { readProxySsoOutcome, takeProxySsoUsername } from './readProxySsoOutcome';
import { resolveSsoRedirectUri } from './resolveSsoRedirectUri';

/**
 * Where the completion of a single sign-on stands in this page: `idle` (the page is not
 * the provider's answer), `processing`, `success` (the session is active) or `error`.
 *
 * @example
 * ```ts
 * const busy = (status: SsoCallbackStatus) => status === 'processing';
 * ```
 */
export type SsoCallbackStatus = 'idle' | 'processing' | 'success' | 'error';

/**
 * The progress of the single sign-on callback, as `useSsoCallback()` returns it.
 *
 * @example
 * ```ts
 * const state: SsoCallbackState = { status: 'success', returnTo: '/documents' };
 * ```
 */
export interface SsoCallbackState {
  readonly status: SsoCallbackStatus;
  /** Why it failed; an SSO failure is a `VaultOAuthError` with an `SsoErrorCode`. */
  readonly error?: VaultError;
  /**
   * The same-origin path the sign-in started from or asked for: after success, and after a
   * failure of a sign-in this browser started (a cancel at the provider, a refused code).
   */
  readonly returnTo?: string;
  /**
   * The user name typed before a sign-in this tab started, so a form can fill it in again
   * (WCAG 3.3.7): after its failure, or, while `idle`, when the user came back from the
   * provider with Back and the page was loaded afresh.
   */
  readonly username?: string;
  /**
   * While `processing`: `'web-tab'` when the page waits for the vault around it to
   * hand its session over, rather than for a single sign-on to complete.
   */
  readonly via?: 'web-tab';
}

/**
 * The callback progress of one {@link VaultSession}, shared by the provider and every
 * `useSsoCallback()`.
 */
export interface SsoCallbackStore {
  getSnapshot(): SsoCallbackState;
  subscribe(listener: () => void): () => void;
  /**
   * Completes the sign-in when the page is the redirect URI with the provider's answer;
   * does nothing otherwise or when that answer is already being handled. The code is
   * loaded on demand, so pages that are not a callback never load the OIDC library. When a
   * sign-in this browser started fails (a cancel at the provider, a refused code), the
   * address bar goes back to its `returnTo`.
   */
  process(): void;
  /**
   * Marks a sign-in that completes outside the form as under way (a vault's web tab handing
   * its session over): `processing` (no form) until the returned function is called, then
   * `idle`, or `error` with the failure the login form shows.
   */
  hold(): (error?: VaultError) => void;
}

const IDLE: SsoCallbackState = Object.freeze({ status: 'idle' });
const PROCESSING: SsoCallbackState = Object.freeze({ status: 'processing' });
const stores = new WeakMap<VaultSession, SsoCallbackStore>();

/**
 * The {@link SsoCallbackStore} of a session, created on first use. When the page is
 * loaded at the redirect URI with an answer and the session handles callbacks itself
 * (`sso.handleCallback`, default on), it starts as `processing`, so the very first render
 * can show progress instead of the login form.
 */
export function getSsoCallbackStore(session: VaultSession): SsoCallbackStore {
  let store = stores.get(session);
  if (!store) {
    store = createStore(session);
    stores.set(session, store);
  }
  return store;
}

function createStore(session: VaultSession): SsoCallbackStore {
  const changed = createEmitter();
  const handled = new Set<string>();
  // Sign-ins completing outside the form (see `hold`), which no page address reflects.
  let holding = 0;
  // Read on first use, not at creation: a server render creates the store but must not
  // look at the page's address.
  let current: SsoCallbackState | undefined;
  // BFF mode: the proxy completed the sign-in before this page loaded; a failure is in the
  // address, a success is the session the page finds.
  const proxyMode = session.client.config.credentials === 'proxy';
  const proxyOutcome =
    proxyMode && typeof window !== 'undefined'
      ? readProxySsoOutcome(window.location.href)
      : undefined;
  // Without an outcome, a name kept by a sign-in that left for the provider: the user came
  // back with Back to a page loaded afresh (or the sign-in succeeded, and no form shows).
  const pendingName =
    proxyMode && proxyOutcome === undefined && typeof window !== 'undefined'
      ? takeProxySsoUsername()
      : undefined;
  const snapshotNow = (): SsoCallbackState => {
    current ??= proxyMode
      ? proxyOutcome === undefined
        ? pendingName === undefined
          ? IDLE
          : Object.freeze({ status: 'idle', username: pendingName })
        : // A success is marked in the address too: it is reported once the session it
          // joins is live (`processing` until then, as in token mode).
          proxyOutcome.error === undefined
          ? PROCESSING
          : {
              status: 'error',
              error: proxyOutcome.error,
              returnTo: proxyOutcome.cleanUrl,
              ...(proxyOutcome.username === undefined ? {} : { username: proxyOutcome.username }),
            }
      : session.sso?.handleCallback !== false && readAnswer(session)
        ? PROCESSING
        : idleState(session);
    return current;
  };

  function set(next: SsoCallbackState): void {
    current = next;
    changed.emit();
  }

  return {
    getSnapshot: snapshotNow,
    subscribe: changed.on,
    hold() {
      holding += 1;
      set({ status: 'processing', via: 'web-tab' });
      let done = false;
      return (error) => {
        if (done) return;
        done = true;
        holding -= 1;
        set(error === undefined ? IDLE : { status: 'error', error });
      };
    },
    process() {
      if (proxyMode) {
        // Out of the address bar, so that a reload or a shared link does not show it again.
        if (proxyOutcome === undefined || handled.size > 0) return;
        const { cleanUrl, error } = proxyOutcome;
        handled.add(cleanUrl);
        window.history.replaceState(window.history.state, '', cleanUrl);
        if (error !== undefined) return;
        // Success when the joined session is live, idle when the join found none (the
        // cookie did not come back).
        const { manager } = session;
        const settle = (): boolean => {
          const { status, joining } = manager.getSnapshot();
          const live = isLiveStatus(status);
          if (live || !joining) set(live ? { status: 'success', returnTo: cleanUrl } : IDLE);
          return live || !joining;
        };
        if (!settle()) {
          const stop = manager.subscribe(() => {
            if (settle()) stop();
          });
        }
        return;
      }
      const answer = readAnswer(session);
      if (!answer) {
        if (snapshotNow() === PROCESSING && handled.size === 0 && holding === 0) {
          set(idleState(session));
        }
        return;
      }
      const key = answer.response.state ?? answer.url;
      if (handled.has(key)) return;
      handled.add(key);
      // Out of the address bar before anything else runs: a second effect, a reload or a
      // shared link must not see the code (OIDC-04, OIDC-06).
      window.history.replaceState(window.history.state, '', answer.response.cleanUrl);
      if (snapshotNow() !== PROCESSING) set(PROCESSING);
      loadSsoModule(session)
        .then(({ handleSsoCallback }) => handleSsoCallback(session, { url: answer.url }))
        .then(
          (result) => set(result ? { status: 'success', returnTo: result.returnTo } : IDLE),
          (error: unknown) => {
            const attempt = getSsoAttempt(error);
            if (!attempt) {
              set({ status: 'error', error: normalizeError(error) });
              return;
            }
            // A sign-in that did not complete (cancelled, refused) goes back to the page it
            // started from, not the callback's address, unless the app has moved on already.
            const { pathname, search, hash } = window.location;
            if (`${pathname}${search}${hash}` === answer.response.cleanUrl) {
              window.history.replaceState(window.history.state, '', attempt.returnTo);
            }
            set({
              status: 'error',
              error: normalizeError(error),
              returnTo: attempt.returnTo,
              username: attempt.username,
            });
          },
        );
    },
  };
}

/** Idle, with the user name of a sign-in this tab left for and came back from with Back. */
function idleState(session: VaultSession): SsoCallbackState {
  // Without `sso.load` no sign-in can have left for a provider, so there is no name to give
  // back, and a login page of such an app reads no storage before its first paint (the
  // first read of a page may wait on the browser).
  if (typeof window === 'undefined' || session.sso?.load === undefined) return IDLE;
  const username = findPendingSsoUsername();
  return username === undefined ? IDLE : Object.freeze({ status: 'idle', username });
}

function readAnswer(session: VaultSession) {
  if (typeof window === 'undefined') return undefined;
  let redirectUri: string;
  try {
    redirectUri = resolveSsoRedirectUri(session.sso?.redirectUri);
  } catch {
    // A redirect URI that cannot be one is reported when a sign-in starts.
    return undefined;
  }
  const url = window.location.href;
  const response = parseSsoCallbackUrl(url, redirectUri);
  return response ? { url, response } : undefined;
}
