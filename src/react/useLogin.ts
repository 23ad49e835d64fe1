'use client';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { VaultAbortedError, type VaultError } from '../core/errors';
import { useVaultSession } from './VaultSessionContext';

/**
 * What {@link useLogin}'s `login` takes. The password is sent exactly as given.
 *
 * @example
 * ```ts
 * const credentials: LoginCredentials = { username: 'olivia@sunrise.example', password: typed };
 * ```
 */
export interface LoginCredentials {
  username: string;
  password: string;
  /** Sign in to this vault (by DNS) rather than the user's default one. */
  vaultDns?: string | undefined;
}

/**
 * The user name and vault of a login in flight, as the mutation's state shows them: the
 * password is deliberately not part of it.
 *
 * @example
 * ```ts
 * const shown: LoginVariables = { username: 'olivia@sunrise.example' };
 * ```
 */
export interface LoginVariables {
  username: string;
  vaultDns?: string | undefined;
}

/**
 * Password login into the session. `login()` resolves once the session is active and
 * rejects with a `VaultError` (`VaultApiError` with the service's `type`, a network or
 * timeout error, a DNS mismatch); a newer login or a sign-out in the meantime rejects it
 * with `VaultAbortedError`. The password is handed to the call and not kept: it is not in
 * the mutation's `variables`, nor in the session's state.
 *
 * @example
 * ```tsx
 * const { login, isPending, error } = useLogin();
 * <form onSubmit={(e) => { e.preventDefault(); login({ username, password }).catch(() => {}); }} />
 * ```
 */
export function useLogin(): UseMutationResult<void, VaultError, LoginVariables> & {
  login: (credentials: LoginCredentials) => Promise<void>;
} {
  const { manager } = useVaultSession();
  // Carries each call's password from login() to its own mutation run without storing it in
  // the query cache: keyed by that call's variables object (the one the mutation function
  // receives), and deleted the moment the call takes it. A single slot would let a second
  // login() in the same tick hand its password to the first one's user name (B11).
  const pendingPasswords = useRef(new WeakMap<LoginVariables, string>());
  const mutation = useMutation<void, VaultError, LoginVariables>({
    mutationFn: async (variables) => {
      const password = pendingPasswords.current.get(variables);
      pendingPasswords.current.delete(variables);
      if (password === undefined) throw new VaultAbortedError();
      await manager.signIn({ ...variables, password });
    },
  });
  const { mutateAsync } = mutation;
  const login = useCallback(
    (credentials: LoginCredentials) => {
      const variables: LoginVariables = {
        username: credentials.username,
        ...(credentials.vaultDns === undefined ? {} : { vaultDns: credentials.vaultDns }),
      };
      pendingPasswords.current.set(variables, credentials.password);
      return mutateAsync(variables);
    },
    [mutateAsync],
  );
  return Object.assign(mutation, { login });
}
