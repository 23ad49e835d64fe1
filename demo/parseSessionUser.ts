import * as v from 'valibot';
import { VaultProtocolError } from '../src/index';

const SessionUserSchema = v.object({
  users: v.tuple([
    v.object({
      user: v.object({
        id: v.number(),
        user_name__v: v.string(),
        user_first_name__v: v.optional(v.string(), ''),
        user_last_name__v: v.optional(v.string(), ''),
        delegate_user_id: v.optional(v.number()),
      }),
    }),
  ]),
});

/**
 * Who a session acts as, from "Validate Session User".
 *
 * @example
 * ```ts
 * const me: SessionUserProfile = {
 *   id: 61001, username: 'olivia@sunrise.example', displayName: 'Olivia Bennett', delegateUserId: undefined,
 * };
 * ```
 */
export interface SessionUserProfile {
  readonly id: number;
  readonly username: string;
  /** First and last name, or the user name when the service has neither. */
  readonly displayName: string;
  /** Set for a delegated session: the person actually signed in. */
  readonly delegateUserId: number | undefined;
}

/**
 * Reads the answer of `GET /api/{version}/objects/users/me`.
 *
 * @example
 * ```ts
 * const me = parseSessionUser(await vaultFetch('/objects/users/me'));
 * ```
 */
export function parseSessionUser(body: unknown): SessionUserProfile {
  const parsed = v.safeParse(SessionUserSchema, body);
  if (!parsed.success) {
    throw new VaultProtocolError('The session user had an unexpected shape.', {
      status: 200,
      contentType: 'application/json',
    });
  }
  const { user } = parsed.output.users[0];
  const name = `${user.user_first_name__v} ${user.user_last_name__v}`.trim();
  return {
    id: user.id,
    username: user.user_name__v,
    displayName: name === '' ? user.user_name__v : name,
    delegateUserId: user.delegate_user_id,
  };
}
