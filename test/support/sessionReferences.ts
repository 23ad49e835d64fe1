import type {
  SessionReference,
  TokenSessionReference,
} from '../../src/core/client/SessionReference';

/** A session of token mode with the ID `id`, as a login of the client returns it. */
export function token(id: string): TokenSessionReference {
  return { kind: 'token', id };
}

/** The ID of a session of token mode; fails the test for anything else. */
export function tokenIdOf(session: SessionReference | undefined): string {
  if (session?.kind !== 'token')
    throw new Error(`expected a session of token mode, got ${session?.kind}`);
  return session.id;
}

/** The session a manager holds; fails the test when it holds none. */
export function live(session: SessionReference | undefined): SessionReference {
  if (session === undefined) throw new Error('expected a live session');
  return session;
}
