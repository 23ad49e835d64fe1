import { VaultProtocolError } from '../src/index';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

// An absent field reads as its default; a present one must have the expected type.
const optional = <T>(value: unknown, type: 'string' | 'number', fallback: T): unknown =>
  value === undefined ? fallback : typeof value === type ? value : undefined;

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
  const users = isObject(body) ? body.users : undefined;
  const entry: unknown = Array.isArray(users) ? users[0] : undefined;
  const user = isObject(entry) && isObject(entry.user) ? entry.user : {};
  const first = optional(user.user_first_name__v, 'string', '');
  const last = optional(user.user_last_name__v, 'string', '');
  const delegate = optional(user.delegate_user_id, 'number', null);
  if (
    typeof user.id !== 'number' ||
    typeof user.user_name__v !== 'string' ||
    typeof first !== 'string' ||
    typeof last !== 'string' ||
    delegate === undefined
  ) {
    throw new VaultProtocolError('The session user had an unexpected shape.', {
      status: 200,
      contentType: 'application/json',
    });
  }
  const name = `${first} ${last}`.trim();
  return {
    id: user.id,
    username: user.user_name__v,
    displayName: name === '' ? user.user_name__v : name,
    delegateUserId: typeof delegate === 'number' ? delegate : undefined,
  };
}
