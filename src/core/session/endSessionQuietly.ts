import { dnsOf } from './dnsOf';
import type { SessionClient, SessionRecord } from './types';

/**
 * Ends a session on the server without letting the outcome reach the caller: the tab has
 * already moved on, so a refusal, a network fault or a client that throws changes nothing
 * for it. The promise never rejects; for `undefined` there is nothing to end and it
 * resolves at once.
 *
 * @example
 * ```ts
 * void endSessionQuietly(client, result.sessionId, result.vault?.dns);
 * ```
 */
export function endSessionQuietly(
  client: SessionClient,
  sessionId: string | undefined,
  vaultDns: string | undefined,
): Promise<void> {
  if (sessionId === undefined) return Promise.resolve();
  try {
    return client.endSession(sessionId, { vaultDns }).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/**
 * Ends both sessions of a record the same way, the delegated one (if any) first. Settles
 * when both have, and never rejects.
 *
 * @example
 * ```ts
 * await endRecordQuietly(client, record);
 * ```
 */
export function endRecordQuietly(client: SessionClient, record: SessionRecord): Promise<unknown> {
  return Promise.all([
    endSessionQuietly(client, record.delegation?.sessionId, dnsOf(record.delegation)),
    endSessionQuietly(client, record.sessionId, record.dns),
  ]);
}
