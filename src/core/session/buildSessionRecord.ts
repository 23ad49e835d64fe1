import type { AuthResult } from '../client/types';
import { VaultProtocolError } from '../errors';
import { parseSessionRecord } from './parseSessionRecord';
import { randomTag } from './randomTag';
import type { SessionRecord } from './types';

/**
 * The session record of a login answer, started at `startedAt` (the local time the login
 * request was sent) and ending `maxSessionMs` later. Throws `VaultProtocolError` when the
 * answer cannot be kept as a session.
 *
 * @example
 * ```ts
 * const record = buildSessionRecord(await client.login(credentials), 'olivia@sunrise.example', sentAt, 48 * 3_600_000);
 * ```
 */
export function buildSessionRecord(
  result: AuthResult,
  username: string,
  startedAt: number,
  maxSessionMs: number,
): SessionRecord {
  const record = parseSessionRecord({
    v: 1,
    key: randomTag(),
    sessionId: result.sessionId,
    userId: String(result.userId),
    username,
    vaultId: result.vaultId,
    // The vault the session landed in, which auth defaulting may have chosen instead of
    // the one asked for; its calls must go there.
    ...(result.vault?.dns ? { dns: result.vault.dns } : {}),
    vaults: result.vaults.map(({ id, name, url, dns }) => ({ id, name, url, dns })),
    startedAt,
    deadline: startedAt + maxSessionMs,
  });
  if (!record) {
    throw new VaultProtocolError('The login answer cannot be kept as a session.', {
      status: 200,
      contentType: null,
    });
  }
  return record;
}
