import { type ReactNode, useContext } from 'react';
import { SessionTimer, SignOutButton, useSession, VaultSwitcher } from '../src/index';
import { DelegationsMenu } from './DelegationsMenu';
import { DemoBrand } from './DemoBrand';
import { useDemoLanguage } from './DemoLanguageProvider';
import { DEMO_PEOPLE } from './demoAccounts';
import { RememberedUsersContext } from './RememberedUsersContext';
import { useOwnProfile } from './useOwnProfile';

/**
 * The signed-in header: the app's name, the session timer, the delegations menu, who the
 * calls are made as and in which vault, the vault switcher, and "Sign out" (SES-08: on every authenticated
 * view), with "Sign out of the vault too" beside it inside a vault's web tab. While acting for someone it names that person and their vault, so that it never
 * contradicts the acting-as banner.
 *
 * @example
 * ```tsx
 * <AppHeader />
 * ```
 */
export function AppHeader(): ReactNode {
  const { user, delegation, vault, lent } = useSession();
  const { data: profile } = useOwnProfile();
  const t = useDemoLanguage().language.demo.header;
  const rememberedUsers = useContext(RememberedUsersContext);
  const username = user?.username ?? '';
  const displayName = profile?.displayName ?? username;
  // The vault the calls go to: the delegation's while acting for someone.
  const vaultName = vault?.name || (vault ? t.vaultNumber(String(vault.id)) : '');
  const actingFor = delegation
    ? (DEMO_PEOPLE[delegation.delegatorUserId] ?? t.userNumber(delegation.delegatorUserId))
    : undefined;

  return (
    <header className="demo-header">
      <DemoBrand />
      <div className="demo-header__tools">
        <SessionTimer className="demo-timer" />
        {/* While acting for someone the header names the vault the calls go to; the switcher
            (which names the user's own vault) comes back with "Stop acting". */}
        {delegation ? null : (
          <VaultSwitcher className="demo-switcher" rememberedUsers={rememberedUsers} />
        )}
        <DelegationsMenu />
        <div className="demo-identity" data-acting={actingFor === undefined ? undefined : 'true'}>
          <span className="demo-identity__avatar" aria-hidden="true">
            {initials(actingFor ?? displayName)}
          </span>
          <span className="demo-identity__text">
            {actingFor === undefined ? (
              <>
                <span className="vsk-visually-hidden">{`${t.signedInAs} `}</span>
                <bdi className="demo-identity__name">{displayName}</bdi>
              </>
            ) : (
              <span className="demo-identity__name">{t.actingAs(actingFor)}</span>
            )}
            <span className="demo-identity__meta">
              {actingFor !== undefined ? (
                <>
                  <span className="demo-identity__username">{t.youAre(username)}</span>
                  <span aria-hidden="true"> · </span>
                </>
              ) : displayName === username ? null : (
                <>
                  <bdi className="demo-identity__username">{username}</bdi>
                  <span aria-hidden="true"> · </span>
                </>
              )}
              <span className="vsk-visually-hidden">{t.inVault}</span>
              <bdi className="demo-identity__vault">{vaultName}</bdi>
            </span>
          </span>
        </div>
        <SignOutButton className="demo-sign-out" data-variant="secondary" />
        {/* Inside a vault's web tab the session is the vault's: signing out of the app leaves
            it alive, and this ends it at the vault too, as the user chooses. */}
        {lent ? (
          <SignOutButton className="demo-sign-out" data-variant="secondary" endLentSession />
        ) : null}
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
