import { configError } from '../explainInDevelopment';
import { isValidSessionId } from './isValidSessionId';

/**
 * Returns a session ID the client may send as the `Authorization` header, and throws
 * `VaultConfigError` for anything else: a malformed ID is refused before any request is
 * made, so it never reaches the network.
 */
export function checkSessionId(sessionId: unknown): string {
  if (!isValidSessionId(sessionId)) {
    throw configError('The session ID is malformed; it was not sent.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'The session ID is malformed; it was not sent.',
    );
  }
  return sessionId;
}
