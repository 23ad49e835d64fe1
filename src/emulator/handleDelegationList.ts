import { authenticateCall, invalidSession, sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { replyTo } from './replyTo';

/**
 * `GET /api/{v}/delegation/vaults`: the vaults where the session's user may act for
 * someone else, and for whom.
 */
export function handleDelegationList(state: EmulatorState, call: EmulatorCall): Response {
  const session = authenticateCall(state, call);
  if (!session) return invalidSession(state, call);
  const { index } = state;
  const delegatedVaults = index.delegations
    .filter((grant) => grant.delegateUserId === session.userId)
    .map((grant) => {
      const vault = index.vaultsById.get(grant.vaultId);
      return {
        id: grant.vaultId,
        name: vault?.name ?? '',
        dns: vault?.dns ?? '',
        delegator_userid: String(grant.delegatorUserId),
      };
    });
  return replyTo(
    call,
    { responseStatus: 'SUCCESS', delegated_vaults: delegatedVaults },
    sessionHeaders(session),
  );
}
