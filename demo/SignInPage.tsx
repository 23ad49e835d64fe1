import { type ReactNode, useContext, useEffect, useState } from 'react';
import { LoginForm, useSession } from '../src/index';
import { DemoAccountsPanel } from './DemoAccountsPanel';
import { DemoBrand } from './DemoBrand';
import { DemoFooter } from './DemoFooter';
import { useDemoLanguage } from './DemoLanguageProvider';
import { DEMO_ACCOUNTS, type DemoAccount } from './demoAccounts';
import type { DemoMessages } from './demoMessages';
import { demoVault } from './demoVault';
import { RememberedUsersContext } from './RememberedUsersContext';
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
 * it the demo accounts with what each one shows. Choosing an account fills its user name
 * into the form, moves focus there and says under the form what to type next.
 *
 * @example
 * ```tsx
 * <RequireSession fallback={<SignInPage />}>…</RequireSession>
 * ```
 */
export function SignInPage(): ReactNode {
  const { endReason } = useSession();
  const { language } = useDemoLanguage();
  const t = language.demo.signIn;
  useDocumentTitle(t.pageTitle);
  // The page owns the user name, so that the accounts beside the form can fill it in.
  const [username, setUsername] = useState('');
  const [choices, setChoices] = useState(0);
  const chosen = demoAccountNamed(username);
  const rememberedUsers = useContext(RememberedUsersContext);

  // After a sign-out or an expiry the control that had focus is gone; the user name field
  // (filled with the last user name) is where the keyboard continues. A first visit keeps
  // the browser's own starting point.
  useEffect(() => {
    const active = document.activeElement;
    if (endReason !== undefined && (active === null || active === document.body)) {
      focusSignInField();
    }
  }, [endReason]);

  // After the commit that put the chosen name in the field (and took the form back to its
  // first step if need be): the keyboard continues there, one Enter away from "Continue".
  useEffect(() => {
    if (choices > 0) focusSignInField();
  }, [choices]);

  return (
    <div className="demo-page demo-page--signin">
      <SkipLink target={MAIN_ID} />
      <header className="demo-topbar">
        <DemoBrand />
      </header>
      <div className="demo-signin">
        <main id={MAIN_ID} tabIndex={-1} className="demo-signin__main">
          <p className="demo-signin__intro">{t.intro}</p>
          <LoginForm
            headingLevel={1}
            // The brand's English heading only where the form speaks English; elsewhere the
            // form's own title, so the heading is in the language of the form around it.
            title={language.tag === 'en' ? 'Sign in to Vault Docs' : undefined}
            className="demo-login"
            username={username}
            onUsernameChange={setUsername}
            passwordChangeUrl={demoVault.passwordChangeUrl}
            passwordResetUrl={demoVault.passwordResetUrl}
            rememberedUsers={rememberedUsers}
          />
          <p className="demo-signin__chosen" role="status">
            {chosen ? chosenAccountHint(chosen, t) : null}
          </p>
        </main>
        <DemoAccountsPanel
          chosen={chosen}
          onChoose={(account) => {
            setUsername(account.username);
            setChoices((count) => count + 1);
          }}
        />
      </div>
      <DemoFooter />
    </div>
  );
}

function demoAccountNamed(username: string): DemoAccount | undefined {
  const name = username.trim().toLowerCase();
  return DEMO_ACCOUNTS.find((account) => account.username === name);
}

/** Under the form, for the demo only: what to type for the account in the form. */
function chosenAccountHint(account: DemoAccount, t: DemoMessages['signIn']): string {
  const { credential, username } = account;
  switch (credential.kind) {
    case 'password':
      return t.chosenPassword(username, credential.password);
    case 'any':
      return t.chosenAnyPassword(username);
    default:
      return t.chosenSso(username, credential.provider, credential.user, credential.password);
  }
}
