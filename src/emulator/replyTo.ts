import type { EmulatorCall } from './EmulatorCall';
import { type VaultBody, vaultFailure, vaultResponse } from './vaultResponse';

/**
 * The answer to one call, carrying its execution ID.
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
 */
export function malformedUrl(call: EmulatorCall): Response {
  return replyTo(call, vaultFailure('MALFORMED_URL', 'The requested URL is not valid.'));
}
