import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActingAsBanner } from '../../src/components/ActingAsBanner';
import { DelegationPicker } from '../../src/components/DelegationPicker';
import { VaultMessagesProvider } from '../../src/components/i18n/VaultMessagesContext';
import type { EmulatorData } from '../../src/emulator/index';
import { demoDirectory } from '../../src/emulator/index';
import { deDelegationMessages } from '../../src/locales/de';
import { useSession } from '../../src/react/useSession';
import { failing, faults } from '../react/support/faults';
import {
  OLIVIA,
  type RenderWithSessionOptions,
  renderWithSession,
} from '../support/renderWithSession';

const ALONE = { joinTimeoutMs: 20 } as const;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };
const MARCUS = { username: 'marcus@sunrise.example', password: 'Sunrise-Demo-2' } as const;
const NAMES = { '61002': 'Marcus Reed' } as const;
const MANY_NAMES = { ...NAMES, '62007': 'Priya Natarajan' } as const;

/**
 * The demo directory plus `count` colleagues who gave olivia delegate access, in
 * PromoMats (even) and QualityDocs (odd) by turns: olivia then has `count + 1` entries.
 */
function withColleagues(count: number): EmulatorData {
  const colleagues = Array.from({ length: count }, (_, index) => ({
    id: 62001 + index,
    username: `colleague${index + 1}@sunrise.example`,
    password: 'Sunrise-Demo-9',
    status: 'active' as const,
    lastLoginVaultId: index % 2 === 0 ? 1001 : 1002,
    vaultIds: [index % 2 === 0 ? 1001 : 1002],
  }));
  return {
    ...demoDirectory,
    users: [...demoDirectory.users, ...colleagues],
    delegations: [
      ...(demoDirectory.delegations ?? []),
      ...colleagues.map((colleague) => ({
        vaultId: colleague.lastLoginVaultId,
        delegatorUserId: colleague.id,
        delegateUserId: 61001,
      })),
    ],
  };
}

function StatusLine() {
  const { status } = useSession();
  return <output aria-label="Session status">{status}</output>;
}

function Layout({ names }: { names?: Readonly<Record<string, string>> }) {
  return (
    <>
      <ActingAsBanner delegatorNames={names} />
      <StatusLine />
      <main>
        <DelegationPicker delegatorNames={names} />
      </main>
    </>
  );
}

async function signedIn(
  ui: ReactElement,
  credentials: { username: string; password: string } = OLIVIA,
  options: RenderWithSessionOptions = {},
) {
  const tab = await renderWithSession(ui, { settings: ALONE, ...options });
  await act(() => tab.session.manager.signIn(credentials));
  return tab;
}

async function noViolations(container: HTMLElement) {
  expect((await axe.run(container, WCAG)).violations).toEqual([]);
}

