'use client';
import { useEffect, useSyncExternalStore } from 'react';
import { getSsoCallbackStore, type SsoCallbackState } from '../oidc/getSsoCallbackStore';
import { useVaultSession } from './VaultSessionContext';

const SERVER_STATE: SsoCallbackState = Object.freeze({ status: 'idle' });

/**
 * The progress of the single sign-on callback: `idle` on any other page, `processing`
 * while the code is exchanged and the session started, then `success` (with `returnTo`,
 * the same-origin path to show next) or `error` (a `VaultError`; SSO failures are
 * `VaultOAuthError` with `error` = `sso_cancelled`, `sso_state_mismatch` or `sso_failed`).
 * When the failed sign-in was started in this browser (a cancel at the provider, a refused
 * code), the address bar is already back on its `returnTo`, and `username` is the user name
 * typed before it, for the login form to fill in again; `LoginForm` does.
 *
 * `SessionProvider` completes the callback by itself; with `sso.handleCallback: false` the
 * component that calls this hook does, on mount. Either way it happens once.
 *
 * @example
 * ```tsx
 * import { useEffect } from 'react';
 *
 * function SsoReturn() {
 *   const { status, error, returnTo } = useSsoCallback();
 *   useEffect(() => {
 *     if (status === 'success') navigate(returnTo ?? '/');
 *   }, [status, returnTo]);
 *   if (status === 'error') return <p role="alert">{error?.message}</p>;
 *   return <p role="status">Signing you in…</p>;
 * }
 * ```
 */
export function useSsoCallback(): SsoCallbackState {
  const session = useVaultSession();
  const store = getSsoCallbackStore(session);
  useEffect(() => {
    if (session.sso?.handleCallback === false) store.process();
  }, [session, store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => SERVER_STATE);
}
