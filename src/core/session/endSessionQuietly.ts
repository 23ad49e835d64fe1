import type { SessionReference } from '../client/SessionReference';
import { dnsOf } from './dnsOf';
import type { SessionClient, SessionRecord } from './types';

/**
 * Ends a session on the server without letting the outcome reach the caller: the tab has
 * already moved on, so a refusal, a network fault or a client that throws changes nothing
 * for it. The promise never rejects; for `undefined` there is nothing to end and it
 * resolves at once.
 */
export function endSessionQuietly(
  client: SessionClient,
  session: SessionReference | undefined,
  vaultDns: string | undefined,
): Promise<void> {
  if (session === undefined) return Promise.resolve();
  try {
    return client.endSession(session, { vaultDns }).then(
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
 * Behind the proxy in BFF mode (a record of the proxy's sessions) ending the own session is the
 * one call: the proxy ends the delegated session with it and clears both cookies. When the
 * vault could not be told (a network fault, or the deadline `now` says has passed, when
 * there is nothing left to end there), the proxy's session route does the same instead.
 */
export async function endRecordQuietly(
  client: SessionClient,
  record: SessionRecord,
  now: () => number = Date.now,
): Promise<unknown> {
  if (record.session.kind === 'token') {
    return Promise.all([
      endSessionQuietly(client, record.delegation?.session, dnsOf(record.delegation)),
      endSessionQuietly(client, record.session, record.dns),
    ]);
  }
  let ended = false;
  if (record.deadline > now()) {
    try {
      await client.endSession(record.session, { vaultDns: record.dns });
      ended = true;
    } catch {
      // Falls back to the session route below.
    }
  }
  if (ended) return undefined;
  return endProxySessionsQuietly(client);
}

/**
 * Signs the browser out at the proxy in BFF mode: its session route ends both sessions at
 * their vaults and clears both cookies, in one call sent at once. A sign-out the user asked
 * for takes this path rather than {@link endRecordQuietly}'s: the cookies are this
 * browser's, every tab signs out with it, and a reload right after must find none, so no
 * question to the proxy may come first. `endLent` asks it to end a session a vault's web tab
 * lent the app as well, which it otherwise leaves to the vault. Never rejects.
 */
export async function endProxySessionsQuietly(
  client: SessionClient,
  endLent = false,
): Promise<void> {
  try {
    await client.clearProxySessions?.(endLent ? { endLent } : undefined);
  } catch {
    // Nothing more can be done from the page; the cookies expire with the deadline.
  }
}