describe('DelegationPicker + ActingAsBanner', () => {
  it('DEL-05: olivia sees marcus in "Sunrise QualityDocs", acts as him, and stops again', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(<Layout names={NAMES} />);

    const picker = tab.getByRole('region', { name: 'Delegate access' });
    const list = await within(picker).findByRole('list', { name: 'Delegate access' });
    const [entry, ...rest] = within(list).getAllByRole('listitem');
    expect(rest).toEqual([]);
    expect(entry).toBeDefined();
    const item = within(entry as HTMLElement);
    expect(item.getByRole('heading', { level: 3, name: 'Sunrise QualityDocs' })).toBeVisible();
    expect(item.getByText('Marcus Reed')).toBeVisible();
    expect(item.getByText('Sunrise QualityDocs').closest('li')).toHaveTextContent(
      'quality.sunrise.example',
    );
    expect(picker).toHaveAttribute('aria-busy', 'false');
    expect(tab.queryByRole('region', { name: 'Delegated session' })).toBeNull();
    await noViolations(tab.container);

    await user.click(
      item.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }),
    );

    const banner = await tab.findByRole('region', { name: 'Delegated session' });
    expect(banner).toHaveTextContent(
      'Acting as Marcus Reed in Sunrise QualityDocs — you are olivia@sunrise.example',
    );
    await waitFor(() => expect(banner).toHaveFocus());
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('delegated');
    expect(
      tab.getByText('You are now acting as Marcus Reed in Sunrise QualityDocs.'),
    ).toHaveAttribute('aria-live', 'polite');
    // The entry in use says so instead of offering the button again.
    expect(item.getByText('Acting now')).toBeVisible();
    expect(item.queryByRole('button')).toBeNull();
    expect(tab.count('/delegation/login')).toBe(1);
    await noViolations(tab.container);

    await user.click(within(banner).getByRole('button', { name: 'Stop acting' }));

    await waitFor(() =>
      expect(tab.queryByRole('region', { name: 'Delegated session' })).toBeNull(),
    );
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active');
    expect(
      tab.getByText(
        'You stopped acting as Marcus Reed. You are back in your own session as olivia@sunrise.example.',
      ),
    ).toHaveAttribute('aria-live', 'polite');
    expect(tab.getByRole('heading', { level: 2, name: 'Delegate access' })).toHaveFocus();
    // The delegated session is gone on the server; olivia's own lives on.
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(1));
    await noViolations(tab.container);
  });

  it("moves focus only within its own session: two apps on one page never take each other's focus", async () => {
    const user = userEvent.setup();
    // Two SessionProviders side by side: one shows only the banner, the other only the picker.
    const bannerApp = await signedIn(<ActingAsBanner delegatorNames={NAMES} />);
    const pickerApp = await signedIn(<DelegationPicker delegatorNames={NAMES} />);
    await act(() =>
      bannerApp.session.manager.startDelegation({ vaultId: 1002, delegatorUserId: '61002' }),
    );
    const otherBanner = bannerApp.getByRole('region', { name: 'Delegated session' });

    await user.click(
      await pickerApp.findByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }),
    );
    // This app has no banner: its own status message takes focus, not the other app's banner.
    await waitFor(() =>
      expect(pickerApp.getByRole('status')).toHaveTextContent(
        'You are now acting as Marcus Reed in Sunrise QualityDocs.',
      ),
    );
    expect(pickerApp.getByRole('status')).toHaveFocus();
    expect(otherBanner).not.toHaveFocus();

    await user.click(within(otherBanner).getByRole('button', { name: 'Stop acting' }));
    await waitFor(() =>
      expect(bannerApp.queryByRole('region', { name: 'Delegated session' })).toBeNull(),
    );
    expect(pickerApp.getByRole('heading', { level: 2, name: 'Delegate access' })).not.toHaveFocus();
  });

  it('sets data-state on the picker and on the entry in use', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(<Layout names={NAMES} />);
    const picker = tab.getByRole('region', { name: 'Delegate access' });
    expect(picker).toHaveAttribute('data-state', 'loading');
    const act = await within(picker).findByRole('button', {
      name: 'Act as Marcus Reed in Sunrise QualityDocs',
    });
    expect(picker).toHaveAttribute('data-state', 'ready');
    const entry = act.closest('li');
    expect(entry).toHaveAttribute('data-state', 'inactive');
    await user.click(act);
    const banner = await tab.findByRole('region', { name: 'Delegated session' });
    expect(banner).toHaveAttribute('data-state', 'active');
    expect(entry).toHaveAttribute('data-state', 'active');
  });

  it('without a banner on the page, focus goes to a status message, and onStarted is told', async () => {
    const user = userEvent.setup();
    const onStarted = vi.fn();
    const tab = await signedIn(<DelegationPicker delegatorNames={NAMES} onStarted={onStarted} />);
    await user.click(
      await tab.findByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }),
    );
    await waitFor(() =>
      expect(tab.getByRole('status')).toHaveTextContent(
        'You are now acting as Marcus Reed in Sunrise QualityDocs.',
      ),
    );
    expect(tab.getByRole('status')).toHaveFocus();
    expect(onStarted).toHaveBeenCalledExactlyOnceWith({
      id: 1002,
      name: 'Sunrise QualityDocs',
      dns: 'quality.sunrise.example',
      delegatorUserId: '61002',
    });
  });

  it('names the delegator by user ID when the app has no name for them', async () => {
    const tab = await signedIn(<Layout />);
    const button = await tab.findByRole('button', {
      name: 'Act as User ID 61002 in Sunrise QualityDocs',
    });
    expect(button).toHaveTextContent(/^Act as$/);
    expect(tab.getByText('User ID 61002')).toBeVisible();
  });

  it('shows the empty state to marcus, who has no delegate access', async () => {
    const tab = await signedIn(<Layout />, MARCUS);
    expect(await tab.findByText('You have no delegate access.')).toBeVisible();
    expect(tab.queryByRole('list')).toBeNull();
    expect(tab.getByRole('region', { name: 'Delegate access' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    await noViolations(tab.container);
  });

  it('is aria-busy while loading, shows a failed load (503) with "Try again", and recovers', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tab = await renderWithSession(<Layout />, { settings: ALONE });
    tab.backend.intercept(
      failing('/delegation/vaults', async () => {
        await held;
        return faults.unavailable();
      }),
    );
    await act(() => tab.session.manager.signIn(OLIVIA));

    const picker = tab.getByRole('region', { name: 'Delegate access' });
    expect(picker).toHaveAttribute('aria-busy', 'true');
    expect(within(picker).getByText('Loading your delegate access…')).toBeVisible();
    await noViolations(tab.container);

    release();
    const alert = await within(picker).findByRole('alert');
    expect(alert).toHaveTextContent('Your delegate access could not be loaded.');
    expect(picker).toHaveAttribute('aria-busy', 'false');
    // A failed list is not a reason to end the session.
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active');
    await noViolations(tab.container);

    tab.backend.intercept(undefined);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await tab.findByRole('button', { name: 'Act as User ID 61002 in Sunrise QualityDocs' }),
    ).toBeVisible();
    expect(tab.count('/delegation/vaults')).toBe(2);
  });

  it('shows why acting failed on the entry: access withdrawn, then the server unreachable', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(<Layout names={NAMES} />);
    const button = await tab.findByRole('button', {
      name: 'Act as Marcus Reed in Sunrise QualityDocs',
    });

    tab.backend.intercept(
      failing('/delegation/login', () =>
        Response.json({
          responseStatus: 'FAILURE',
          errors: [{ type: 'INSUFFICIENT_ACCESS', message: 'No delegate access.' }],
        }),
      ),
    );
    await user.click(button);
    const denied = await tab.findByRole('alert');
    expect(denied).toHaveTextContent(
      'Could not act as Marcus Reed in Sunrise QualityDocs. You no longer have delegate access for this person in this vault.',
    );
    expect(button).toHaveAccessibleDescription(denied.textContent ?? '');
    expect(tab.queryByRole('region', { name: 'Delegated session' })).toBeNull();
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active');
    await noViolations(tab.container);

    tab.backend.intercept(failing('/delegation/login', faults.unavailable));
    await user.click(button);
    await waitFor(() =>
      expect(tab.getByRole('alert')).toHaveTextContent(
        'The server could not be reached. Check your connection and try again.',
      ),
    );
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active');
  });

  it('shows progress while starting and keeps other "Act as" buttons from firing twice', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tab = await signedIn(<Layout names={NAMES} />);
    const button = await tab.findByRole('button', {
      name: 'Act as Marcus Reed in Sunrise QualityDocs',
    });
    tab.backend.intercept((emulator) => async (request) => {
      if (request.url.endsWith('/delegation/login')) await held;
      return emulator(request);
    });

    await user.click(button);
    expect(tab.getByText('Starting to act as Marcus Reed in Sunrise QualityDocs…')).toHaveAttribute(
      'role',
      'status',
    );
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);

    release();
    const focused246 = await tab.findByRole('region', { name: 'Delegated session' });
    await waitFor(() => expect(focused246).toHaveFocus());
    expect(tab.count('/delegation/login')).toBe(1);
  });

  it('stays usable with many delegations: a heading per entry, compact rows and a filter', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(<Layout names={MANY_NAMES} />, OLIVIA, {
      service: { emulator: { data: withColleagues(11) } },
    });

    const picker = tab.getByRole('region', { name: 'Delegate access' });
    const list = await within(picker).findByRole('list', { name: 'Delegate access' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(12);
    expect(list).toHaveAttribute('data-layout', 'rows');
    const filter = within(picker).getByRole('searchbox', { name: 'Filter by vault or person' });
    expect(filter).toHaveAccessibleDescription(
      "Type part of a person's name, a vault's name or its address.",
    );
    // The live region is on the page before anything is typed, so the first count is heard.
    const statuses = within(picker).getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual(['', '']);

    await user.type(filter, 'priya');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    const count = within(picker).getByText('1 of 12 shown');
    expect(statuses).toContain(count);
    expect(count).toHaveAttribute('role', 'status');
    expect(
      within(list).getByRole('button', { name: 'Act as Priya Natarajan in Sunrise PromoMats' }),
    ).toBeVisible();

    // By vault name, and by address, as the user types.
    await user.clear(filter);
    await user.type(filter, 'qualitydocs');
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(count).toHaveTextContent('6 of 12 shown');
    await user.clear(filter);
    await user.type(filter, 'promomats.sunrise');
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(
      within(list).queryByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }),
    ).toBeNull();
    await noViolations(tab.container);
  });

  it('says clearly when nothing matches, and "Clear filter" brings the whole list back', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(<Layout names={MANY_NAMES} />, OLIVIA, {
      service: { emulator: { data: withColleagues(11) } },
    });
    const picker = tab.getByRole('region', { name: 'Delegate access' });
    await within(picker).findByRole('list', { name: 'Delegate access' });
    const filter = within(picker).getByRole('searchbox', { name: 'Filter by vault or person' });

    await user.type(filter, 'nobody');
    const message = within(picker).getByText('No delegate access matches this filter.');
    expect(message).toBeVisible();
    expect(message).toHaveAttribute('role', 'status');
    // No empty list is left behind for a screen reader to find.
    expect(within(picker).queryByRole('list')).toBeNull();
    await noViolations(tab.container);

    // Keyboard only: from the field to the button, and back to the field with every entry.
    await user.tab();
    expect(within(picker).getByRole('button', { name: 'Clear filter' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(filter).toHaveFocus();
    expect(filter).toHaveValue('');
    const list = within(picker).getByRole('list', { name: 'Delegate access' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(picker).queryByText('No delegate access matches this filter.')).toBeNull();
    expect(within(picker).queryByRole('button', { name: 'Clear filter' })).toBeNull();
  });

  it('keeps the keyboard path of a filtered list: Tab from the field reaches its "Act as"', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(<Layout names={MANY_NAMES} />, OLIVIA, {
      service: { emulator: { data: withColleagues(11) } },
    });
    const picker = tab.getByRole('region', { name: 'Delegate access' });
    await within(picker).findByRole('list', { name: 'Delegate access' });
    await user.click(within(picker).getByRole('searchbox', { name: 'Filter by vault or person' }));
    await user.keyboard('marcus');
    await user.tab();
    const button = within(picker).getByRole('button', {
      name: 'Act as Marcus Reed in Sunrise QualityDocs',
    });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const banner = await tab.findByRole('region', { name: 'Delegated session' });
    await waitFor(() => expect(banner).toHaveFocus());
  });

  it('offers the filter only past the threshold (6 by default) and keeps a short list in cards', async () => {
    const six = await signedIn(<DelegationPicker delegatorNames={MANY_NAMES} />, OLIVIA, {
      service: { emulator: { data: withColleagues(5) } },
    });
    const shortList = await six.findByRole('list', { name: 'Delegate access' });
    expect(within(shortList).getAllByRole('listitem')).toHaveLength(6);
    expect(six.queryByRole('searchbox')).toBeNull();
    expect(shortList).toHaveAttribute('data-layout', 'cards');
    six.unmount();

    const seven = await signedIn(<DelegationPicker delegatorNames={MANY_NAMES} />, OLIVIA, {
      service: { emulator: { data: withColleagues(6) } },
    });
    await seven.findByRole('list', { name: 'Delegate access' });
    expect(seven.getByRole('searchbox', { name: 'Filter by vault or person' })).toBeVisible();
  });

  it('shows a host name whole, in pieces that break only after a dot', async () => {
    const tab = await signedIn(<DelegationPicker delegatorNames={NAMES} />);
    const entry = await tab.findByRole('listitem');
    const address = within(entry).getByText(
      (_, element) =>
        element?.tagName === 'DD' && element.textContent === 'quality.sunrise.example',
    );
    const pieces = Array.from(address.querySelectorAll('.vsk-delegation-picker__host-label'));
    expect(pieces.map((piece) => piece.textContent)).toEqual(['quality.', 'sunrise.', 'example']);
    expect(address.firstElementChild).toHaveAttribute('dir', 'ltr');
  });

  it('speaks German with the German messages', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(
      <VaultMessagesProvider messages={{ delegation: deDelegationMessages }}>
        <Layout names={NAMES} />
      </VaultMessagesProvider>,
    );
    const picker = tab.getByRole('region', { name: 'Vertretungen' });
    await user.click(
      await within(picker).findByRole('button', {
        name: 'Vertreten: Marcus Reed in Sunrise QualityDocs',
      }),
    );
    const banner = await tab.findByRole('region', { name: 'Vertretungssitzung' });
    expect(banner).toHaveTextContent(
      'Im Namen von Marcus Reed in Sunrise QualityDocs – Sie sind olivia@sunrise.example',
    );
    await user.click(within(banner).getByRole('button', { name: 'Vertretung beenden' }));
    await waitFor(() =>
      expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active'),
    );
  });
});
