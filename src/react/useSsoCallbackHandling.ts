'use client';
import { useEffect } from 'react';
import type { VaultSession } from '../core/session/VaultSession';
import { getSsoCallbackStore } from '../oidc/getSsoCallbackStore';

/**
 * Completes a single sign-on when the page is loaded at the redirect URI with the
 * provider's answer, unless the session's `sso.handleCallback` is `false`. Used by
 * `SessionProvider`; safe under StrictMode (the answer is handled once).
 */
export function useSsoCallbackHandling(session: VaultSession): void {
  useEffect(() => {
    if (session.sso?.handleCallback !== false) getSsoCallbackStore(session).process();
  }, [session]);
}
