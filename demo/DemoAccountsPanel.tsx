import type { ReactNode } from 'react';
import { useDemoLanguage } from './DemoLanguageProvider';
import { DEMO_ACCOUNTS, type DemoAccount } from './demoAccounts';
import type { DemoMessages } from './demoMessages';

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
  const t = useDemoLanguage().language.demo.accounts;
  return (
    <aside className="demo-accounts" aria-labelledby="demo-accounts-heading">
      <h2 id="demo-accounts-heading" className="demo-accounts__heading">
        {t.heading}
      </h2>
      <p className="demo-accounts__intro">{t.intro}</p>
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
                <span className="vsk-visually-hidden">{`${t.use} `}</span>
                <code className="demo-account__username">{account.username}</code>
              </button>
              <Credential credential={account.credential} t={t} />
              {account === chosen ? (
                <span className="demo-account__chosen">{t.inTheForm}</span>
              ) : null}
            </p>
            <p className="demo-account__outcome">
              {t.outcomes[account.outcome]}
              {account.credential.kind === 'sso'
                ? ` ${t.ssoAt(account.credential.provider, account.credential.user, account.credential.password)}`
                : null}
            </p>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function Credential({
  credential,
  t,
}: {
  credential: DemoAccount['credential'];
  t: DemoMessages['accounts'];
}): ReactNode {
  switch (credential.kind) {
    case 'password':
      return (
        <span className="demo-account__password">
          <span className="vsk-visually-hidden">{`, ${t.password} `}</span>
          <code>{credential.password}</code>
        </span>
      );
    case 'any':
      return (
        <span className="demo-account__note">
          <span className="vsk-visually-hidden">, </span>
          {t.anyPassword}
        </span>
      );
    default:
      return (
        <span className="demo-account__note">
          <span className="vsk-visually-hidden">, </span>
          {t.singleSignOn}
        </span>
      );
  }
}
