'use client';
import type { ReactNode } from 'react';
import { SessionProvider } from 'vault-session-kit';

export function VaultSession({ children }: { children: ReactNode }) {
  return (
    <SessionProvider
      // BFF mode: the route handlers keep the session ID in an HttpOnly cookie.
      credentials="proxy"
      config={{
        authUrl: '', // the route handlers at /auth/* on this origin
        vaultUrl: '/vault/{dns}', // and at /vault/{dns}/api/*
        // The vault users sign in to with a password. A user whose account is in another
        // vault (sam, with single sign-on, in the dev command's Harbor Clinical) is
        // signed in there: the session is accepted where the service put it.
        vaultDns: process.env.NEXT_PUBLIC_VAULT_DNS ?? 'promomats.sunrise.example',
        validateDns: false,
        // The client ID your vault's single sign-on profile knows; the development
        // provider of `npx vault-session-kit dev` knows vault-session-kit-demo. Single
        // sign-on runs in the proxy (lib/vaultProxy.ts): the page loads no OIDC code.
        clientId: process.env.NEXT_PUBLIC_VAULT_CLIENT_ID ?? 'vault-session-kit-demo',
      }}
    >
      {children}
    </SessionProvider>
  );
}
