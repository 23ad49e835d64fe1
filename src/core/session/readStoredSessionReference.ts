import { isValidSessionId } from '../client/isValidSessionId';
import type { SessionReference } from '../client/SessionReference';

// How a stored record and a hand-off between tabs spell a session, unchanged since the
// first release so that a record stored (or a tab opened) before an update still reads:
// the session ID in token mode; `own:<sessionTag>` or `delegated:<sessionTag>` behind the
// proxy. A session ID never contains a colon (token68), so the two cannot be confused.
const STORED_HANDLE_PATTERN = /^(own|delegated):([A-Za-z0-9_-]{16,128})$/;

/**
 * The {@link SessionReference} a stored record or a hand-off from another tab spells, or
 * `undefined` for anything malformed. The one place a session's kind is read from text:
 * everything past it carries the reference.
 */
export function readStoredSessionReference(value: unknown): SessionReference | undefined {
  if (isValidSessionId(value)) return { kind: 'token', id: value };
  const match = typeof value === 'string' ? STORED_HANDLE_PATTERN.exec(value) : null;
  return match
    ? { kind: 'proxy', cookie: match[1] as 'own' | 'delegated', tag: match[2] as string }
    : undefined;
}

/**
 * The stored spelling of a session, which {@link readStoredSessionReference} reads back.
 */
export function toStoredSessionReference(session: SessionReference): string {
  return session.kind === 'token' ? session.id : `${session.cookie}:${session.tag}`;
}
