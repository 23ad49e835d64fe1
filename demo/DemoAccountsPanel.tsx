import type { ReactNode } from 'react';
import { DEMO_ACCOUNTS, type DemoAccount } from './demoAccounts';

/**
 * Props of {@link DemoAccountsPanel}.
 *
 * @example
 * ```tsx
 * const props: DemoAccountsPanelProps = { chosen: undefined, onChoose: (a) => fill(a.username) };
 * ```
 */
export interface DemoAccountsPanelProps {
  /** The account whose user name is in the login form now, marked as such. */
  readonly chosen: DemoAccount | undefined;
  /** Called when the user picks an account with its "Use …" button. */
  readonly onChoose: (account: DemoAccount) => void;
}

/**
 * The demo accounts beside the login form: each user name as a button that fills it into
 * the form, what to type as its password and what signing in with it shows, so every path
 * of the form can be tried.
 *
 * @example
 * ```tsx
 * <DemoAccountsPanel chosen={chosen} onChoose={(account) => setUsername(account.username)} />
 * ```
 */
export function DemoAccountsPanel({ chosen, onChoose }: DemoAccountsPanelProps): ReactNode {
  return (
    <aside className="demo-accounts" aria-labelledby="demo-accounts-heading" lang="en" dir="ltr">
      <h2 id="demo-accounts-heading" className="demo-accounts__heading">
        Demo accounts
      </h2>
      <p className="demo-accounts__intro">
        The built-in vault knows these people. Choose one to put its user name in the form; type the
        password shown with it. A user name the vault does not know, or a wrong password, gets the
        same answer.
      </p>
      <ul className="demo-accounts__list">
        {DEMO_ACCOUNTS.map((account) => (
          <li
            key={account.username}
            className="demo-account"
            data-chosen={account === chosen ? 'true' : undefined}
          >
            <p className="demo-account__row">
              <button
                type="button"
                className="demo-account__use"
                aria-current={account === chosen ? 'true' : undefined}
                onClick={() => onChoose(account)}
              >
                <span className="vsk-visually-hidden">Use </span>
                <code className="demo-account__username">{account.username}</code>
              </button>
              <Credential credential={account.credential} />
              {account === chosen ? (
                <span className="demo-account__chosen">In the form</span>
              ) : null}
            </p>
            <p className="demo-account__outcome">
              {account.outcome}
              {account.credential.kind === 'sso' ? (
                <>
                  {' '}
                  At {account.credential.provider}, sign in as{' '}
                  <code>{account.credential.user}</code> with{' '}
                  <code>{account.credential.password}</code>.
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function Credential({ credential }: { credential: DemoAccount['credential'] }): ReactNode {
  switch (credential.kind) {
    case 'password':
      return (
        <span className="demo-account__password">
          <span className="vsk-visually-hidden">, password </span>
          <code>{credential.password}</code>
        </span>
      );
    case 'any':
      return (
        <span className="demo-account__note">
          <span className="vsk-visually-hidden">, </span>any password
        </span>
      );
    default:
      return (
        <span className="demo-account__note">
          <span className="vsk-visually-hidden">, </span>single sign-on
        </span>
      );
  }
}
