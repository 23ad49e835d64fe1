'use client';
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { enSessionMessages } from '../locales/en/enSessionMessages';
import { useLogout } from '../react/useLogout';
import type { SessionMessages } from './i18n/SessionMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';

/**
 * Props of {@link SignOutButton}: any `<button>` attribute, plus the strings.
 *
 * @example
 * ```tsx
 * const props: SignOutButtonProps = { className: 'toolbar-button', children: 'Log out' };
 * ```
 */
export interface SignOutButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> {
  /** Strings to replace; the rest come from `VaultMessagesProvider` or English. */
  messages?: Partial<SessionMessages> | undefined;
  /**
   * The label. Default `messages.signOut` ("Sign out"), or `messages.signOutOfVault` ("Sign
   * out of the vault too") with `endLentSession`; then `signingOut` while it runs.
   */
  children?: ReactNode;
  /**
   * Also end, at the vault, a session that a vault's web tab lent the app (the snapshot's
   * `lent`): the user's choice to sign out of the vault around the app as well. Without it
   * signing out leaves that session to the vault window. Show such a button beside the
   * plain one, for a lent session only.
   */
  endLentSession?: boolean | undefined;
}

/**
 * Signs out of every tab and ends the server sessions (SES-08: put it on every
 * authenticated view). While the sign-out runs the button stays focusable but inert
 * (`aria-disabled`), so keyboard focus is not thrown to the page. An `onClick` that calls
 * `preventDefault()` cancels the sign-out. It is outlined by default; `data-variant="primary"`
 * gives it the theme's filled look.
 *
 * @example
 * ```tsx
 * <nav>
 *   <SessionTimer />
 *   <SignOutButton data-variant="primary" />
 * </nav>
 * ```
 *
 * Inside a vault's web tab, where the session is the vault's (`lent`), a second button lets
 * the user sign out of the vault as well:
 *
 * ```tsx
 * const { lent } = useSession();
 * <nav>
 *   <SignOutButton />
 *   {lent && <SignOutButton endLentSession />}
 * </nav>
 * ```
 */
export function SignOutButton({
  messages,
  children,
  className,
  onClick,
  endLentSession,
  ...rest
}: SignOutButtonProps): ReactNode {
  const t = useVaultMessages('session', enSessionMessages, messages);
  const { logout, isPending } = useLogout({ endLentSession });
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || isPending) return;
    logout();
  };
  return (
    <button
      {...rest}
      type="button"
      className={['vsk-root', 'vsk-button', 'vsk-sign-out-button', className]
        .filter(Boolean)
        .join(' ')}
      aria-disabled={isPending ? true : rest['aria-disabled']}
      data-state={isPending ? 'pending' : 'idle'}
      onClick={handleClick}
    >
      {children ?? (isPending ? t.signingOut : endLentSession ? t.signOutOfVault : t.signOut)}
    </button>
  );
}
