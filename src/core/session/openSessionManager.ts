import { isSameSession, type SessionReference } from '../client/SessionReference';
import { createDueTimer } from '../createDueTimer';
import { createEmitter } from '../createEmitter';
import type { TabHub } from '../createTabHub';
import { isSessionInvalidError, VaultAbortedError } from '../errors';
import { buildSessionRecord } from './buildSessionRecord';
import { createDelegationFlow } from './createDelegationFlow';
import { createProxyJoin } from './createProxyJoin';
import { createSessionPersistence } from './createSessionPersistence';
import { createSignInFlow } from './createSignInFlow';
import { openSessionTopic, type TabChannel } from './createTabChannel';
import { createTabMessageHandler } from './createTabMessageHandler';
import { capSessionDeadline, deadlineDueAt } from './deadlineDueAt';
import { endProxySessionsQuietly, endRecordQuietly } from './endSessionQuietly';
import { randomTag } from './randomTag';
import { resolveSessionManagerOptions } from './resolveSessionManagerOptions';
import type { SessionCore } from './SessionCore';
import type { SessionManager, SessionManagerOptions } from './SessionManager';
import {
  initialSessionState,
  isLiveStatus,
  type SessionEvent,
  type SessionState,
  sessionReducer,
  toSessionSnapshot,
} from './sessionReducer';
import { sessionRouteOf } from './sessionRouteOf';
import type { SessionRecord, SessionSnapshot } from './types';

const DEFAULT_STORAGE_KEY = 'vault-session-kit.session';
/**
 * {@link createSessionManager} on the tab hub `tabs`: the session's messages are its
 * `session` topic, so a session can put its keep-alive's topics on the same channel.
 */
