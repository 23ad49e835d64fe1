'use client';
import {
  LoginForm,
  RequireSession,
  SessionProvider,
  SignOutButton,
  useSession,
} from 'vault-session-kit';

export function SignIn() {
  return (
    <SessionProvider
      // BFF mode: the route handlers keep the session ID in an HttpOnly cookie.
      credentials="proxy"
      config={{
        authUrl: '', // the route handlers at /auth/* on this origin
        vaultUrl: '/vault/{dns}', // and at /vault/{dns}/api/*
        vaultDns: process.env.NEXT_PUBLIC_VAULT_DNS ?? 'clinical.harbor.example',
        // The client ID your vault's single sign-on profile knows; the development
        // provider of `npx vault-session-kit dev` knows vault-session-kit-demo.
        clientId: process.env.NEXT_PUBLIC_VAULT_CLIENT_ID ?? 'vault-session-kit-demo',
      }}
      // A path: resolved against the page's origin in the browser, so prerendering works.
      sso={{ redirectUri: '/sso/callback', load: () => import('vault-session-kit/sso') }}
    >
      <RequireSession fallback={<LoginForm />} pending={<p>Checking your session…</p>}>
        <SignedIn />
      </RequireSession>
    </SessionProvider>
  );
}

function SignedIn() {
  const { user, vault } = useSession();
  return (
    <>
      <p>
        Signed in as {user?.username} in {vault?.name}
      </p>
      <SignOutButton />
    </>
  );
}
