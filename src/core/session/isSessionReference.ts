import { isValidSessionId } from '../client/isValidSessionId';
import { parseProxySessionHandle } from '../client/proxySessionHandle';

/**
 * True for what the session layer may call with: a session ID (token mode) or a session
 * handle of the kit's proxy (`own:<sessionTag>`, `delegated:<sessionTag>`; BFF mode).
 *
 * @example
 * ```ts
 * isSessionReference('own:q0VbGZ3rUj5pXn9M2a7LkQ'); // true
 * isSessionReference('bad id'); // false
 * ```
 */
export function isSessionReference(value: unknown): value is string {
  return isValidSessionId(value) || parseProxySessionHandle(value) !== undefined;
}
