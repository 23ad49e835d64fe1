import { authenticateCall, invalidSession, sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { replyTo } from './replyTo';

/**
 * `GET /api/{v}/objects/users/me`, "Validate Session User": who the session acts as. A
 * delegated session names the delegator and adds `delegate_user_id`, the person actually
 * at the keyboard.
 */
export function handleSessionUser(state: EmulatorState, call: EmulatorCall): Response {
  const session = authenticateCall(state, call);
  if (!session) return invalidSession(state, call);
  const user = state.index.usersById.get(session.userId);
  // Sessions are only ever issued for directory users, and the directory never changes.
  if (!user) throw new Error('A session names a user the directory does not hold.');
  return replyTo(
    call,
    {
      responseStatus: 'SUCCESS',
      users: [
        {
          user: {
            id: user.id,
            user_name__v: user.username,
            user_first_name__v: user.firstName,
            user_last_name__v: user.lastName,
            user_email__v: user.username,
            user_timezone__v: user.timezone,
            user_locale__v: user.locale,
            user_language__v: user.locale.split('_')[0] ?? 'en',
            active__v: true,
            ...(session.actor ? { delegate_user_id: session.actor.userId } : {}),
          },
        },
      ],
    },
    sessionHeaders(session),
  );
}
