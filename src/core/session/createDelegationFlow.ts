import { parseProxySessionHandle } from '../client/proxySessionHandle';
import {
  isSessionInvalidError,
  normalizeError,
  VaultAbortedError,
  VaultConfigError,
} from '../errors';
import { dnsOf } from './dnsOf';
import { endSessionQuietly } from './endSessionQuietly';
import { isSessionReference } from './isSessionReference';
import type { SessionManager } from './SessionManager';
import { isLiveStatus, type SessionState } from './sessionReducer';
import type { DelegationRecord, SessionClient, SessionRecord } from './types';

/**
 * The delegated-session part of a session manager: {@link SessionManager.startDelegation},
 * {@link SessionManager.stopDelegation}, and the function that makes a delegation under
 * way discard its answer because the session changed. A tuple, so that the manager names
 * the parts itself.
 *
 * @example
 * ```ts
 * const [startDelegation, stopDelegation, invalidateDelegations]: DelegationFlow =
 *   createDelegationFlow(client, () => state, ready, change, reportError, opened);
 * ```
 */
export type DelegationFlow = readonly [
  startDelegation: SessionManager['startDelegation'],
  stopDelegation: SessionManager['stopDelegation'],
  invalidateDelegations: () => void,
];

/**
 * Creates the delegated session flow of a session manager: acting for another user in a
 * session of its own, and back. `ready` starts the manager and answers false once it is
 * destroyed; `change` puts a delegation (or none) into the state and tells the other tabs;
 * `opened` holds the delegated sessions this tab opened, which this tab alone ends when
 * another tab's change displaces them.
 *
 * @example
 * ```ts
 * const [startDelegation] = createDelegationFlow(client, () => state, ready, change, reportError, new Set());
 * await startDelegation({ vaultId: 1002, delegatorUserId: '61', vaultName, dns });
 * ```
 */
export function createDelegationFlow(
  client: SessionClient,
  getState: () => SessionState,
  ready: () => boolean,
  change: (delegation: DelegationRecord | undefined, record: SessionRecord) => void,
  reportError: SessionManager['reportError'],
  opened: Set<string>,
): DelegationFlow {
  // A newer action bumps the generation; a call whose generation is stale when its answer
  // arrives discards that answer (B11: the last action wins).
  let generation = 0;

  return [
    async (target) => {
      const live = ready();
      const state = getState();
      const record = state.record;
      if (!live || !record || !isLiveStatus(state.status)) {
        throw new VaultConfigError('Sign in before acting on behalf of another user.');
      }
      generation += 1;
      const current = generation;
      // Destroying the manager bumps the generation too.
      const isCurrent = (): boolean =>
        current === generation && getState().record?.key === record.key;
      const { vaultId, delegatorUserId } = target;
      let { vaultName, dns } = target;
      let delegatedSessionId: string;
      try {
        if (vaultName === undefined || dns === undefined) {
          const offered = await client.getDelegations(record.sessionId, {
            vaultDns: record.dns,
          });
          const entry = offered.find(
            (item) => item.id === vaultId && item.delegatorUserId === delegatorUserId,
          );
          vaultName ??= entry?.name ?? '';
          dns ??= entry?.dns ?? '';
          if (!isCurrent()) throw new VaultAbortedError();
        }
        // The proxy holds one delegated session per browser and a new one replaces its
        // cookie, which is then the only way to end the old one: so it is ended first.
        const held = getState().record?.delegation;
        if (held && parseProxySessionHandle(held.sessionId)) {
          change(undefined, record);
          opened.delete(held.sessionId);
          await endSessionQuietly(client, held.sessionId, dnsOf(held));
          if (!isCurrent()) throw new VaultAbortedError();
        }
        // Asked of the actor's own vault; the delegated session then lives in `dns`.
        ({ delegatedSessionId } = await client.loginDelegated(
          record.sessionId,
          { vaultId, delegatorUserId },
          { vaultDns: record.dns },
        ));
      } catch (error) {
        const failure = normalizeError(error);
        reportError(failure, { sessionId: record.sessionId });
        throw failure;
      }
      if (!isCurrent() || !isSessionReference(delegatedSessionId)) {
        void endSessionQuietly(
          client,
          isSessionReference(delegatedSessionId) ? delegatedSessionId : undefined,
          dns || undefined,
        );
        throw new VaultAbortedError();
      }
      const previous = getState().record?.delegation;
      const delegation: DelegationRecord = {
        sessionId: delegatedSessionId,
        vaultId,
        vaultName,
        dns,
        delegatorUserId,
      };
      change(delegation, record);
      if (getState().record?.delegation === delegation) opened.add(delegatedSessionId);
      if (previous) {
        opened.delete(previous.sessionId);
        void endSessionQuietly(client, previous.sessionId, dnsOf(previous));
      }
    },

    async () => {
      ready();
      generation += 1;
      const delegation = getState().record?.delegation;
      if (!delegation) return;
      // The user acts for the delegator until the vault has ended that session: one that
      // could not be ended stays in use, and the failure is the caller's to tell. A session
      // the vault no longer knows is ended already.
      const { sessionId } = delegation;
      try {
        await client.endSession(sessionId, { vaultDns: dnsOf(delegation) });
      } catch (error) {
        if (!isSessionInvalidError(error)) throw normalizeError(error);
      }
      // Another tab or a newer action may have changed the delegation meanwhile.
      const record = getState().record;
      if (record?.delegation?.sessionId === sessionId) {
        change(undefined, record);
        opened.delete(sessionId);
      }
    },

    () => {
      generation += 1;
    },
  ];
}
