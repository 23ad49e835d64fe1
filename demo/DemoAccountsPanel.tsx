import type { ReactNode } from 'react';
import { DEMO_ACCOUNTS, type DemoAccount } from './demoAccounts';

/**
 * The demo accounts beside the login form: each user name, what to type as its password and
 * what signing in with it shows, so every path of the form can be tried.
 *
 * @example
 * ```tsx
 * <DemoAccountsPanel />
 * ```
 */
export function DemoAccountsPanel(): ReactNode {
  return (
    <aside className="demo-accounts" aria-labelledby="demo-accounts-heading">
      <h2 id="demo-accounts-heading" className="demo-accounts__heading">
        Demo accounts
      </h2>
      <p className="demo-accounts__intro">
        The built-in vault knows these people. A user name it does not know, or a wrong password,
        gets the same answer.
      </p>
      <ul className="demo-accounts__list">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.username} className="demo-account">
            <p className="demo-account__row">
              <code className="demo-account__username">{account.username}</code>
              <Credential credential={account.credential} />
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
