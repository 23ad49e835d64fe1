import { isObjectLike, readShape, ShapeMismatch } from '../client/readShape';
import { readVaultResponse } from '../client/readVaultResponse';
import { responseReaders } from '../client/responseReaders';
import { sendRequest } from '../client/sendRequest';
import type { AuthResult, VaultClient } from '../client/types';
import { VaultApiError, VaultProtocolError } from '../errors';
import { KIT_HEADER } from '../kitWire';

/**
 * A session the vault handed over, checked with the service: who it is, in which vault.
 */
export interface CheckedHandOff {
  readonly result: AuthResult;
  readonly username: string;
}

/**
 * Checks a session ID that a vault's web tab handed over with that vault, whose answer
 * decides the user and the vault. In BFF mode the ID goes once to the kit's proxy
 * (`POST {proxySessionUrl}/web-tab`), which checks it, seals it into its cookie and answers
 * with the session's tag; the page keeps nothing of the ID. In token mode the page asks the
 * vault itself ("Validate Session User", whose answer's headers name the vault and user).
 * A session the vault refuses rejects with `VaultApiError` `VAULT_HANDOFF_REFUSED`.
 */
export async function checkHandedSession(
  client: VaultClient,
  sessionId: string,
  dns: string,
): Promise<CheckedHandOff> {
  const { config } = client;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (config.clientId !== undefined) headers['X-VaultAPI-ClientID'] = config.clientId;
  const timing = { timeoutMs: config.timeoutMs };
  // The app's own fetch carries its tracing, headers or test transport, as every other call does.
  const fetchFn = config.fetch ?? globalThis.fetch;
  try {
    if (config.credentials === 'proxy') {
      headers[KIT_HEADER] = '1';
      const received = await sendRequest(
        fetchFn,
        `${config.proxySessionUrl}/web-tab`,
        {
          method: 'POST',
          headers,
          body: new URLSearchParams({ session_id: sessionId, vault_dns: dns }),
          credentials: 'same-origin',
        },
        timing,
      );
      const body = readVaultResponse(received, responseReaders.body, { call: 'web-tab hand-off' });
      const read = readShape(responseReaders.proxyAuth, body);
      if (read instanceof ShapeMismatch || read.sessionTag === undefined) throw malformed();
      const { sessionTag, sessionDeadline, sessionId: _never, ...rest } = read;
      return {
        result: {
          ...rest,
          session: { kind: 'proxy', cookie: 'own', tag: sessionTag },
          sessionDeadline,
        },
        username: typeof body.username === 'string' ? body.username : rest.userId,
      };
    }
    const root = config.vaultUrl?.(dns) ?? config.baseUrl ?? `https://${dns}`;
    const received = await sendRequest(
      fetchFn,
      `${root}/api/${config.apiVersion}/objects/users/me`,
      { method: 'GET', headers: { ...headers, Authorization: sessionId } },
      timing,
    );
    const body = readVaultResponse(received, responseReaders.body, {
      call: 'Validate Session User',
    });
    const users = body.users;
    const entry: unknown = Array.isArray(users) ? users[0] : undefined;
    const user = isObjectLike(entry) && isObjectLike(entry.user) ? entry.user : undefined;
    const vaultId = Number(received.headers.get('X-VaultAPI-VaultId'));
    if (typeof user?.id !== 'number' || !Number.isSafeInteger(vaultId) || vaultId <= 0) {
      throw malformed();
    }
    const vault = { id: vaultId, name: dns, dns, url: `https://${dns}/api` };
    return {
      result: {
        session: { kind: 'token', id: sessionId },
        userId: String(user.id),
        vaultId,
        vaults: [vault],
        vault,
      },
      username: typeof user.user_name__v === 'string' ? user.user_name__v : String(user.id),
    };
  } catch (error) {
    if (error instanceof VaultApiError && error.type === 'INVALID_SESSION_ID') {
      throw new VaultApiError({
        errors: [{ type: 'VAULT_HANDOFF_REFUSED', message: 'The vault refused its session.' }],
        responseStatus: 'FAILURE',
      });
    }
    throw error;
  }
}

function malformed(): VaultProtocolError {
  return new VaultProtocolError('The check of the handed-over session got a malformed answer.', {
    status: 200,
    contentType: 'application/json',
  });
}
