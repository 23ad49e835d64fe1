import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { createRememberedUsers } from '../../src/components/createRememberedUsers';
import { LoginForm } from '../../src/components/LoginForm';
import { VaultSwitcher } from '../../src/components/VaultSwitcher';
import type { StorageAdapter } from '../../src/core/session/types';
import { RequireSession } from '../../src/react/RequireSession';
import { OLIVIA, renderWithSession } from '../support/renderWithSession';

const ALONE = { joinTimeoutMs: 20 } as const;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };
const KEY = 'vault-session-kit.remembered-users';

function memoryStorage(): StorageAdapter & { readonly map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('createRememberedUsers', () => {
  it('keeps names only, the latest first, at most `max`, each for `maxAgeMs`', () => {
    let now = 1_000;
    const storage = memoryStorage();
    const users = createRememberedUsers({ storage, max: 2, maxAgeMs: 500, now: () => now });
    users.remember('olivia@sunrise.example');
    users.remember('marcus@sunrise.example');
    users.remember('OLIVIA@sunrise.example');
    expect(users.list()).toEqual(['OLIVIA@sunrise.example', 'marcus@sunrise.example']);
    users.remember('sam@harbor.example');
    expect(users.list()).toEqual(['sam@harbor.example', 'OLIVIA@sunrise.example']);
    // Not a user name: never stored.
    users.remember('not a name');
    expect(users.list()).toHaveLength(2);
    expect(JSON.parse(storage.map.get(KEY) ?? '[]')).toEqual([
      { name: 'sam@harbor.example', at: 1_000 },
      { name: 'OLIVIA@sunrise.example', at: 1_000 },
    ]);
    now = 1_500;
    expect(users.list()).toEqual([]);
  });

  it('offers nothing from a store it cannot read, and never throws', () => {
    const broken: StorageAdapter = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const users = createRememberedUsers({ storage: broken });
    expect(() => users.remember('olivia@sunrise.example')).not.toThrow();
    expect(users.list()).toEqual([]);
    const junk = memoryStorage();
    junk.setItem(KEY, '{"not":"a list"');
    expect(createRememberedUsers({ storage: junk }).list()).toEqual([]);
  });
});

describe('LoginForm with remembered users', () => {
  it('is off by default: no list, nothing stored', async () => {
    const tab = await renderWithSession(<LoginForm />, { settings: ALONE });
    await act(() => tab.session.manager.signIn(OLIVIA));
    expect(tab.queryByText('Signed in before on this browser')).toBeNull();
  });

  it('remembers olivia after she signs in, offers her name next time, and prefetches her discovery', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const users = createRememberedUsers({ storage });
    const first = await renderWithSession(
      <RequireSession fallback={<LoginForm rememberedUsers={users} />}>
        <VaultSwitcher rememberedUsers={users} />
      </RequireSession>,
      { settings: ALONE },
    );
    expect(first.queryByText('Signed in before on this browser')).toBeNull();
    await act(() => first.session.manager.signIn(OLIVIA));
    expect(users.list()).toEqual(['olivia@sunrise.example']);
    // Only the name is stored: no password, session or vault.
    const stored = storage.map.get(KEY) ?? '';
    expect(stored).toContain('olivia@sunrise.example');
    expect(stored).not.toContain('Sunrise-Demo-1');
    expect(stored).not.toContain('promomats');
    first.unmount();

    // The next visit.
    const next = await renderWithSession(<LoginForm rememberedUsers={users} />, {
      settings: ALONE,
    });
    const list = next.getByRole('list', { name: 'Signed in before on this browser' });
    expect((await axe.run(next.container, WCAG)).violations).toEqual([]);
    const discoveries = next.backend.count('/auth/discovery');
    await user.click(
      within(list).getByRole('button', {
        name: 'olivia@sunrise.example: continue with this user name',
      }),
    );
    const field = next.getByRole('textbox', { name: 'User name' });
    expect(field).toHaveValue('olivia@sunrise.example');
    expect(field).toHaveFocus();
    await waitFor(() => expect(next.backend.count('/auth/discovery')).toBe(discoveries + 1));
    // "Continue" finds the answer already there: no second discovery.
    await user.keyboard('{Enter}');
    expect(await next.findByLabelText('Password', { selector: 'input' })).toBeVisible();
    expect(next.backend.count('/auth/discovery')).toBe(discoveries + 1);
  });

  it('removes a name from the list on request, and the focus moves on', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const users = createRememberedUsers({ storage });
    users.remember('marcus@sunrise.example');
    users.remember('olivia@sunrise.example');
    const tab = await renderWithSession(<LoginForm rememberedUsers={users} />, {
      settings: ALONE,
    });
    await user.click(
      tab.getByRole('button', { name: 'Remove olivia@sunrise.example from this list' }),
    );
    expect(tab.getByText('olivia@sunrise.example was removed from this list.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(
      tab.getByRole('button', { name: 'marcus@sunrise.example: continue with this user name' }),
    ).toHaveFocus();
    await user.click(
      tab.getByRole('button', { name: 'Remove marcus@sunrise.example from this list' }),
    );
    expect(tab.queryByRole('list', { name: 'Signed in before on this browser' })).toBeNull();
    expect(tab.getByRole('textbox', { name: 'User name' })).toHaveFocus();
    expect(storage.map.has(KEY)).toBe(false);
  });

  it('"Sign out and forget me" signs olivia out and removes her name', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const users = createRememberedUsers({ storage });
    users.remember('marcus@sunrise.example');
    const tab = await renderWithSession(
      <RequireSession fallback={<LoginForm rememberedUsers={users} />}>
        <VaultSwitcher rememberedUsers={users} />
      </RequireSession>,
      { settings: ALONE },
    );
    await act(() => tab.session.manager.signIn(OLIVIA));
    expect(users.list()).toEqual(['olivia@sunrise.example', 'marcus@sunrise.example']);
    await user.click(tab.getByRole('button', { name: /switch vault$/ }));
    await user.click(tab.getByRole('button', { name: 'Sign out and forget me' }));

    await waitFor(() => expect(tab.session.manager.getSnapshot().status).toBe('ended'));
    expect(users.list()).toEqual(['marcus@sunrise.example']);
    expect(
      tab.queryByRole('button', { name: 'olivia@sunrise.example: continue with this user name' }),
    ).toBeNull();
  });

  it('forgets the name in the login form of this tab and of the other tabs; a plain sign-out keeps it', async () => {
    const user = userEvent.setup();
    const users = createRememberedUsers({ storage: memoryStorage() });
    const app = (
      <RequireSession fallback={<LoginForm />}>
        <VaultSwitcher rememberedUsers={users} />
      </RequireSession>
    );
    const tab = await renderWithSession(app, { settings: ALONE });
    const other = await renderWithSession(app, { backend: tab.backend, settings: ALONE });
    const field = (t: typeof tab) => t.getByRole('textbox', { name: 'User name' });

    // A plain sign-out: both forms offer her name again, as before.
    await act(() => tab.session.manager.signIn(OLIVIA));
    await waitFor(() => expect(other.session.manager.getSnapshot().status).toBe('active'));
    await act(() => tab.session.manager.signOut());
    await waitFor(() => expect(field(other)).toHaveValue(OLIVIA.username));
    expect(field(tab)).toHaveValue(OLIVIA.username);

    await act(() => tab.session.manager.signIn(OLIVIA));
    await waitFor(() => expect(other.session.manager.getSnapshot().status).toBe('active'));
    await user.click(tab.getByRole('button', { name: /switch vault$/ }));
    await user.click(tab.getByRole('button', { name: 'Sign out and forget me' }));
    await waitFor(() => expect(other.session.manager.getSnapshot().status).toBe('ended'));
    expect(field(tab)).toHaveValue('');
    await waitFor(() => expect(field(other)).toHaveValue(''));
    expect(tab.session.manager.getSnapshot().lastUsername).toBeUndefined();
    expect(other.session.manager.getSnapshot().lastUsername).toBeUndefined();
  });

  it("forgets the name in every tab by its own hand, whatever another tab's storage shows it", async () => {
    const user = userEvent.setup();
    // Each tab its own store, none of which tells the other: as a browser whose copy of
    // localStorage in one tab lags behind another's, or whose storage event comes late.
    const mine = memoryStorage();
    const theirs = memoryStorage();
    const app = (storage: StorageAdapter) => {
      const users = createRememberedUsers({ storage });
      return (
        <RequireSession fallback={<LoginForm rememberedUsers={users} />}>
          <VaultSwitcher rememberedUsers={users} />
        </RequireSession>
      );
    };
    const tab = await renderWithSession(app(mine), { settings: ALONE });
    const other = await renderWithSession(app(theirs), { backend: tab.backend, settings: ALONE });
    await act(() => tab.session.manager.signIn(OLIVIA));
    await waitFor(() => expect(other.session.manager.getSnapshot().status).toBe('active'));
    expect(theirs.map.get(KEY)).toContain(OLIVIA.username);

    await user.click(tab.getByRole('button', { name: /switch vault$/ }));
    await user.click(tab.getByRole('button', { name: 'Sign out and forget me' }));
    await waitFor(() => expect(other.session.manager.getSnapshot().status).toBe('ended'));
    for (const [view, storage] of [
      [tab, mine],
      [other, theirs],
    ] as const) {
      await waitFor(() => expect(view.queryByText('Signed in before on this browser')).toBeNull());
      expect(storage.map.get(KEY) ?? '').not.toContain(OLIVIA.username);
    }

    // A plain sign-out still leaves her name in every tab.
    await act(() => tab.session.manager.signIn(OLIVIA));
    await waitFor(() => expect(other.session.manager.getSnapshot().status).toBe('active'));
    await act(() => tab.session.manager.signOut());
    await waitFor(() => expect(other.session.manager.getSnapshot().status).toBe('ended'));
    expect(theirs.map.get(KEY)).toContain(OLIVIA.username);
    expect(mine.map.get(KEY)).toContain(OLIVIA.username);
  });

  it('clears the name from a form that stays on screen', async () => {
    const tab = await renderWithSession(<LoginForm />, { settings: ALONE });
    const field = () => tab.getByRole('textbox', { name: 'User name' });
    await act(() => tab.session.manager.signIn(OLIVIA));
    await act(() => tab.session.manager.signOut());
    await waitFor(() => expect(field()).toHaveValue(OLIVIA.username));
    await act(() => tab.session.manager.signIn(OLIVIA));
    await act(() => tab.session.manager.signOut({ forget: true }));
    await waitFor(() => expect(field()).toHaveValue(''));
  });
});
