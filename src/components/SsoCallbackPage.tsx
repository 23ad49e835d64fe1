'use client';
import { type ReactNode, useEffect, useRef } from 'react';
import { isLiveStatus } from '../core/session/sessionReducer';
import { enLoginMessages } from '../locales/en/enLoginMessages';
import { useServerOrHydrating } from '../react/useServerOrHydrating';
import { useSession } from '../react/useSession';
import { useSsoCallback } from '../react/useSsoCallback';
import type { LoginMessages } from './i18n/LoginMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import { LoginForm } from './LoginForm';

/**
 * Props of {@link SsoCallbackPage}.
 *
 * @example
 * The redirect URI's page, moving on with the app's router instead of a page load:
 * ```tsx
 * const props: SsoCallbackPageProps = { navigate: (to) => navigate(to) };
 * <SsoCallbackPage {...props} />;
 * ```
 */
export interface SsoCallbackPageProps {
  /**
   * Goes to the page the sign-in started from (`returnTo`, or `/`) once the session is
   * live. Default: `window.location.replace(to)`, a page load, after which BFF mode finds
   * the session again at the proxy (and token mode in `sessionStorage`, with
   * `sessionStorageAdapter()`). In token mode with the session in memory only, give your
   * router's navigation (Next.js: `useRouter().replace`), which keeps the page's memory.
   */
  navigate?: ((to: string) => void) | undefined;
  /** Strings to replace; the rest come from `VaultMessagesProvider` or English. */
  messages?: Partial<LoginMessages> | undefined;
}

/**
 * The page at the single sign-on redirect URI (`sso.redirectUri`), ready to mount under a
 * `SessionProvider` (in Next.js, one in the root layout): `app/sso/callback/page.tsx` is
 * `export { SsoCallbackPage as default } from 'vault-session-kit';`. The provider completes
 * the sign-in; this page says so from its first paint (server HTML included), then goes to
 * the page the sign-in started from. When the sign-in failed (cancelled at the identity
 * provider, a refused code) it shows the login form with the reason and the user name
 * typed before, and goes on once the user has signed in there.
 *
 * @example
 * ```tsx
 * // app/sso/callback/page.tsx
 * export { SsoCallbackPage as default } from 'vault-session-kit';
 * ```
 */
export function SsoCallbackPage({ navigate, messages }: SsoCallbackPageProps): ReactNode {
  const t = useVaultMessages('login', enLoginMessages, messages);
  const { status } = useSession();
  const callback = useSsoCallback();
  const serverOrHydrating = useServerOrHydrating();
  const live = isLiveStatus(status);
  const returnTo = callback.returnTo ?? '/';
  // The latest `navigate`, so that a new function on every render goes only once.
  const go = useRef(navigate);
  go.current = navigate;
  useEffect(() => {
    if (live) (go.current ?? replaceLocation)(returnTo);
  }, [live, returnTo]);
  if (live || serverOrHydrating || callback.status === 'processing') {
    return (
      <p className="vsk-root vsk-sso-callback" role="status">
        {t.ssoCompleting}
      </p>
    );
  }
  return <LoginForm messages={messages} />;
}

function replaceLocation(to: string): void {
  window.location.replace(to);
}
