import type { EmulatorCall } from './EmulatorCall';
import { type VaultBody, vaultFailure, vaultResponse } from './vaultResponse';

/**
 * The answer to one call, carrying its execution ID.
 *
 * @example
 * ```ts
 * return replyTo(call, { responseStatus: 'SUCCESS' }, sessionHeaders(session));
 * ```
 */
export function replyTo(
  call: EmulatorCall,
  body: VaultBody,
  headers?: Record<string, string>,
): Response {
  return vaultResponse(body, { executionId: call.executionId, ...(headers ? { headers } : {}) });
}

/**
 * The service's answer to a path it does not serve.
 *
 * @example
 * ```ts
 * if (!API_VERSIONS.includes(version)) return malformedUrl(call);
 * ```
 */
export function malformedUrl(call: EmulatorCall): Response {
  return replyTo(call, vaultFailure('MALFORMED_URL', 'The requested URL is not valid.'));
}
