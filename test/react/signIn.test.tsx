import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VaultApiError } from '../../src/core/errors';
import { useLogin } from '../../src/react/useLogin';
import { useSession } from '../../src/react/useSession';
import { OLIVIA, renderHookWithSession, renderWithSession } from '../support/renderWithSession';
import { failing, faults } from './support/faults';
import { TestApp } from './support/TestApp';

// A tab alone in the browser shows the login form once nobody answered its hand-off
// request; a short wait keeps these tests quick (joining has tests of its own).
const ALONE = { joinTimeoutMs: 20 } as const;
const MARCUS = { username: 'marcus@sunrise.example', password: 'Sunrise-Demo-2' } as const;

async function openApp() {
  const user = userEvent.setup();
  const tab = await renderWithSession(<TestApp />, { settings: ALONE });
  const form = await tab.findByRole('form', { name: 'Sign in' });
  const signIn = async (password: string = OLIVIA.password) => {
    const name = within(form).getByLabelText('User name');
    await user.clear(name);
    await user.type(name, OLIVIA.username);
    await user.type(within(form).getByLabelText('Password'), password);
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  };
  return { user, tab, form, signIn };
}

describe('signing in: useLogin, useSession, RequireSession', () => {
  it('olivia signs in: the login form gives way to the app after exactly one login request (StrictMode)', async () => {
    const { tab, signIn } = await openApp();
    await signIn();

    expect(await tab.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    expect(tab.getByText('Signed in as olivia@sunrise.example')).toBeInTheDocument();
    expect(tab.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(tab.getByText('Session: active')).toBeInTheDocument();
    // 1 round trip from submit to signed in (the README's budget table), even though
    // StrictMode renders and runs effects twice.
    expect(tab.count('/auth')).toBe(1);
    const [login] = tab.backend.requests('/auth');
    expect(login?.method).toBe('POST');
    expect(login?.form.get('username')).toBe(OLIVIA.username);
    expect(tab.emulator.sessionCount()).toBe(1);
  });

  it('the mutation state never holds the password, neither in flight nor afterwards', async () => {
    const { result, queryClient, backend } = await renderHookWithSession(() => ({
      login: useLogin(),
      session: useSession(),
    }));
    // Hold the login answer back so the in-flight state can be looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    backend.intercept((emulator) => async (request) => {
      if (new URL(request.url).pathname.endsWith('/auth')) await held;
      return emulator(request);
    });
    const everythingKept = () =>
      JSON.stringify([
        queryClient
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state),
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
        result.current.session,
        result.current.login.variables,
      ]);

    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = result.current.login.login(OLIVIA);
    });
    await waitFor(() => expect(result.current.login.isPending).toBe(true));
    expect(result.current.login.variables).toEqual({ username: OLIVIA.username });
    expect(result.current.session.status).toBe('signing-in');
    expect(everythingKept()).not.toContain(OLIVIA.password);

    release();
    await act(() => pending);
    await waitFor(() => expect(result.current.login.isSuccess).toBe(true));
    expect(result.current.session.status).toBe('active');
    expect(result.current.login.variables).toEqual({ username: OLIVIA.username });
    expect(everythingKept()).toContain(OLIVIA.username);
    expect(everythingKept()).not.toContain(OLIVIA.password);
  });

  it("TanStack's own mutate() signs in with the credentials it is given, and its callbacks never see the password", async () => {
    const { result, backend } = await renderHookWithSession(() => ({
      login: useLogin(),
      session: useSession(),
    }));
    const seen: unknown[] = [];
    act(() => {
      result.current.login.mutate(OLIVIA, {
        onSuccess: (_data, variables) => seen.push(variables),
        onError: (error) => seen.push(error),
      });
    });

    await waitFor(() => expect(result.current.session.status).toBe('active'));
    await waitFor(() => expect(result.current.login.isSuccess).toBe(true));
    expect(seen).toEqual([{ username: OLIVIA.username }]);
    expect(result.current.login.variables).toEqual({ username: OLIVIA.username });
    expect(backend.requests('/auth')[0]?.form.get('password')).toBe(OLIVIA.password);
  });

  it('mutateAsync() with a wrong password rejects with the service error, like login()', async () => {
    const { result } = await renderHookWithSession(() => ({
      login: useLogin(),
      session: useSession(),
    }));
    let failure: unknown;
    await act(() =>
      result.current.login.mutateAsync({ ...OLIVIA, password: 'nope' }).catch((error: unknown) => {
        failure = error;
      }),
    );
    expect((failure as VaultApiError).type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    await waitFor(() => expect(result.current.login.error).toBe(failure));
  });

  it('a wrong password shows USERNAME_OR_PASSWORD_INCORRECT and the user stays signed out', async () => {
    const { tab, form, signIn } = await openApp();
    await signIn('Sunrise-Demo-WRONG');

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'USERNAME_OR_PASSWORD_INCORRECT',
    );
    expect(tab.getByText('Session: signed-out')).toBeInTheDocument();
    expect(tab.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
    expect(tab.count('/auth')).toBe(1);
    expect(tab.emulator.sessionCount()).toBe(0);
  });

  it('login() rejects with the service error type, and the snapshot carries it', async () => {
    const { result } = await renderHookWithSession(() => ({
      login: useLogin(),
      session: useSession(),
    }));
    let failure: unknown;
    await act(() =>
      result.current.login.login({ ...OLIVIA, password: 'nope' }).catch((error: unknown) => {
        failure = error;
      }),
    );
    expect(failure).toBeInstanceOf(VaultApiError);
    expect((failure as VaultApiError).type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    expect(result.current.session.status).toBe('signed-out');
    await waitFor(() => expect(result.current.login.error).toBe(failure));
    expect(result.current.session.error).toBe(failure);
  });
});

