import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { ActingAsBanner } from '../../src/components/ActingAsBanner';
import { VaultMessagesProvider } from '../../src/components/i18n/VaultMessagesContext';
import { VaultSwitcher } from '../../src/components/VaultSwitcher';
import { deMessages } from '../../src/locales/de';
import { useSession } from '../../src/react/useSession';
import { OLIVIA, renderWithSession } from '../support/renderWithSession';
import { token } from '../support/sessionReferences';

const ALONE = { joinTimeoutMs: 20 } as const;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };

function Where() {
  const { status, vault } = useSession();
  return <output aria-label="Where">{`${status} ${vault?.name ?? ''}`}</output>;
}

function Header() {
  return (
    <>
      <ActingAsBanner />
      <Where />
      <VaultSwitcher />
    </>
  );
}

async function oliviaIn(ui = <Header />) {
  const tab = await renderWithSession(ui, { settings: ALONE });
  await act(() => tab.session.manager.signIn(OLIVIA));
  return tab;
}

async function noViolations(container: HTMLElement) {
  expect((await axe.run(container, WCAG)).violations).toEqual([]);
}

describe('VaultSwitcher', () => {
  it('moves olivia from PromoMats to QualityDocs and back with her password only, as herself', async () => {
    const user = userEvent.setup();
    const tab = await oliviaIn();
    const where = tab.getByRole('status', { name: 'Where' });
    expect(where).toHaveTextContent('active Sunrise PromoMats');

    const toggle = tab.getByRole('button', {
      name: 'Sunrise PromoMats, your vault: switch vault',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = tab.getByRole('list', { name: 'Switch vault' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Sunrise PromoMatsCurrent vault',
      'Sunrise QualityDocs',
    ]);
    expect(within(list).getByText('Sunrise PromoMats').closest('[aria-current]')).not.toBeNull();
    await noViolations(tab.container);

    await user.click(
      within(list).getByRole('button', { name: 'Sunrise QualityDocs: switch to this vault' }),
    );
    // Only the password step: the user name and the vault are set.
    expect(tab.getByRole('heading', { name: 'Switch to Sunrise QualityDocs' })).toBeVisible();
    const name = tab.getByLabelText('User name');
    expect(name).toHaveValue('olivia@sunrise.example');
    expect(name).toHaveAttribute('readonly');
    expect(name).toHaveAttribute('autocomplete', 'username');
    const password = tab.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await noViolations(tab.container);

    await user.keyboard('Sunrise-Demo-1{Enter}');
    await waitFor(() => expect(where).toHaveTextContent('active Sunrise QualityDocs'));
    expect(tab.getByText('You are now in Sunrise QualityDocs.')).toHaveAttribute('role', 'status');
    expect(tab.session.manager.getSnapshot().user?.username).toBe('olivia@sunrise.example');
    // Not a delegation, and no "you could not open PromoMats" claim either.
    expect(tab.queryByRole('region', { name: 'Delegated session' })).toBeNull();
    expect(tab.container.querySelector('[data-state="landed"]')).toBeNull();
    const again = tab.getByRole('button', {
      name: 'Sunrise QualityDocs, your vault: switch vault',
    });
    expect(again).toHaveFocus();
    expect(again).toHaveAttribute('aria-expanded', 'false');
    // The login asked for QualityDocs; the PromoMats session is ended at the service.
    expect(tab.backend.requests('/auth').at(-1)?.form.get('vaultDNS')).toBe(
      'quality.sunrise.example',
    );
    const [promomats, quality] = tab.backend.issued.own;
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(1));
    await expect(tab.backend.env.client.keepAlive(token(promomats ?? ''))).rejects.toMatchObject({
      type: 'INVALID_SESSION_ID',
    });
    await expect(tab.backend.env.client.keepAlive(token(quality ?? ''))).resolves.toBeUndefined();

    // And back.
    await user.click(again);
    await user.click(tab.getByRole('button', { name: 'Sunrise PromoMats: switch to this vault' }));
    await user.keyboard('Sunrise-Demo-1{Enter}');
    await waitFor(() => expect(where).toHaveTextContent('active Sunrise PromoMats'));
    expect(tab.getByText('You are now in Sunrise PromoMats.')).toBeInTheDocument();
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(1));
  });

  it('keeps olivia where she was after a wrong password, and tells her', async () => {
    const user = userEvent.setup();
    const tab = await oliviaIn();
    await user.click(tab.getByRole('button', { name: /switch vault$/ }));
    await user.click(
      tab.getByRole('button', { name: 'Sunrise QualityDocs: switch to this vault' }),
    );
    await user.keyboard('wrong-password{Enter}');

    const alert = await tab.findByText(
      'The password is not correct. Try again, or stay in Sunrise PromoMats.',
    );
    expect(alert).toHaveAttribute('role', 'alert');
    const password = tab.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveValue('');
    expect(tab.getByRole('status', { name: 'Where' })).toHaveTextContent(
      'active Sunrise PromoMats',
    );
    const [promomats] = tab.backend.issued.own;
    await expect(tab.backend.env.client.keepAlive(token(promomats ?? ''))).resolves.toBeUndefined();
    await noViolations(tab.container);

    await user.click(tab.getByRole('button', { name: 'Switch vault' }));
    expect(await tab.findByText('Enter your password.')).toHaveAttribute('role', 'alert');
    expect(tab.backend.count('/auth')).toBe(2);
  });

  it('goes back to where she was when she cancels, by button or Escape, and sends nothing', async () => {
    const user = userEvent.setup();
    const tab = await oliviaIn();
    const toggle = tab.getByRole('button', { name: /switch vault$/ });
    await user.click(toggle);
    await user.click(
      tab.getByRole('button', { name: 'Sunrise QualityDocs: switch to this vault' }),
    );
    await user.click(tab.getByRole('button', { name: 'Stay in Sunrise PromoMats' }));

    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(tab.getByText('You are still in Sunrise PromoMats.')).toHaveAttribute('role', 'status');

    await user.keyboard('{Enter}');
    await user.click(
      tab.getByRole('button', { name: 'Sunrise QualityDocs: switch to this vault' }),
    );
    await user.keyboard('{Escape}');
    expect(toggle).toHaveFocus();
    expect(tab.queryByLabelText('Password', { selector: 'input' })).toBeNull();
    expect(tab.backend.count('/auth')).toBe(1);
    expect(tab.getByRole('status', { name: 'Where' })).toHaveTextContent(
      'active Sunrise PromoMats',
    );
  });

  it('every tab follows the switch, and hears where it is now', async () => {
    const user = userEvent.setup();
    const first = await oliviaIn();
    const second = await renderWithSession(<Header />, {
      backend: first.backend,
      settings: ALONE,
    });
    const secondWhere = second.getAllByRole('status', { name: 'Where' }).at(-1) as HTMLElement;
    await waitFor(() => expect(secondWhere).toHaveTextContent('active Sunrise PromoMats'));

    const firstHeader = within(first.container);
    await user.click(firstHeader.getByRole('button', { name: /switch vault$/ }));
    await user.click(
      firstHeader.getByRole('button', { name: 'Sunrise QualityDocs: switch to this vault' }),
    );
    await user.keyboard('Sunrise-Demo-1{Enter}');

    await waitFor(() => expect(secondWhere).toHaveTextContent('active Sunrise QualityDocs'));
    expect(
      within(second.container).getByText('You are now in Sunrise QualityDocs.'),
    ).toBeInTheDocument();
  });

  it('stops acting for marcus first', async () => {
    const user = userEvent.setup();
    const tab = await oliviaIn();
    await act(() =>
      tab.session.manager.startDelegation({ vaultId: 1002, delegatorUserId: '61002' }),
    );
    await waitFor(() =>
      expect(tab.getByRole('region', { name: 'Delegated session' })).toBeInTheDocument(),
    );
    await user.click(tab.getByRole('button', { name: /switch vault$/ }));
    expect(
      tab.getByText('Switching vault first stops acting on behalf of another user.'),
    ).toBeVisible();
    await user.click(
      tab.getByRole('button', { name: 'Sunrise QualityDocs: switch to this vault' }),
    );
    await user.keyboard('Sunrise-Demo-1{Enter}');

    await waitFor(() =>
      expect(tab.getByRole('status', { name: 'Where' })).toHaveTextContent(
        'active Sunrise QualityDocs',
      ),
    );
    expect(tab.session.manager.getSnapshot().delegation).toBeUndefined();
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(1));
  });

  it('speaks German with the German catalogue, and renders nothing for a single vault', async () => {
    const user = userEvent.setup();
    const tab = await oliviaIn(
      <VaultMessagesProvider messages={deMessages}>
        <VaultSwitcher />
      </VaultMessagesProvider>,
    );
    await user.click(
      tab.getByRole('button', { name: 'Sunrise PromoMats, Ihr Vault: Vault wechseln' }),
    );
    expect(tab.getByRole('list', { name: 'Vault wechseln' })).toBeVisible();

    const marcus = await renderWithSession(<VaultSwitcher />, { settings: ALONE });
    await act(() =>
      marcus.session.manager.signIn({
        username: 'marcus@sunrise.example',
        password: 'Sunrise-Demo-2',
      }),
    );
    expect(marcus.container).toBeEmptyDOMElement();
  });
});
