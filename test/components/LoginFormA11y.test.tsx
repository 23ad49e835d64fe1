import { configure, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { LoginForm, type LoginFormProps } from '../../src/components/LoginForm';
import { demoDirectory } from '../../src/emulator/index';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import {
  OLIVIA,
  type RenderWithSessionOptions,
  renderWithSession,
} from '../support/renderWithSession';

configure({ asyncUtilTimeout: 5_000 });

const SETTINGS = { keepAlive: false, joinTimeoutMs: 20 } as const;
const vaults = [
  { dns: 'promomats.sunrise.example', name: 'Sunrise PromoMats' },
  { dns: 'clinical.harbor.example', name: 'Harbor Clinical' },
];

/**
 * A11Y-03 / A11Y-07: axe with the WCAG 2.0-2.2 A and AA rules. Layout rules such as
 * color-contrast cannot be decided in jsdom; axe reports them as incomplete, not as passes.
 */
async function expectNoViolations(
  container: HTMLElement,
  state: string,
  { hasControls = true } = {},
): Promise<void> {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  });
  const found = result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
  expect(found, state).toEqual([]);
  // The run looked at the form: the label and name rules had something to check.
  if (hasControls) expect(result.passes.length, state).toBeGreaterThan(0);
}

async function renderForm(props: LoginFormProps = {}, options: RenderWithSessionOptions = {}) {
  const user = userEvent.setup({ delay: null });
  const tab = await renderWithSession(
    <main>
      <LoginForm {...props} />
    </main>,
    { settings: SETTINGS, client: { clientId: 'vault-session-kit-demo' }, ...options },
  );
  const alert = () => within(tab.container).getByRole('alert');
  const continueAs = async (username: string, heading: string) => {
    await user.type(tab.getByRole('textbox', { name: en.usernameLabel }), username);
    await user.click(tab.getByRole('button', { name: en.continue }));
    await tab.findByRole('heading', { name: heading });
  };
  const signIn = async (password: string) => {
    await user.type(tab.getByLabelText(en.passwordLabel, { selector: 'input' }), password);
    await user.click(tab.getByRole('button', { name: en.signIn }));
  };
  return { user, tab, alert, continueAs, signIn };
}

describe('LoginForm: axe finds no WCAG 2.2 A/AA violation in any step or error state', () => {
  it('identifier step, empty-name error, password step with vault choice, wrong password, vault refused, signed in', async () => {
    const { tab, user, alert, continueAs, signIn } = await renderForm({ vaults });
    await expectNoViolations(tab.container, 'identifier step');

    await user.click(tab.getByRole('button', { name: en.continue }));
    await waitFor(() => expect(alert()).toHaveTextContent(en.usernameRequired));
    await expectNoViolations(tab.container, 'identifier step, empty user name');

    await continueAs(OLIVIA.username, en.passwordHeading);
    await expectNoViolations(tab.container, 'password step with vault choice');

    await user.click(tab.getByRole('button', { name: en.showPassword }));
    await expectNoViolations(tab.container, 'password shown');

    await signIn('wrong');
    await waitFor(() => expect(alert()).toHaveTextContent(en.incorrectCredentials));
    await expectNoViolations(tab.container, 'wrong password');

    await user.selectOptions(tab.getByRole('combobox', { name: en.vaultLabel }), 'Harbor Clinical');
    await signIn(OLIVIA.password);
    await waitFor(() =>
      expect(alert()).toHaveTextContent(
        en.vaultElsewhere({ vault: 'Harbor Clinical', actual: 'Sunrise PromoMats' }),
      ),
    );
    await expectNoViolations(tab.container, 'vault refused');

    await user.selectOptions(
      tab.getByRole('combobox', { name: en.vaultLabel }),
      'Sunrise PromoMats',
    );
    await signIn(OLIVIA.password);
    await tab.findByRole('heading', { name: en.signedInHeading });
    await expectNoViolations(tab.container, 'signed in', { hasControls: false });
  });

  it('password change required (with its link), locked, and the rate-limit countdown', async () => {
    const first = await renderForm(
      { passwordChangeUrl: 'https://promomats.sunrise.example/ui/' },
      { service: { emulator: { authBurstLimit: 1 } } },
    );
    await first.continueAs('newhire@sunrise.example', en.passwordHeading);
    await first.signIn('Sunrise-Demo-3');
    await waitFor(() => expect(first.alert()).toHaveTextContent(en.passwordChangeRequired));
    await expectNoViolations(first.tab.container, 'password change required');

    await first.signIn('Sunrise-Demo-3');
    await waitFor(() => expect(first.alert()).toHaveTextContent(en.rateLimited({ seconds: 60 })));
    await expectNoViolations(first.tab.container, 'rate limited');
    first.tab.unmount();

    const locked = await renderForm();
    await locked.continueAs('locked@sunrise.example', en.passwordHeading);
    await locked.signIn('anything');
    await waitFor(() => expect(locked.alert()).toHaveTextContent(en.lockedOut));
    await expectNoViolations(locked.tab.container, 'locked out');
  });

  it('service fault with "Try again"', async () => {
    const { tab, alert, continueAs, signIn } = await renderForm();
    await continueAs(OLIVIA.username, en.passwordHeading);
    tab.backend.intercept(() => () => new Response('Bad gateway', { status: 502 }));
    await signIn(OLIVIA.password);
    await waitFor(() => expect(alert()).toHaveTextContent(en.serviceUnavailable));
    expect(tab.getByRole('button', { name: en.tryAgain })).toBeInTheDocument();
    await expectNoViolations(tab.container, 'service fault');
  });

  it('SSO step, SAML-only step and a cancelled single sign-on, in a right-to-left page', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const sso = await renderForm();
      await sso.continueAs('sam@harbor.example', en.ssoHeading);
      await expectNoViolations(sso.tab.container, 'SSO step');
      sso.tab.unmount();

      const portal = await renderForm(
        {},
        {
          service: {
            emulator: {
              data: {
                ...demoDirectory,
                realms: [...demoDirectory.realms, { domain: 'portal.example', profileIds: [] }],
              },
            },
          },
        },
      );
      await portal.continueAs('pat@portal.example', en.ssoHeading);
      await expectNoViolations(portal.tab.container, 'SAML-only step');
      portal.tab.unmount();

      window.history.replaceState(null, '', '/sso/callback?error=access_denied');
      const back = await renderForm();
      await waitFor(() => expect(back.alert()).toHaveTextContent(en.ssoCancelled));
      await expectNoViolations(back.tab.container, 'SSO cancelled');
    } finally {
      document.documentElement.removeAttribute('dir');
      window.history.replaceState(null, '', '/');
    }
  });
});
