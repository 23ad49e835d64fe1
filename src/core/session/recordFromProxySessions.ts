import { isSameSession, type ProxySessionReference } from '../client/SessionReference';
import type { ProxySessions, VaultInfo } from '../client/types';
import { parseSessionRecord, toStoredRecord } from './parseSessionRecord';
import type { DelegationRecord, SessionRecord } from './types';

/**
 * The session record of a tab, from what the proxy's session route says the browser holds
 * (the truth in BFF mode) and a record this tab already has (stored, or handed over by
 * another tab): that record's details (user name, vault names) are kept when it names the
 * same sessions; the sessions themselves, their vaults and the deadline are the proxy's.
 * `undefined` when the browser holds no own session.
 */
export function recordFromProxySessions(
  sessions: ProxySessions,
  {
    candidate,
    username,
    maxSessionMs,
  }: {
    readonly candidate: SessionRecord | undefined;
    readonly username: string | undefined;
    readonly maxSessionMs: number;
  },
): SessionRecord | undefined {
  const { own, delegated } = sessions;
  if (!own) return undefined;
  const session: ProxySessionReference = { kind: 'proxy', cookie: 'own', tag: own.sessionTag };
  const known = isSameSession(candidate?.session, session) ? candidate : undefined;
  // Restored from the proxy alone, the vaults are the login answer's as the proxy kept them;
  // without them (a list too long for a cookie) the vault's host name stands in, so the
  // user still reads where they are rather than a blank.
  const vaults = known?.vaults ?? own.vaults ?? [hostOnlyVault(own.vaultId, own.vaultDns)];
  let delegation: DelegationRecord | undefined;
  if (delegated) {
    const delegatedSession: ProxySessionReference = {
      kind: 'proxy',
      cookie: 'delegated',
      tag: delegated.sessionTag,
    };
    delegation =
      known?.delegation && isSameSession(known.delegation.session, delegatedSession)
        ? known.delegation
        : {
            session: delegatedSession,
            vaultId: delegated.vaultId,
            vaultName:
              vaults.find((vault) => vault.id === delegated.vaultId)?.name ?? delegated.vaultDns,
            dns: delegated.vaultDns,
            delegatorUserId: delegated.userId,
          };
  }
  // Checked as any record is that comes from storage or another tab.
  return parseSessionRecord(
    toStoredRecord({
      v: 1,
      key: own.sessionTag,
      session,
      userId: own.userId,
      username: known?.username ?? username ?? own.userId,
      vaultId: own.vaultId,
      dns: own.vaultDns,
      vaults,
      startedAt: own.createdAt,
      deadline: Math.min(own.deadline, own.createdAt + maxSessionMs),
      ...(own.renewal === undefined ? {} : { renewal: own.renewal }),
      ...(known?.revision === undefined ? {} : { revision: known.revision }),
      ...(delegation ? { delegation } : {}),
    }),
  );
}

function hostOnlyVault(id: number, dns: string): VaultInfo {
  return { id, name: dns, dns, url: `https://${dns}/api` };
}
