import type { AuthResult } from '../client/types';
import { VaultProtocolError } from '../errors';
import { MAX_SESSION_MS } from '../kitWire';
import { parseSessionRecord } from './parseSessionRecord';
import { randomTag } from './randomTag';
import { toStoredSessionReference } from './readStoredSessionReference';
import type { SessionRecord } from './types';

/**
 * The session record of a login answer, started at `startedAt` (the local time the login
 * request was sent) and ending `maxSessionMs` later. Throws `VaultProtocolError` when the
 * answer cannot be kept as a session.
 */
export function buildSessionRecord(
  result: AuthResult,
  {
    username,
    startedAt,
    maxSessionMs,
    lent = false,
  }: {
    readonly username: string;
    readonly startedAt: number;
    readonly maxSessionMs: number;
    readonly lent?: boolean | undefined;
  },
): SessionRecord {
  // Behind the proxy in BFF mode the session is named by its tag, in every tab alike, and
  // its clock is the proxy's: every tab (and a tab that learns of it from the proxy alone)
  // then agrees on when it began, which also names its keep-alive channel.
  const { session } = result;
  const proxyDeadline = session.kind === 'proxy' ? result.sessionDeadline : undefined;
  const begun = proxyDeadline === undefined ? startedAt : proxyDeadline - MAX_SESSION_MS;
  // Checked as any record is that comes from storage or another tab.
  const record = parseSessionRecord({
    v: 1,
    key: session.kind === 'proxy' ? session.tag : randomTag(),
    sessionId: toStoredSessionReference(session),
    userId: String(result.userId),
    username,
    vaultId: result.vaultId,
    // The vault the session landed in, which auth defaulting may have chosen instead of
    // the one asked for; its calls must go there.
    ...(result.vault?.dns ? { dns: result.vault.dns } : {}),
    vaults: result.vaults.map(({ id, name, url, dns }) => ({ id, name, url, dns })),
    startedAt: begun,
    deadline: Math.min(begun + maxSessionMs, proxyDeadline ?? Number.POSITIVE_INFINITY),
    ...(lent ? { lent: true } : {}),
    ...(result.renewal === undefined ? {} : { renewal: result.renewal }),
  });
  if (!record) {
    throw new VaultProtocolError('The login answer cannot be kept as a session.', {
      status: 200,
      contentType: null,
    });
  }
  return record;
}
