'use client';
import { createContext, useContext } from 'react';
import { configError } from '../core/explainInDevelopment';
import type { VaultSession } from '../core/session/VaultSession';

/**
 * The React context that carries the {@link VaultSession}; `SessionProvider` fills it.
 */
export const VaultSessionContext = createContext<VaultSession | undefined>(undefined);
VaultSessionContext.displayName = 'VaultSessionContext';

/**
 * The {@link VaultSession} of the nearest `SessionProvider`: its client, state machine and
 * keep-alive. Throws when there is none, naming the fix.
 *
 * @example
 * ```tsx
 * const { client } = useVaultSession();
 * ```
 */
export function useVaultSession(): VaultSession {
  const session = useContext(VaultSessionContext);
  if (!session) {
    throw configError('No SessionProvider above this component.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'No vault session found: wrap the component in <SessionProvider> (vault-session-kit).',
    );
  }
  return session;
}
