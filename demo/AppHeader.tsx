import type { ReactNode } from 'react';
import { SessionTimer, SignOutButton, useSession } from '../src/index';
import { DelegationsMenu } from './DelegationsMenu';
import { DemoBrand } from './DemoBrand';
import { useOwnProfile } from './useOwnProfile';

/**
 * The signed-in header: the app's name, the session timer, the delegations menu, who is
 * signed in to which vault, and "Sign out" (SES-08: on every authenticated view).
 *
 * @example
 * ```tsx
 * <AppHeader />
 * ```
 */
export function AppHeader(): ReactNode {
  const { user } = useSession();
  const { data: profile } = useOwnProfile();
  const username = user?.username ?? '';
  const displayName = profile?.displayName ?? username;
  const vaultName = user?.vault?.name ?? (user ? `Vault ${user.vaultId}` : '');

  return (
    <header className="demo-header">
      <DemoBrand />
      <div className="demo-header__tools">
        <SessionTimer className="demo-timer" />
        <DelegationsMenu />
        <div className="demo-identity">
          <span className="demo-identity__avatar" aria-hidden="true">
            {initials(displayName)}
          </span>
          <span className="demo-identity__text">
            <span className="vsk-visually-hidden">Signed in as </span>
            <span className="demo-identity__name">{displayName}</span>
            <span className="demo-identity__meta">
              {displayName === username ? null : (
                <>
                  <span className="demo-identity__username">{username}</span>
                  <span aria-hidden="true"> · </span>
                </>
              )}
              <span className="vsk-visually-hidden">, in </span>
              <span className="demo-identity__vault">{vaultName}</span>
            </span>
          </span>
        </div>
        <SignOutButton className="demo-sign-out" data-variant="secondary" />
      </div>
    </header>
  );
}

function initials(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters
    .map((word) => word?.charAt(0) ?? '')
    .join('')
    .toUpperCase();
}
