import { MAX_SESSION_MS } from '../core/kitWire';
import type { EmulatorClock } from './createManualClock';
import type { SessionEndReason } from './EmulatorEvent';
import { randomToken } from './randomToken';

/**
 * A live session as the emulator keeps it.
 */
export interface EmulatorSession {
  /** The bearer credential. Never logged, never put into an event. */
  readonly id: string;
  /** Random handle for audit events, unrelated to `id`. */
  readonly ref: string;
  /** Who the session acts as: the delegator for a delegated session. */
  readonly userId: number;
  readonly vaultId: number;
  readonly createdAt: number;
  /** Fixed at login; a delegated session inherits its actor's deadline. */
  readonly absoluteExpiresAt: number;
  lastActivityAt: number;
  /** Set on delegated sessions only. */
  readonly actor: { readonly sessionId: string; readonly userId: number } | undefined;
}

/**
 * A read-only view of a session without its ID, for tests and dashboards.
 *
 * @example
 * ```ts
 * const [first]: SessionSummary[] = emulator.sessions();
 * ```
 */
export interface SessionSummary {
  readonly ref: string;
  readonly userId: number;
  readonly vaultId: number;
  readonly createdAt: number;
  readonly absoluteExpiresAt: number;
  readonly idleExpiresAt: number;
  readonly actorUserId: number | undefined;
}

/**
 * The emulator's session table: issuing, validating, touching and ending sessions,
 * with the 48-hour cap and the idle timeout enforced on every lookup.
 */
export interface SessionStore {
  create(input: { userId: number; vaultId: number }): EmulatorSession;
  /** Starts a delegated session acting as `userId`, bound to `actor`'s lifetime. */
  createDelegated(
    actor: EmulatorSession,
    input: { userId: number; vaultId: number },
  ): EmulatorSession;
  /**
   * The live session for `id` after resetting its idle timer, or `undefined`. With
   * `vaultId`, a session of another vault is `undefined` too and is not touched.
   */
  authenticate(id: string, vaultId?: number): EmulatorSession | undefined;
  /** Ends a session and every session delegated from it. */
  end(session: EmulatorSession, reason: SessionEndReason): void;
  /** Drops every expired session now. */
  sweep(): void;
  list(): SessionSummary[];
  clear(): void;
}

/**
 * Creates a {@link SessionStore}.
 */
export function createSessionStore(options: {
  clock: EmulatorClock;
  idleTimeoutMs: number;
  onEnded: (session: EmulatorSession, reason: SessionEndReason) => void;
}): SessionStore {
  const { clock, idleTimeoutMs, onEnded } = options;
  const sessions = new Map<string, EmulatorSession>();
  const delegatedByActor = new Map<string, Set<string>>();

  function newId(): string {
    let id = randomToken(32);
    // 256 random bits never collide in practice; the loop keeps uniqueness a guarantee.
    while (sessions.has(id)) id = randomToken(32);
    return id;
  }

  function end(session: EmulatorSession, reason: SessionEndReason): void {
    if (!sessions.delete(session.id)) return;
    const children = delegatedByActor.get(session.id);
    delegatedByActor.delete(session.id);
    if (session.actor) delegatedByActor.get(session.actor.sessionId)?.delete(session.id);
    onEnded(session, reason);
    for (const childId of children ?? []) {
      const child = sessions.get(childId);
      if (child) end(child, 'actor_ended');
    }
  }

  function live(id: string): EmulatorSession | undefined {
    const session = sessions.get(id);
    if (!session) return undefined;
    const now = clock.now();
    if (now >= session.absoluteExpiresAt) {
      end(session, 'absolute_timeout');
      return undefined;
    }
    if (now >= session.lastActivityAt + idleTimeoutMs) {
      end(session, 'idle_timeout');
      return undefined;
    }
    // A delegated session never outlives its actor (DEL-03): an expired actor takes it along.
    if (session.actor && !live(session.actor.sessionId)) {
      end(session, 'actor_ended');
      return undefined;
    }
    return session;
  }

  function insert(session: EmulatorSession): EmulatorSession {
    sessions.set(session.id, session);
    return session;
  }

  return {
    create({ userId, vaultId }) {
      const now = clock.now();
      return insert({
        id: newId(),
        ref: randomToken(9),
        userId,
        vaultId,
        createdAt: now,
        absoluteExpiresAt: now + MAX_SESSION_MS,
        lastActivityAt: now,
        actor: undefined,
      });
    },
    createDelegated(actor, { userId, vaultId }) {
      const now = clock.now();
      const session = insert({
        id: newId(),
        ref: randomToken(9),
        userId,
        vaultId,
        createdAt: now,
        absoluteExpiresAt: actor.absoluteExpiresAt,
        lastActivityAt: now,
        actor: { sessionId: actor.id, userId: actor.userId },
      });
      let children = delegatedByActor.get(actor.id);
      if (!children) {
        children = new Set();
        delegatedByActor.set(actor.id, children);
      }
      children.add(session.id);
      return session;
    },
    authenticate(id, vaultId) {
      const session = live(id);
      if (!session || (vaultId !== undefined && session.vaultId !== vaultId)) return undefined;
      const now = clock.now();
      session.lastActivityAt = now;
      // Working in a delegated session is activity of the person behind it, so the actor's
      // session stays alive for the way back.
      if (session.actor) {
        const actor = sessions.get(session.actor.sessionId);
        if (actor) actor.lastActivityAt = now;
      }
      return session;
    },
    end,
    sweep() {
      for (const id of [...sessions.keys()]) live(id);
    },
    list() {
      return [...sessions.values()].map((s) => ({
        ref: s.ref,
        userId: s.userId,
        vaultId: s.vaultId,
        createdAt: s.createdAt,
        absoluteExpiresAt: s.absoluteExpiresAt,
        idleExpiresAt: s.lastActivityAt + idleTimeoutMs,
        actorUserId: s.actor?.userId,
      }));
    },
    clear() {
      sessions.clear();
      delegatedByActor.clear();
    },
  };
}
