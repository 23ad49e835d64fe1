import type { VaultClient } from '../../../src/core/client/types';
import { normalizeError, VaultApiError } from '../../../src/core/errors';
import { token } from '../../support/sessionReferences';

/**
 * What the service answers a keep-alive with this session ID, sent from the test process:
 * `'SUCCESS'`, the service's error type (`'INVALID_SESSION_ID'`…) or, when the call never
 * got an answer, the kind of the normalized error. A string rather than a throw, so a test
 * can compare it, or poll until a session has ended.
 *
 * @example
 * ```ts
 * await poll(() => keepAliveAnswer(dev.client, sessionId)).toBe('INVALID_SESSION_ID');
 * ```
 */
export async function keepAliveAnswer(client: VaultClient, sessionId: string): Promise<string> {
  try {
    await client.keepAlive(token(sessionId));
    return 'SUCCESS';
  } catch (error) {
    return error instanceof VaultApiError ? error.type : normalizeError(error).kind;
  }
}
