import { normalizeError } from '../errors';
import { buildSessionRecord } from './buildSessionRecord';
import { endSessionQuietly } from './endSessionQuietly';
import type { SessionClient, SessionRecord } from './types';

/**
 * One password sign-in on the wire: the login call, and its answer made the record of a
 * session that began at `startedAt` (the local time the request was sent) and ends
 * `maxSessionMs` later. Resolves with the record, which it neither keeps nor announces:
 * the session manager decides whether it is still wanted. Rejects with the call's
 * `VaultError`; an answer that cannot be kept as a session is ended at its vault first.
 * The password goes into the request and nowhere else.
 */
export async function signInWithPassword(
  client: SessionClient,
  {
    username,
    password,
    vaultDns,
  }: { username: string; password: string; vaultDns?: string | undefined },
  {
    signal,
    startedAt,
    maxSessionMs,
  }: { readonly signal: AbortSignal; readonly startedAt: number; readonly maxSessionMs: number },
): Promise<SessionRecord> {
  const result = await client.login({ username, password, vaultDns }, { signal });
  try {
    return buildSessionRecord(result, { username, startedAt, maxSessionMs });
  } catch (error) {
    void endSessionQuietly(client, result.session, result.vault?.dns);
    throw normalizeError(error);
  }
}
