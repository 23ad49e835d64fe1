import { isValidSessionId } from '../client/isValidSessionId';

/**
 * What a message event says, read as the vault's web-tab hand-off: the session and the
 * vault it belongs to, or why it is ignored.
 */
export type VaultHandOff =
  | { readonly session: string; readonly dns: string }
  | { readonly ignored: string };

/**
 * Reads a `message` event as the answer to the `ready` message: only from the frame's
 * parent, only from the origin `https://{dns}` of an accepted vault, and only in the
 * service's shape `{"message_id":"session_id","data":{"session_id":"…"}}` with a session ID
 * that can be sent. `ownOrigin` (the page's origin, when the app turned on
 * `acceptSameOrigin`) is accepted too, for the dev stack's stand-in vault page, which names
 * its vault in `data.vault_dns`.
 */
export function readVaultHandOff(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  parent: unknown,
  vaults: readonly string[],
  ownOrigin: string | undefined,
): VaultHandOff {
  if (event.source !== parent) return { ignored: 'it did not come from the parent window' };
  const data: unknown = event.data;
  const body =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
  if (body?.message_id !== 'session_id') return { ignored: 'it is not a session_id message' };
  const fields =
    typeof body.data === 'object' && body.data !== null
      ? (body.data as Record<string, unknown>)
      : {};
  let dns: string | undefined;
  if (ownOrigin !== undefined && event.origin === ownOrigin) {
    const named = fields.vault_dns;
    dns = typeof named === 'string' ? named.toLowerCase() : undefined;
  } else if (event.origin.startsWith('https://')) {
    dns = event.origin.slice('https://'.length).toLowerCase();
  }
  if (dns === undefined || !vaults.includes(dns)) {
    return { ignored: `${event.origin} is not the origin of an accepted vault` };
  }
  const session = fields.session_id;
  if (!isValidSessionId(session)) return { ignored: 'its session_id is malformed' };
  return { session, dns };
}