describe('B11: a newer login supersedes one in flight', () => {
  it('the last login wins, and every attempt is sent with its own password', async () => {
    const { result, backend } = await renderHookWithSession(() => ({
      login: useLogin(),
      session: useSession(),
    }));
    const outcomes: unknown[] = [];
    await act(async () => {
      // A user who submits, then at once submits other credentials.
      const first = result.current.login.login(OLIVIA).then(
        () => 'signed in',
        (error: unknown) => error,
      );
      const second = result.current.login.login(MARCUS).then(
        () => 'signed in',
        (error: unknown) => error,
      );
      outcomes.push(await first, await second);
    });

    expect(outcomes[0]).toMatchObject({ kind: 'aborted' });
    expect(outcomes[1]).toBe('signed in');
    expect(result.current.session.status).toBe('active');
    expect(result.current.session.user?.username).toBe(MARCUS.username);
    const passwords: Record<string, string> = {
      [OLIVIA.username]: OLIVIA.password,
      [MARCUS.username]: MARCUS.password,
    };
    const sent = backend.requests('/auth').map((request) => request.form);
    expect(sent.length).toBeGreaterThan(0);
    for (const form of sent) {
      expect(form.get('password')).toBe(passwords[form.get('username') ?? '']);
    }
    expect(sent.at(-1)?.get('username')).toBe(MARCUS.username);
  });
});

describe('signing out: useLogout', () => {
  it('returns to the login form with the user name kept and ends the session on the server', async () => {
    const { user, tab, signIn } = await openApp();
    await signIn();
    await user.click(await tab.findByRole('button', { name: 'Sign out' }));

    const form = await tab.findByRole('form', { name: 'Sign in' });
    expect(within(form).getByLabelText('User name')).toHaveValue(OLIVIA.username);
    expect(within(form).getByLabelText('Password')).toHaveValue('');
    expect(tab.getByText('Session: ended')).toBeInTheDocument();
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(0));
    expect(tab.backend.requests('/session').map((request) => request.method)).toEqual(['DELETE']);
    expect(tab.session.manager.getSession()).toBeUndefined();
  });

  it.each([
    ['answers 503', faults.unavailable],
    ['drops the connection', faults.connectionDropped],
    ['never answers', faults.hang],
  ])('SES-07: signs out locally even when the end-session call %s', async (_, fault) => {
    const { user, tab, signIn } = await openApp();
    await signIn();
    await tab.findByRole('heading', { name: 'Documents' });
    tab.backend.intercept(failing('/session', fault, 'DELETE'));
    await user.click(tab.getByRole('button', { name: 'Sign out' }));

    // Signed out at once, before the server has said anything.
    expect(await tab.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(tab.getByText('Session: ended')).toBeInTheDocument();
    expect(tab.session.manager.getSession()).toBeUndefined();
    await waitFor(() => expect(tab.count('/session')).toBe(1));
    // The server never heard: its session is still there, but this tab has let go of it.
    expect(tab.emulator.sessionCount()).toBe(1);
  });
});
