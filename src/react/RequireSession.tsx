'use client';
import type { ReactNode } from 'react';
import { isLiveStatus } from '../core/session/sessionReducer';
import { useSession } from './useSession';

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
   * Shown for the split second in which a new tab asks the open ones for their session
   * (and during server rendering). Default: nothing, so the login form does not flash.
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
  if (isLiveStatus(status)) return <>{children}</>;
  if (joining) return <>{pending}</>;
  return <>{fallback}</>;
}
