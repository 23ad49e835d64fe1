import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ActingAsBanner } from '../../src/components/ActingAsBanner';
import { deDelegationMessages } from '../../src/locales/de';
import { useSession } from '../../src/react/useSession';
import { OLIVIA, renderWithSession } from '../support/renderWithSession';

const ALONE = { joinTimeoutMs: 20 } as const;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };
const MARCUS_IN_QUALITY = { vaultId: 1002, delegatorUserId: '61002' } as const;

function StatusLine() {
  const { status } = useSession();
  return <output aria-label="Session status">{status}</output>;
}

describe('ActingAsBanner', () => {
  it('shows nothing visible without a delegation, only an empty polite live region', async () => {
    const tab = await renderWithSession(<ActingAsBanner />, { settings: ALONE });
    await act(() => tab.session.manager.signIn(OLIVIA));
    expect(tab.queryByRole('region')).toBeNull();
    expect(tab.queryByRole('button')).toBeNull();
    expect(tab.container).toHaveTextContent(/^$/);
    expect(tab.container.querySelector('[aria-live="polite"]')).not.toBeNull();
  });

  it('DEL-05: appears with the delegation started anywhere, announces it, and "Stop acting" ends it', async () => {
    const user = userEvent.setup();
    const onStopped = vi.fn();
    const tab = await renderWithSession(
      <>
        <ActingAsBanner onStopped={onStopped} />
        <StatusLine />
      </>,
      { settings: ALONE },
    );
    await act(() => tab.session.manager.signIn(OLIVIA));
    await act(() => tab.session.manager.startDelegation(MARCUS_IN_QUALITY));

    const banner = tab.getByRole('region', { name: 'Delegated session' });
    expect(banner).toHaveTextContent(
      'Acting as User ID 61002 in Sunrise QualityDocs — you are olivia@sunrise.example',
    );
    const live = tab.container.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('You are now acting as User ID 61002 in Sunrise QualityDocs.');
    expect(banner).not.toContainElement(live as HTMLElement);
    expect((await axe.run(tab.container, WCAG)).violations).toEqual([]);

    await user.click(within(banner).getByRole('button', { name: 'Stop acting' }));

    await waitFor(() =>
      expect(tab.queryByRole('region', { name: 'Delegated session' })).toBeNull(),
    );
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active');
    // The same live region, still in the page, tells the user where they are now.
    expect(live).toHaveTextContent(
      'You stopped acting as User ID 61002. You are back in your own session as olivia@sunrise.example.',
    );
    expect(onStopped).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(1));
    expect(tab.count('/session')).toBe(1);
  });

  it('"Stop acting" says "Stopping…" with the focus kept until the vault has ended the delegated session; a failure keeps the user acting and says so', async () => {
    const user = userEvent.setup();
    const tab = await renderWithSession(
      <>
        <ActingAsBanner />
        <StatusLine />
      </>,
      { settings: ALONE },
    );
    await act(() => tab.session.manager.signIn(OLIVIA));
    await act(() => tab.session.manager.startDelegation(MARCUS_IN_QUALITY));
    // The vault holds its answer to ending the session until the test lets it go.
    let answer: (outcome: 'end' | 'offline') => void = () => undefined;
    tab.backend.intercept((emulator) => async (request) => {
      if (request.method !== 'DELETE') return emulator(request);
      const outcome = await new Promise<'end' | 'offline'>((settle) => {
        answer = settle;
      });
      if (outcome === 'offline') throw new TypeError('Failed to fetch');
      return emulator(request);
    });
    const banner = tab.getByRole('region', { name: 'Delegated session' });

    await user.click(within(banner).getByRole('button', { name: 'Stop acting' }));
    const busy = await within(banner).findByRole('button', { name: 'Stopping…' });
    expect(banner).toHaveAttribute('data-state', 'stopping');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('delegated');
    // Pressed again meanwhile: nothing more is sent.
    await user.click(busy);
    expect(tab.count('/session')).toBe(1);

    act(() => answer('offline'));
    const alert = await within(banner).findByRole('alert');
    expect(alert).toHaveTextContent(
      'The vault could not be reached: you are still acting as User ID 61002. Try again.',
    );
    const again = within(banner).getByRole('button', { name: 'Stop acting' });
    expect(again).toHaveFocus();
    expect(banner).toHaveAttribute('data-state', 'active');
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('delegated');
    expect(tab.emulator.sessionCount()).toBe(2);
    expect((await axe.run(tab.container, WCAG)).violations).toEqual([]);

    await user.click(again);
    expect(within(banner).queryByRole('alert')).toBeNull();
    act(() => answer('end'));
    await waitFor(() =>
      expect(tab.queryByRole('region', { name: 'Delegated session' })).toBeNull(),
    );
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active');
    expect(tab.emulator.sessionCount()).toBe(1);
  });

  it('does not announce a delegation that was already running when it mounted', async () => {
    const tab = await renderWithSession(<StatusLine />, { settings: ALONE });
    await act(() => tab.session.manager.signIn(OLIVIA));
    await act(() => tab.session.manager.startDelegation(MARCUS_IN_QUALITY));

    tab.rerender(
      <>
        <StatusLine />
        <ActingAsBanner delegatorNames={{ '61002': 'Marcus Reed' }} />
      </>,
    );
    expect(tab.getByRole('region', { name: 'Delegated session' })).toHaveTextContent(
      'Acting as Marcus Reed in Sunrise QualityDocs — you are olivia@sunrise.example',
    );
    expect(tab.container.querySelector('[aria-live="polite"]')).toHaveTextContent(/^$/);
  });

  it('goes away when the session ends while acting (sign-out in any tab)', async () => {
    const tab = await renderWithSession(<ActingAsBanner />, { settings: ALONE });
    await act(() => tab.session.manager.signIn(OLIVIA));
    await act(() => tab.session.manager.startDelegation(MARCUS_IN_QUALITY));
    expect(tab.getByRole('region', { name: 'Delegated session' })).toBeVisible();

    await act(() => tab.session.manager.signOut());
    expect(tab.queryByRole('region', { name: 'Delegated session' })).toBeNull();
    expect(tab.emulator.sessionCount()).toBe(0);
  });

  it('speaks German with the German messages', async () => {
    const tab = await renderWithSession(<ActingAsBanner messages={deDelegationMessages} />, {
      settings: ALONE,
    });
    await act(() => tab.session.manager.signIn(OLIVIA));
    await act(() => tab.session.manager.startDelegation(MARCUS_IN_QUALITY));
    const banner = tab.getByRole('region', { name: 'Vertretungssitzung' });
    expect(banner).toHaveTextContent(
      'Im Namen von Benutzer-ID 61002 in Sunrise QualityDocs – Sie sind olivia@sunrise.example',
    );
    expect(within(banner).getByRole('button', { name: 'Vertretung beenden' })).toBeVisible();
  });
});
