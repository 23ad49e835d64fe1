'use client';
import { type MutateOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { VaultAbortedError, type VaultError } from '../core/errors';
import { useVaultSession } from './VaultSessionContext';
import { withActions } from './withActions';

/**
 * What {@link useLogin}'s `login` takes. The password is sent exactly as given.
 *
 * @example
 * ```ts
 * const { login } = useLogin();
 * const credentials: LoginCredentials = {
 *   username: 'olivia@sunrise.example',
 *   password,
 *   vaultDns: 'quality.sunrise.example',
 * };
 * await login(credentials); // resolves once the session is active
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
 * Options of one {@link useLogin} call, as TanStack's `mutate` takes them; the callbacks
 * see the {@link LoginVariables}, never the password.
 *
 * @example
 * ```ts
 * const options: LoginMutateOptions = { onSuccess: () => navigate('/') };
 * ```
 */
export type LoginMutateOptions = MutateOptions<void, VaultError, LoginVariables>;

/**
 * What {@link useLogin} returns: TanStack's mutation result, whose `mutate` and
 * `mutateAsync` take the {@link LoginCredentials} (password included) while its `variables`
 * show only the {@link LoginVariables}; `login` is `mutateAsync` by its own name.
 *
 * @example
 * ```ts
 * const { mutate, isPending }: UseLoginResult = useLogin();
 * ```
 */
export type UseLoginResult = Omit<
  UseMutationResult<void, VaultError, LoginVariables>,
  'mutate' | 'mutateAsync'
> & {
  /** Signs in; failures land in `error` (and in the options' `onError`), never thrown. */
  mutate: (credentials: LoginCredentials, options?: LoginMutateOptions) => void;
  /** Signs in; resolves once the session is active, rejects with a `VaultError`. */
  mutateAsync: (credentials: LoginCredentials, options?: LoginMutateOptions) => Promise<void>;
  /** The same as `mutateAsync`. */
  login: (credentials: LoginCredentials, options?: LoginMutateOptions) => Promise<void>;
};

/**
 * Password login into the session. `login()` (or `mutateAsync()`) resolves once the session
 * is active and rejects with a `VaultError` (`VaultApiError` with the service's `type`, a
 * network or timeout error, a DNS mismatch); `mutate()` does the same without a promise. A
 * newer login or a sign-out in the meantime ends the older call with `VaultAbortedError`.
 * The password is handed to the call and not kept: it is not in the mutation's `variables`,
 * nor in the session's state.
 *
 * @example
 * ```tsx
 * const { mutate, isPending, error } = useLogin();
 * <form onSubmit={(e) => { e.preventDefault(); mutate({ username, password }); }} />
 * ```
 */
export function useLogin(): UseLoginResult {
  const { manager } = useVaultSession();
  // Carries each call's password to its own mutation run without storing it in the query
  // cache: keyed by that call's variables object (the one the mutation function receives),
  // and deleted the moment the call takes it. A single slot would let a second call in the
  // same tick hand its password to the first one's user name (B11).
  const pendingPasswords = useRef(new WeakMap<LoginVariables, string>());
  const mutation = useMutation<void, VaultError, LoginVariables>({
    mutationFn: async (variables) => {
      const password = pendingPasswords.current.get(variables);
      pendingPasswords.current.delete(variables);
      if (password === undefined) throw new VaultAbortedError();
      await manager.signIn({ ...variables, password });
    },
  });
  const { mutate: mutateVariables, mutateAsync: mutateVariablesAsync } = mutation;
  const hold = useCallback((credentials: LoginCredentials): LoginVariables => {
    const variables: LoginVariables = {
      username: credentials.username,
      ...(credentials.vaultDns === undefined ? {} : { vaultDns: credentials.vaultDns }),
    };
    pendingPasswords.current.set(variables, credentials.password);
    return variables;
  }, []);
  const mutate = useCallback(
    (credentials: LoginCredentials, options?: LoginMutateOptions) =>
      mutateVariables(hold(credentials), options),
    [mutateVariables, hold],
  );
  const mutateAsync = useCallback(
    (credentials: LoginCredentials, options?: LoginMutateOptions) =>
      mutateVariablesAsync(hold(credentials), options),
    [mutateVariablesAsync, hold],
  );
  return withActions(mutation, { mutate, mutateAsync, login: mutateAsync });
}
