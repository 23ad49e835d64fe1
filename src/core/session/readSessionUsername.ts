import type { SessionReference } from '../client/SessionReference';
import type { SessionClient } from './types';

/**
 * The user name of a session, from the service's "Validate Session User" call
 * (`/objects/users/me`): what a tab that learns of a session from the proxy alone shows.
 * `undefined` when the client cannot ask or the service does not say; never rejects.
 */
export async function readSessionUsername(
  client: SessionClient,
  session: SessionReference,
  vaultDns: string | undefined,
): Promise<string | undefined> {
  if (typeof client.request !== 'function') return undefined;
  try {
    const body = await client.request(session, '/objects/users/me', undefined, { vaultDns });
    const users = body.users;
    const entry: unknown = Array.isArray(users) ? users[0] : undefined;
    const user =
      typeof entry === 'object' && entry !== null ? (entry as { user?: unknown }).user : undefined;
    const name =
      typeof user === 'object' && user !== null
        ? (user as { user_name__v?: unknown }).user_name__v
        : undefined;
    return typeof name === 'string' && name !== '' && name.length <= 1_024 ? name : undefined;
  } catch {
    return undefined;
  }
}
