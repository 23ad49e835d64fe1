import { type ReactNode, useState } from 'react';
import { VaultApiError } from '../../../src/core/errors';
import { RequireSession } from '../../../src/react/RequireSession';
import { useLogin } from '../../../src/react/useLogin';
import { useLogout } from '../../../src/react/useLogout';
import { useSession } from '../../../src/react/useSession';

/**
 * A minimal password form on `useLogin`, prefilled with the last user name (WCAG 3.3.7);
 * the failure's service `type` (or error kind) is announced in an alert.
 *
 * @example
 * ```tsx
 * <RequireSession fallback={<TestLoginForm />}>…</RequireSession>
 * ```
 */
export function TestLoginForm(): ReactNode {
  const { login, error, isPending } = useLogin();
  const { lastUsername } = useSession();
  const [username, setUsername] = useState(lastUsername ?? '');
  const [password, setPassword] = useState('');
  return (
    <form
      aria-label="Sign in"
      onSubmit={(event) => {
        event.preventDefault();
        login({ username, password }).catch(() => undefined);
      }}
    >
      <label>
        User name
        <input
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit" disabled={isPending}>
        Sign in
      </button>
      {error ? (
        <p role="alert">{error instanceof VaultApiError ? error.type : error.kind}</p>
      ) : null}
    </form>
  );
}

/**
 * The signed-in view: who is signed in and a sign-out button.
 *
 * @example
 * ```tsx
 * <RequireSession fallback={<TestLoginForm />}><SignedInView /></RequireSession>
 * ```
 */
export function SignedInView(): ReactNode {
  const { user } = useSession();
  const { logout } = useLogout();
  return (
    <main>
      <h1>Documents</h1>
      <p>Signed in as {user?.username}</p>
      <button type="button" onClick={logout}>
        Sign out
      </button>
    </main>
  );
}

/**
 * The session status as text, for assertions on what a status line would show.
 *
 * @example
 * ```tsx
 * <SessionStatusLine />
 * ```
 */
export function SessionStatusLine(): ReactNode {
  const { status } = useSession();
  return <p>Session: {status}</p>;
}

/**
 * A small app: the login form until a session exists, then the documents view; a pending
 * note while a new tab asks the open ones for their session.
 *
 * @example
 * ```tsx
 * await renderWithSession(<TestApp />);
 * ```
 */
export function TestApp(): ReactNode {
  return (
    <>
      <SessionStatusLine />
      <RequireSession fallback={<TestLoginForm />} pending={<p>Checking for an open session…</p>}>
        <SignedInView />
      </RequireSession>
    </>
  );
}
