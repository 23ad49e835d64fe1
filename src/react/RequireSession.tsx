'use client';
import type { ReactNode } from 'react';
import { isLiveStatus } from '../core/session/sessionReducer';
import { useSession } from './useSession';
import { useSsoCallback } from './useSsoCallback';

/**
 * Props of {@link RequireSession}.
 *
 * @example
 * ```tsx
 * const props: RequireSessionProps = { fallback: <LoginForm />, children: <Documents /> };
 * ```
 */
export interface RequireSessionProps {
  /** Shown while there is no session: the login form, usually. */
  fallback: ReactNode;
  /**
   * Shown for the split second in which a new tab asks the open ones for their session,
   * while a single sign-on callback is being completed, and during server rendering.
   * Default: nothing, so the login form does not flash.
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
 * <RequireSession fallback={<LoginForm />}>
 *   <DocumentList />
 * </RequireSession>
 * ```
 */
export function RequireSession({ fallback, pending = null, children }: RequireSessionProps) {
  const { status, joining } = useSession();
  const sso = useSsoCallback();
  if (isLiveStatus(status)) return <>{children}</>;
  // Coming back from the identity provider is not "signed out": the form would flash.
  if (joining || sso.status === 'processing') return <>{pending}</>;
  return <>{fallback}</>;
}
