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
  /** The label. Default `messages.signOut` ("Sign out"), then `signingOut` while it runs. */
  children?: ReactNode;
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
 */
export function SignOutButton({
  messages,
  children,
  className,
  onClick,
  ...rest
}: SignOutButtonProps): ReactNode {
  const t = useVaultMessages('session', enSessionMessages, messages);
  const { logout, isPending } = useLogout();
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
      {children ?? (isPending ? t.signingOut : t.signOut)}
    </button>
  );
}
