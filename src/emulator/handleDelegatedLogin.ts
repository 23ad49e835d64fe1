import { authenticateCall, invalidSession, sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { nonEmpty } from './nonEmpty';
import { replyTo } from './replyTo';
import { vaultFailure } from './vaultResponse';

/**
 * `POST /api/{v}/delegation/login`: a new session acting as the delegator, bound to the
 * actor's session; never from a delegated session, and only with a grant.
 */
export function handleDelegatedLogin(state: EmulatorState, call: EmulatorCall): Response {
  const session = authenticateCall(state, call);
  if (!session) return invalidSession(state, call);
  const { clock, index } = state;
  const headers = sessionHeaders(session);
  const refuse = (reason: 'from_delegated_session' | 'no_grant', message: string): Response => {
    state.emit({
      type: 'delegation_refused',
      at: clock.now(),
      actorUserId: session.actor?.userId ?? session.userId,
      reason,
    });
    return replyTo(call, vaultFailure('INSUFFICIENT_ACCESS', message), headers);
  };
  if (session.actor) {
    return refuse(
      'from_delegated_session',
      'A delegated session cannot start another delegated session.',
    );
  }
  const rawVaultId = nonEmpty(call.form.get('vault_id'));
  const delegator = nonEmpty(call.form.get('delegator_userid'));
  const missing = [rawVaultId ? undefined : 'vault_id', delegator ? undefined : 'delegator_userid']
    .filter((name) => name !== undefined)
    .join(', ');
  if (rawVaultId === undefined || delegator === undefined) {
    return replyTo(
      call,
      vaultFailure('PARAMETER_REQUIRED', `Missing required parameter [${missing}].`),
      headers,
    );
  }
  const vaultId = Number(rawVaultId);
  if (!/^-?\d+$/.test(rawVaultId) || !Number.isSafeInteger(vaultId)) {
    return replyTo(
      call,
      vaultFailure('INVALID_DATA', 'Invalid value for [vault_id]: an integer is expected.'),
      headers,
    );
  }
  // The grant is checked here, whatever the client's list showed (DEL-02).
  const grant = index.delegations.find(
    (g) =>
      g.delegateUserId === session.userId &&
      g.vaultId === vaultId &&
      String(g.delegatorUserId) === delegator,
  );
  const subject = grant ? index.usersById.get(grant.delegatorUserId) : undefined;
  if (!grant || !subject || subject.status === 'inactive') {
    return refuse('no_grant', 'You do not have delegate access for that user in that vault.');
  }
  const delegated = state.sessions.createDelegated(session, { userId: subject.id, vaultId });
  state.emit({
    type: 'delegation_started',
    at: clock.now(),
    actorUserId: session.userId,
    subjectUserId: subject.id,
    vaultId,
    sessionRef: delegated.ref,
    actorSessionRef: session.ref,
  });
  return replyTo(call, { responseStatus: 'SUCCESS', delegated_sessionid: delegated.id }, headers);
}