export function openSessionManager(options: SessionManagerOptions, tabs: TabHub): SessionManager {
  const { client, now, timers, warnBeforeMs, maxSessionMs, joinTimeoutMs, proxyMode } =
    resolveSessionManagerOptions(options);
  const persistence = createSessionPersistence(
    options.storage,
    options.storageKey ?? DEFAULT_STORAGE_KEY,
  );

  let state: SessionState = initialSessionState;
  let snapshotState: SessionState | undefined;
  let snapshot: SessionSnapshot = toSessionSnapshot(state);
  // One faulty subscriber must not stop the others or corrupt the state machine.
  const changed = createEmitter((error) =>
    queueMicrotask(() => {
      throw error;
    }),
  );
  let destroyed = false;
  // Re-checked at least once a minute: a tab that slept through the deadline catches up
  // within a minute of waking even without a focus event.
  const deadlineTimer = createDueTimer(timers, () => {
    const before = state;
    checkDeadline();
    // A timer that fired early (throttling, a clamped delay) re-arms for the rest.
    if (state === before) armDeadlineTimer();
  });
  let joinTimer: unknown;
  // Nothing outside this object is touched until start(): React may create a manager during
  // a render it then throws away (StrictMode does so on purpose), and such a manager must
  // leave no channel, message or timer behind.
  let channel: TabChannel | undefined;
  let started = false;

  // What every part below shares; the parts follow a session in the order it lives: the
  // sign-in, the delegations, the other tabs, and (BFF mode) the proxy's answer at start.
  // The tab's name is drawn on first use, not here: a server render (Next.js prerendering
  // among them) creates a manager, and must not draw a random value while it renders.
  let tabTag: string | undefined;
  const core: SessionCore = {
    client,
    get tabId() {
      tabTag ??= randomTag();
      return tabTag;
    },
    now,
    getState: () => state,
    dispatch,
    ready,
    adopt(record) {
      dispatch({
        type: 'session-established',
        record: capSessionDeadline(record, maxSessionMs),
        now: now(),
        warnBeforeMs,
      });
    },
    handOff(to) {
      const { record } = state;
      if (!record || !isLiveStatus(state.status)) return;
      channel?.post({
        type: 'session',
        from: core.tabId,
        ...(to === undefined ? {} : { to }),
        record,
      });
    },
    opened: new Set(),
  };
  const { adopt, handOff } = core;
  const signIn = createSignInFlow(core, maxSessionMs, () => signOut());
  const delegations = createDelegationFlow(
    core,
    (delegation, record) => {
      dispatch({ type: 'delegation-changed', delegation, now: now(), warnBeforeMs });
      announceExpiry(record);
      handOff();
    },
    reportError,
  );
  // The session changes under the sign-in and the delegation under way: their answers are
  // discarded (B11: the last action wins).
  function dropActionsUnderWay(): void {
    signIn.cancel();
    delegations.invalidate();
  }
  const stored = persistence.load();
  const join = proxyMode
    ? // The proxy's cookies say whether a session exists; a stored record only lends its
      // details, and only when it names the same session (checked once the proxy answers).
      createProxyJoin(core, {
        stored: stored?.session.kind === 'proxy' ? stored : undefined,
        maxSessionMs,
        forget: persistence.clear,
      })
    : undefined;

  function dispatch(event: SessionEvent): void {
    if (destroyed) return;
    const next = sessionReducer(state, event);
    if (next === state) return;
    const previousRecord = state.record;
    state = next;
    if (next.record !== previousRecord) persistence.save(next.record);
    if (!next.joining && joinTimer !== undefined) {
      timers.clearTimeout(joinTimer);
      joinTimer = undefined;
    }
    armDeadlineTimer();
    changed.emit();
  }

  function armDeadlineTimer(): void {
    const dueAt = destroyed || !started ? undefined : deadlineDueAt(state, warnBeforeMs);
    if (dueAt === undefined) deadlineTimer.clear();
    else deadlineTimer.arm(dueAt, now());
  }

  function checkDeadline(): void {
    const before = state.record;
    dispatch({ type: 'clock-checked', now: now(), warnBeforeMs });
    announceExpiry(before);
  }

  /** Tells the other tabs when the last dispatch let the session run out. */
  function announceExpiry(before: SessionRecord | undefined): void {
    if (before && !state.record && state.endReason === 'expired') {
      delegations.invalidate();
      channel?.post({ type: 'expired', from: core.tabId, key: before.key, reason: 'expired' });
    }
  }

  // Starts the manager if need be; false once it is destroyed.
  function ready(): boolean {
    start();
    return !destroyed;
  }

  function start(): void {
    if (started || destroyed) return;
    started = true;
    // During BFF mode's join, a hand-off waits for the proxy's answer.
    const handleMessage = createTabMessageHandler(join ? { ...core, adopt: join.adopt } : core, {
      signIn,
      delegations,
    });
    channel = openSessionTopic(tabs, (message) => {
      join?.observe(message);
      handleMessage(message);
    });
    if (state.joining) {
      // BFF mode asks the proxy; the other tabs may still hand over the details (user name,
      // vault names). Otherwise the other tabs have a moment to hand over their session.
      if (join) void join.run();
      else if (channel.connected) {
        joinTimer = timers.setTimeout(() => {
          joinTimer = undefined;
          dispatch({ type: 'join-finished' });
        }, joinTimeoutMs);
      } else dispatch({ type: 'join-finished' });
      if (channel.connected) channel.post({ type: 'hello', from: core.tabId });
    }
    armDeadlineTimer();
  }

  if (proxyMode) {
    dispatch({ type: 'join-started' });
  } else if (stored?.session.kind === 'proxy') {
    // A record of BFF mode holds no session ID this client could call with.
    persistence.clear();
    if (tabs.Channel) dispatch({ type: 'join-started' });
  } else if (stored) {
    adopt(stored);
    if (!state.record) persistence.clear();
  } else if (tabs.Channel) {
    // Joining from the first render, so an app that reads `joining` knows from the start
    // that an open tab may still hand its session over.
    dispatch({ type: 'join-started' });
  }

  async function signOut(options?: Parameters<SessionManager['signOut']>[0]): Promise<void> {
    start();
    dropActionsUnderWay();
    const record = state.record;
    const inactive = options?.reason === 'inactive';
    const forget = options?.forget === true;
    // Local first, and regardless of what the server says: the user asked to leave (SES-07).
    dispatch({ type: 'session-ended', reason: inactive ? 'inactive' : 'signed-out', forget });
    core.opened.clear();
    persistence.clear();
    channel?.post({
      type: 'signed-out',
      from: core.tabId,
      ...(inactive ? { reason: 'inactive' } : {}),
      ...(forget ? { forget: true } : {}),
    });
    // A session the vault lent the app (its web tab) stays the vault's: in token mode the
    // page only forgets it; in BFF mode the proxy clears its cookie and leaves it alive.
    if (!record || (record.lent && record.session.kind === 'token')) return;
    await (record.session.kind === 'proxy'
      ? endProxySessionsQuietly(client)
      : endRecordQuietly(client, record, now));
  }

  function reportError(
    error: unknown,
    context?: { session?: SessionReference | undefined },
  ): boolean {
    start();
    if (!isSessionInvalidError(error)) return false;
    const record = state.record;
    if (!record) return false;
    // An answer about a session this tab no longer uses says nothing about the current one.
    const session = context?.session;
    if (
      session !== undefined &&
      !isSameSession(session, record.session) &&
      !isSameSession(session, record.delegation?.session)
    ) {
      return false;
    }
    const ask = client.getProxySessions;
    if (record.session.kind === 'proxy' && ask !== undefined) {
      // Behind the proxy the cookie is the browser's, shared by every tab: a call made with
      // a session that a new login (another tab's, or this tab's vault switch) has just
      // replaced meets that refusal too. Only the proxy knows which session it holds now,
      // and the record ends only if it is still that one, or none.
      const { tag } = record.session;
      void ask.call(client).then(
        ({ own }) => {
          if (own === null || own.sessionTag === tag) endInvalid(record);
        },
        () => endInvalid(record),
      );
      return true;
    }
    endInvalid(record);
    return true;
  }

  // The service refused a session of `record`: it ends here and in every tab, unless a
  // newer session has taken its place meanwhile.
  function endInvalid(record: SessionRecord): void {
    if (state.record !== record) return;
    delegations.invalidate();
    dispatch({ type: 'session-ended', reason: 'invalid-session' });
    channel?.post({
      type: 'expired',
      from: core.tabId,
      key: record.key,
      reason: 'invalid-session',
    });
    // One of the two IDs is dead; the other must not outlive the local state either.
    void endRecordQuietly(client, record, now);
  }

  const manager: SessionManager = {
    getSnapshot() {
      if (snapshotState !== state) {
        snapshot = toSessionSnapshot(state);
        snapshotState = state;
      }
      return snapshot;
    },

    start,

    subscribe(listener) {
      start();
      return changed.on(listener);
    },

    getSession: () => sessionRouteOf(state)?.session,

    getOwnSession: () => sessionRouteOf(state, 'own')?.session,

    getSessionRoute: (which) => sessionRouteOf(state, which),

    signIn: signIn.signIn,

    establish(authResult, meta) {
      if (!ready()) throw new VaultAbortedError();
      const record = buildSessionRecord(authResult, {
        username: meta.username,
        startedAt: meta.startedAt,
        maxSessionMs,
        lent: meta.lent,
      });
      dropActionsUnderWay();
      const previous = state.record;
      adopt(record);
      if (previous && !previous.lent && !isSameSession(previous.session, record.session)) {
        void endRecordQuietly(client, previous, now);
      }
      handOff();
    },

    startDelegation: delegations.start,

    stopDelegation: delegations.stop,

    signOut,

    reportError,

    checkDeadline() {
      start();
      checkDeadline();
    },

    destroy() {
      if (destroyed) return;
      dropActionsUnderWay();
      destroyed = true;
      deadlineTimer.clear();
      if (joinTimer !== undefined) timers.clearTimeout(joinTimer);
      joinTimer = undefined;
      channel?.close();
      changed.clear();
    },
  };
  return manager;
}
