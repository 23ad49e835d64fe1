'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { VaultInfo } from '../core/client/types';
import { normalizeError, VaultAbortedError, type VaultError } from '../core/errors';
import { isLiveStatus } from '../core/session/sessionReducer';
import { switchVault } from '../core/session/switchVault';
import { discoveryQueryOptions } from './discoveryQueryOptions';
import { pendingSsoSwitch } from './pendingSsoSwitch';
import { useSession } from './useSession';
import { useSsoCallback } from './useSsoCallback';
import { useSsoLogin } from './useSsoLogin';
import { useVaultSession } from './VaultSessionContext';
import { vaultQueryKeys } from './vaultQueryKeys';

/**
 * What {@link useVaultSwitch} returns.
 *
 * @example
 * ```ts
 * const { vaults, current, method, switchTo }: UseVaultSwitchResult = useVaultSwitch();
 * ```
 */
export interface UseVaultSwitchResult {
  /** Every vault of the signed-in user, as the login answer named them. */
  readonly vaults: readonly VaultInfo[];
  /** The vault the user's own session is in. */
  readonly current: VaultInfo | undefined;
  /** The signed-in user's name, to show on the password step. */
  readonly username: string | undefined;
  /**
   * How a switch proceeds for this user, from discovery: `password` asks for the password,
   * `sso` goes to the identity provider (which returns at once while it still knows the
   * user); `undefined` until discovery has answered.
   */
  readonly method: 'password' | 'sso' | undefined;
  /** True while acting for someone: a switch stops that first. */
  readonly acting: boolean;
  /** A switch is under way. */
  readonly pending: boolean;
  /** Why the last switch failed; the user is still where they were (unless signed out). */
  readonly error: VaultError | undefined;
  /**
   * The vault the last switch in this tab moved to, to announce; after a switch by single
   * sign-on, on the page the identity provider sent the user back to.
   */
  readonly switchedTo: VaultInfo | undefined;
  /**
   * Moves the session to `vault`. Password users give `password` (sent as typed and not
   * kept); SSO users give none, and the page goes to the identity provider. Resolves once
   * the new session is in use (password) or the redirect has started (SSO); rejects with
   * the `VaultError` also in `error`.
   */
  switchTo(vault: VaultInfo, password?: string): Promise<void>;
  /** Forgets the last failure (the user cancelled). */
  reset(): void;
}

/**
 * Switch vault without signing out, for apps that draw their own header (`VaultSwitcher`
 * is the ready-made one): the signed-in user's vaults and a `switchTo` that moves the
 * session to one of them. A new session is opened at the chosen vault, the old one is ended
 * at its own, and every tab follows; acting for someone ends first. The kit's queries of the
 * old vault are dropped once the new session is in use, here and in the other tabs
 * (`SessionProvider` drops them whenever the vault changes); `onSwitched` is the place to
 * drop an app's own.
 *
 * @example
 * ```tsx
 * const { vaults, current, switchTo } = useVaultSwitch({
 *   onSwitched: () => queryClient.removeQueries({ queryKey: ['documents'] }),
 * });
 * ```
 */
export function useVaultSwitch(
  options: { readonly onSwitched?: ((vault: VaultInfo) => void) | undefined } = {},
): UseVaultSwitchResult {
  const session = useVaultSession();
  const queryClient = useQueryClient();
  const snapshot = useSession();
  const user = snapshot.user;
  const username = user?.username;
  // Cached from the sign-in, so normally no round trip.
  const discovery = useQuery({
    ...discoveryQueryOptions(session.client, username ?? ''),
    enabled: username !== undefined,
  });
  const method = discovery.data?.authType;
  const sso = useSsoLogin();
  const [switchedTo, setSwitchedTo] = useState<VaultInfo>();
  const { onSwitched } = options;
  const mutation = useMutation<void, VaultError, { vault: VaultInfo; password?: string }>({
    retry: false,
    mutationFn: async ({ vault, password }) => {
      try {
        const profile = discovery.data?.profiles[0];
        if (password === undefined) {
          if (method !== 'sso' || !profile || !username) throw new VaultAbortedError();
          if (session.manager.getSnapshot().delegation) await session.manager.stopDelegation();
          // The page the user is on is where the provider sends them back (the default
          // `returnTo`), and the note says there where they now are.
          pendingSsoSwitch.keep(vault.dns);
          await sso.startSso({ profile, username, vaultDns: vault.dns }).catch((error) => {
            pendingSsoSwitch.take();
            throw error;
          });
          return;
        }
        await switchVault(session, { vault, password });
      } catch (error) {
        throw normalizeError(error);
      }
      queryClient.removeQueries({ queryKey: vaultQueryKeys.all });
      setSwitchedTo(vault);
      onSwitched?.(vault);
    },
  });
  const { mutateAsync, reset } = mutation;
  const switchTo = useCallback(
    (vault: VaultInfo, password?: string) =>
      mutateAsync(password === undefined ? { vault } : { vault, password }),
    [mutateAsync],
  );
  const live = isLiveStatus(snapshot.status);
  const current = live ? user?.vault : undefined;
  // Back from the identity provider after a single sign-on switch this tab left for: the
  // page was loaded afresh, and the vault the session is now in is announced as after a
  // password switch (a switch that did not complete leaves the user where they were). The
  // page holds nothing of the old vault to drop, so `onSwitched` is not called.
  // A page that still completes the sign-in (token mode) holds the old session until then.
  const completing = useSsoCallback().status === 'processing';
  useEffect(() => {
    if (!current || completing) return;
    const asked = pendingSsoSwitch.take();
    if (asked === undefined || asked.toLowerCase() !== current.dns.toLowerCase()) return;
    setSwitchedTo(current);
  }, [current, completing]);
  return {
    vaults: live ? (user?.vaults ?? []) : [],
    current,
    username,
    method: method === 'sso' || method === 'password' ? method : undefined,
    acting: snapshot.delegation !== undefined,
    pending: mutation.isPending,
    error: mutation.error ?? undefined,
    switchedTo,
    switchTo,
    reset,
  };
}
