// The floor the kit's login page is measured against: the same stack (React, TanStack
// Query, a production build served with the emulator) with a login form of plain
// `<input>` elements and no kit. Signing in posts the password grant through a TanStack
// mutation, so the library is in the build as it is in an app of the kit.
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const API_VERSION = 'v26.1';

function PlainLoginForm(): ReactNode {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: async () => {
      const response = await fetch(`/api/${API_VERSION}/auth`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ username, password }),
      });
      return (await response.json()) as { responseStatus: string };
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  if (login.data?.responseStatus === 'SUCCESS') return <p>Signed in as {username}</p>;
  return (
    <form onSubmit={submit}>
      <h1>Sign in</h1>
      <label htmlFor="username">User name</label>
      <input
        id="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <label htmlFor="password">Password</label>
      <input
        id="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" disabled={login.isPending}>
        Sign in
      </button>
      {login.data ? <p role="alert">{login.data.responseStatus}</p> : null}
    </form>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <QueryClientProvider client={new QueryClient()}>
    <main>
      <PlainLoginForm />
    </main>
  </QueryClientProvider>,
);
