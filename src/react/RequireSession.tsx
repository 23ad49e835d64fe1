'use client';
import type { ReactNode } from 'react';
import { isLiveStatus } from '../core/session/sessionReducer';
import { useServerOrHydrating } from './useServerOrHydrating';
import { useSession } from './useSession';
import { useSsoCallback } from './useSsoCallback';

/**
 * Props of {@link RequireSession}.
 *
 * @example
 * ```tsx
 * const props: RequireSessionProps = {
 *   fallback: <LoginForm />,
 *   pending: <p role="status">Signing you in…</p>,
 *   children: <App />,
 * };
 * ```
 */
export interface RequireSessionProps {
  /**
   * Shown while there is no session: the login form, usually. A new tab shows it at once,
   * while it asks the open tabs for their session; a session one of them hands over puts
   * `children` in its place.
   */
  fallback: ReactNode;
  /**
   * Shown while a single sign-on callback is being completed, and in server rendering and
   * hydration, where nobody can know yet whether the browser holds a session. Default:
   * nothing.
   */
  pending?: ReactNode;
  children?: ReactNode;
}

/**
 * Renders its children only while a session is live (active, delegated, or close to the
 * cap), and `fallback` otherwise; after expiry or sign-out the fallback comes back, with the
 * last user name still known to the session.
 *
 * @example
 * ```tsx
 * <RequireSession fallback={<LoginForm />} pending={<p role="status">Signing you in…</p>}>
 *   <App />
 * </RequireSession>
 * ```
 */
export function RequireSession({ fallback, pending = null, children }: RequireSessionProps) {
  const { status } = useSession();
  const sso = useSsoCallback();
  const serverOrHydrating = useServerOrHydrating();
  if (isLiveStatus(status)) return <>{children}</>;
  // Coming back from the identity provider is not "signed out": the form would flash.
  if (serverOrHydrating || sso.status === 'processing') return <>{pending}</>;
  // The form does not wait for the other tabs' answer: a user who has to sign in can start
  // typing at once, and one who has a tab open sees the form give way in a moment.
  return <>{fallback}</>;
}
