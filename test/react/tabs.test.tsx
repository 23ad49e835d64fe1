import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OLIVIA, renderWithSession } from '../support/renderWithSession';
import { token } from '../support/sessionReferences';
import { TestApp } from './support/TestApp';

// Tabs are providers rendered side by side in one document. They share Node's real
// BroadcastChannel under a channel name unique to the test's backend; the join timeout runs
// on manual timers, so a tab can only leave "pending" when a test says so or a hand-off
// arrives.

const JOIN_TIMEOUT_MS = 300;

describe('a new tab: RequireSession while joining', () => {
  it('shows the login form at once while asking the open tabs, and keeps it when nobody answers', async () => {
    const user = userEvent.setup();
    const tab = await renderWithSession(<TestApp />, { manualTime: true });

    // Still asking (the join timer cannot fire on manual time), yet the form is there.
    expect(tab.session.manager.getSnapshot().joining).toBe(true);
    const form = tab.getByRole('form', { name: 'Sign in' });
    expect(tab.queryByText('Checking for an open session…')).not.toBeInTheDocument();
    expect(tab.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('User name'), OLIVIA.username);

    await tab.backend.advance(JOIN_TIMEOUT_MS);
    expect(tab.session.manager.getSnapshot().joining).toBeUndefined();
    // The very same form, with what the user typed while the tabs were asked.
    expect(tab.getByRole('form', { name: 'Sign in' })).toBe(form);
    expect(within(form).getByLabelText('User name')).toHaveValue(OLIVIA.username);
    expect(tab.count('/auth')).toBe(0);
  });

  it('joins the session of an open tab without a login request, then follows its sign-out (STO-03)', async () => {
    const user = userEvent.setup();
    const first = await renderWithSession(<TestApp />, { manualTime: true });
    await first.backend.advance(JOIN_TIMEOUT_MS);
    const form = first.getByRole('form', { name: 'Sign in' });
    await user.type(within(form).getByLabelText('User name'), OLIVIA.username);
    await user.type(within(form).getByLabelText('Password'), OLIVIA.password);
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    await first.findByRole('heading', { name: 'Documents' });
    expect(first.count('/auth')).toBe(1);

    const second = await renderWithSession(<TestApp />, {
      backend: first.backend,
      manualTime: true,
    });
    // The form is there from the first paint, and steps aside when the open tab hands its
    // session over (the join timer cannot fire here: manual time).
    expect(second.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(await second.findByText('Signed in as olivia@sunrise.example')).toBeInTheDocument();
    expect(second.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(second.getByText('Session: active')).toBeInTheDocument();
    // Still only the first tab's login.
    expect(second.count('/auth')).toBe(1);
    expect(second.emulator.sessionCount()).toBe(1);
    expect(second.session.manager.getSnapshot().deadline).toBe(
      first.session.manager.getSnapshot().deadline,
    );

    await user.click(first.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(second.getByRole('form', { name: 'Sign in' })).toBeInTheDocument());
    expect(second.getByText('Session: ended')).toBeInTheDocument();
    expect(second.session.manager.getSession()).toBeUndefined();
    expect(second.getByLabelText('User name')).toHaveValue(OLIVIA.username);
    await waitFor(() => expect(first.emulator.sessionCount()).toBe(0));
  });

  it('STO-04: INVALID_SESSION_ID seen in one tab ends the session in the other too', async () => {
    const first = await renderWithSession(<TestApp />, { manualTime: true });
    await act(() => first.session.manager.signIn(OLIVIA));
    const second = await renderWithSession(<TestApp />, {
      backend: first.backend,
      manualTime: true,
    });
    await second.findByText('Signed in as olivia@sunrise.example');

    await first.backend.env.client.endSession(token(first.backend.issued.own[0] ?? ''));
    await act(() => first.session.request('/delegation/vaults').catch(() => undefined));

    expect(first.getByText('Session: expired')).toBeInTheDocument();
    await waitFor(() => expect(second.getByText('Session: expired')).toBeInTheDocument());
    expect(second.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(second.getByLabelText('User name')).toHaveValue(OLIVIA.username);
    expect(second.session.manager.getSession()).toBeUndefined();
  });
});
