import { type ReactNode, useEffect } from 'react';
import { LoginForm, useSession } from '../src/index';
import { DemoAccountsPanel } from './DemoAccountsPanel';
import { DemoBrand } from './DemoBrand';
import { DemoFooter } from './DemoFooter';
import { SkipLink } from './SkipLink';
import { useDocumentTitle } from './useDocumentTitle';

const MAIN_ID = 'main';

/**
 * Moves focus to the user name field of the sign-in page (or, failing that, to its main
 * area), so that after sign-out or expiry the keyboard starts where the next step is.
 *
 * @example
 * ```ts
 * focusSignInField();
 * ```
 */
export function focusSignInField(): void {
  const main = document.getElementById(MAIN_ID);
  const field = main?.querySelector<HTMLInputElement>(
    'input[autocomplete="username"]:not([hidden])',
  );
  (field ?? main)?.focus();
}

/**
 * The signed-out page: the identifier-first login form as the page's one `h1`, and beside
 * it the demo accounts with what each one shows.
 *
 * @example
 * ```tsx
 * <RequireSession fallback={<SignInPage />}>…</RequireSession>
 * ```
 */
export function SignInPage(): ReactNode {
  const { endReason } = useSession();
  useDocumentTitle('Sign in');

  // After a sign-out or an expiry the control that had focus is gone; the user name field
  // (filled with the last user name) is where the keyboard continues. A first visit keeps
  // the browser's own starting point.
  useEffect(() => {
    const active = document.activeElement;
    if (endReason !== undefined && (active === null || active === document.body)) {
      focusSignInField();
    }
  }, [endReason]);

  return (
    <div className="demo-page demo-page--signin">
      <SkipLink target={MAIN_ID} />
      <header className="demo-topbar">
        <DemoBrand />
      </header>
      <div className="demo-signin">
        <main id={MAIN_ID} tabIndex={-1} className="demo-signin__main">
          <p className="demo-signin__intro">
            Sign in to see your vault's documents. The session stays healthy on its own and ends
            cleanly when you sign out.
          </p>
          <LoginForm headingLevel={1} title="Sign in to Vault Docs" className="demo-login" />
        </main>
        <DemoAccountsPanel />
      </div>
      <DemoFooter />
    </div>
  );
}
