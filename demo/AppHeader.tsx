import type { ReactNode } from 'react';
import { SessionTimer, SignOutButton, useSession } from '../src/index';
import { DelegationsMenu } from './DelegationsMenu';
import { DemoBrand } from './DemoBrand';
import { DEMO_PEOPLE } from './demoAccounts';
import { useOwnProfile } from './useOwnProfile';

/**
 * The signed-in header: the app's name, the session timer, the delegations menu, who the
 * calls are made as and in which vault, and "Sign out" (SES-08: on every authenticated
 * view). While acting for someone it names that person and their vault, so that it never
 * contradicts the acting-as banner.
 *
 * @example
 * ```tsx
 * <AppHeader />
 * ```
 */
export function AppHeader(): ReactNode {
  const { user, delegation, vault } = useSession();
  const { data: profile } = useOwnProfile();
  const username = user?.username ?? '';
  const displayName = profile?.displayName ?? username;
  // The vault the calls go to: the delegation's while acting for someone.
  const vaultName = vault?.name || (vault ? `Vault ${vault.id}` : '');
  const actingFor = delegation
    ? (DEMO_PEOPLE[delegation.delegatorUserId] ?? `user ${delegation.delegatorUserId}`)
    : undefined;

  return (
    <header className="demo-header">
      <DemoBrand />
      <div className="demo-header__tools">
        <SessionTimer className="demo-timer" />
        <DelegationsMenu />
        <div
          className="demo-identity"
          lang="en"
          dir="ltr"
          data-acting={actingFor === undefined ? undefined : 'true'}
        >
          <span className="demo-identity__avatar" aria-hidden="true">
            {initials(actingFor ?? displayName)}
          </span>
          <span className="demo-identity__text">
            {actingFor === undefined ? (
              <>
                <span className="vsk-visually-hidden">Signed in as </span>
                <span className="demo-identity__name">{displayName}</span>
              </>
            ) : (
              <span className="demo-identity__name">Acting as {actingFor}</span>
            )}
            <span className="demo-identity__meta">
              {actingFor !== undefined ? (
                <>
                  <span className="demo-identity__username">you are {username}</span>
                  <span aria-hidden="true"> · </span>
                </>
              ) : displayName === username ? null : (
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
