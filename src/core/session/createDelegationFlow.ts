import { isSameSession, type SessionReference } from '../client/SessionReference';
import {
  isSessionInvalidError,
  normalizeError,
  VaultAbortedError,
  VaultConfigError,
} from '../errors';
import { dnsOf } from './dnsOf';
import { endSessionQuietly } from './endSessionQuietly';
import { toStoredSessionReference } from './readStoredSessionReference';
import type { SessionCore } from './SessionCore';
import type { SessionManager } from './SessionManager';
import { isLiveStatus } from './sessionReducer';
import type { DelegationRecord, SessionRecord } from './types';

/**
 * The delegated-session part of a session manager.
 */
export interface DelegationFlow {
  /** {@link SessionManager.startDelegation}. */
  readonly start: SessionManager['startDelegation'];
  /** {@link SessionManager.stopDelegation}. */
  readonly stop: SessionManager['stopDelegation'];
  /** Makes a delegation under way discard its answer, because the session changed. */
  invalidate(): void;
}

/**
 * Creates the delegated session flow of a session manager: acting for another user in a
 * session of its own, and back. `change` puts a delegation (or none) into the state and
 * tells the other tabs; the delegated sessions this tab opens are kept in `core.opened`,
 * which this tab alone ends when another tab's change displaces them.
 */
export function createDelegationFlow(
  core: SessionCore,
  change: (delegation: DelegationRecord | undefined, record: SessionRecord) => void,
  reportError: SessionManager['reportError'],
): DelegationFlow {
  const { client, getState, ready, opened } = core;
  // A newer action bumps the generation; a call whose generation is stale when its answer
  // arrives discards that answer (B11: the last action wins).
  let generation = 0;

  return {
    async start(target) {
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
      let session: SessionReference;
      try {
        if (vaultName === undefined || dns === undefined) {
          const offered = await client.getDelegations(record.session, {
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
        if (held?.session.kind === 'proxy') {
          change(undefined, record);
          opened.delete(toStoredSessionReference(held.session));
          await endSessionQuietly(client, held.session, dnsOf(held));
          if (!isCurrent()) throw new VaultAbortedError();
        }
        // Asked of the actor's own vault; the delegated session then lives in `dns`.
        ({ session } = await client.loginDelegated(
          record.session,
          { vaultId, delegatorUserId },
          { vaultDns: record.dns },
        ));
      } catch (error) {
        const failure = normalizeError(error);
        reportError(failure, { session: record.session });
        throw failure;
      }
      if (!isCurrent()) {
        void endSessionQuietly(client, session, dns || undefined);
        throw new VaultAbortedError();
      }
      const previous = getState().record?.delegation;
      const delegation: DelegationRecord = {
        session,
        vaultId,
        vaultName,
        dns,
        delegatorUserId,
      };
      change(delegation, record);
      if (getState().record?.delegation === delegation) {
        opened.add(toStoredSessionReference(session));
      }
      if (previous) {
        opened.delete(toStoredSessionReference(previous.session));
        void endSessionQuietly(client, previous.session, dnsOf(previous));
      }
    },

    async stop() {
      ready();
      generation += 1;
      const delegation = getState().record?.delegation;
      if (!delegation) return;
      // The user acts for the delegator until the vault has ended that session: one that
      // could not be ended stays in use, and the failure is the caller's to tell. A session
      // the vault no longer knows is ended already.
      const { session } = delegation;
      try {
        await client.endSession(session, { vaultDns: dnsOf(delegation) });
      } catch (error) {
        if (!isSessionInvalidError(error)) throw normalizeError(error);
      }
      // Another tab or a newer action may have changed the delegation meanwhile.
      const record = getState().record;
      if (record?.delegation && isSameSession(record.delegation.session, session)) {
        change(undefined, record);
        opened.delete(toStoredSessionReference(session));
      }
    },

    invalidate() {
      generation += 1;
    },
  };
}
