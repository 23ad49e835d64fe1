import { isSameSession, type SessionReference } from '../client/SessionReference';
import { createDueTimer } from '../createDueTimer';
import { createEmitter } from '../createEmitter';
import { createTabHub, type TabHub } from '../createTabHub';
import {
  isSessionInvalidError,
  normalizeError,
  VaultAbortedError,
  VaultConfigError,
} from '../errors';
import { type KeepAliveEnvironment, resolveEnvironment } from '../resolveEnvironment';
import { acceptsHandOff } from './acceptsHandOff';
import { buildSessionRecord } from './buildSessionRecord';
import { createProxyJoin, type ProxyJoin } from './createProxyJoin';
import { createSessionPersistence } from './createSessionPersistence';
import { capSessionDeadline, deadlineDueAt } from './deadlineDueAt';
import { dnsOf } from './dnsOf';
import { endProxySessionsQuietly, endRecordQuietly, endSessionQuietly } from './endSessionQuietly';
import { openSessionTopic, type TabChannel, type TabMessage } from './openSessionTopic';
import { randomTag } from './randomTag';
import { toStoredSessionReference } from './readStoredSessionReference';
import { resolveSessionManagerOptions } from './resolveSessionManagerOptions';
import type { DelegationTarget, SessionManager, SessionManagerOptions } from './SessionManager';
import {
  initialSessionState,
  isLiveStatus,
  type SessionEvent,
  type SessionState,
  sessionReducer,
  toSessionSnapshot,
} from './sessionReducer';
import { sessionRouteOf } from './sessionRouteOf';
import { signInWithPassword } from './signInWithPassword';
import type { DelegationRecord, SessionRecord, SessionSnapshot } from './types';

const DEFAULT_STORAGE_KEY = 'vault-session-kit.session';
/**
 * Creates the state machine inside a session: the states (`signed-out`, `signing-in`,
 * `active`, `delegated`, `expiring`, `expired`, `ended`) with the 48-hour deadline, a
 * storage adapter, and cross-tab sync over `BroadcastChannel`. It is not a second way to
 * make a session: `createVaultSession` (and `SessionProvider`) make one around it, with
 * the keep-alive and authenticated calls, and expose it as `session.manager`. Alone it is
 * for code that keeps a session alive by other means. Framework-free; React binds to it
 * with `useSyncExternalStore(manager.subscribe, manager.getSnapshot)`.
 *
 * - The deadline is the local time at which the login request was sent plus 48 hours; the
 *   server's session cannot have begun earlier, and no server timestamp is ever compared
 *   with the local clock (B7). A timer moves the status to `expiring` and `expired`; call
 *   `checkDeadline()` on focus or resume to catch up after sleep.
 * - Only `INVALID_SESSION_ID` (through `reportError`) ends a session early; transient faults
 *   never do (SES-06, B14).
 * - Sign-out clears every tab before the server is told, so it works offline (SES-07).
 * - A new tab without a session asks the open tabs and joins their session without a new
 *   login. Sign-out and expiry notices carry no session ID (STO-03, STO-04).
 * - Passwords are passed to the client and nowhere else: never stored, never broadcast.
 *
 * The manager owns its state: the sign-in, the delegations, the other tabs' messages and
 * BFF mode's join report their outcome to it, and it alone changes the state. `tabs` is
 * the tab's channel when the manager shares it with other parts of a session
 * (`createVaultSession` passes the one its keep-alive talks on too); by default the
 * manager has one of its own, named `channelName`, of `BroadcastChannel`. Throws
 * {@link VaultConfigError} for a localStorage-backed `storage` (STO-01). Touches no
 * browser global unless present, and nothing outside itself before `start()`, so it is
 * safe to create during server rendering.
 *
 * @example
 * ```ts
 * const manager = createSessionManager({
 *   client: createVaultClient({ baseUrl: '' }),
 *   storage: sessionStorageAdapter(),
 * });
 * await manager.signIn({ username: 'olivia@sunrise.example', password });
 * manager.getSnapshot().status; // 'active'
 * const route = manager.getSessionRoute();
 * if (route) await client.keepAlive(route.session, { vaultDns: route.vaultDns });
 * await manager.signOut();
 * ```
 */
export function createSessionManager(
  options: SessionManagerOptions & { readonly tabs?: TabHub | undefined },
): SessionManager {
  const { client, now, timers, warnBeforeMs, maxSessionMs, joinTimeoutMs, proxyMode } =
    resolveSessionManagerOptions(options);
  // The session's messages are the `session` topic of the tab hub, so a session can put its
  // keep-alive's topics on the same channel.
  const tabs = options.tabs ?? createSessionTabHub(options);
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

  // The tab's name on the channel (its own messages carry it and are ignored), drawn on
  // first use, not here: a server render (Next.js prerendering among them) creates a
  // manager, and must not draw a random value while it renders.
  let tabTag: string | undefined;
  const tabId = (): string => {
    tabTag ??= randomTag();
    return tabTag;
  };
  // The password sign-in under way: what aborts it, and when its request was sent. A newer
  // action replaces or clears it, and a sign-in that finds itself replaced when its answer
  // arrives discards that answer (B11: the last action wins).
  let signingIn: { readonly controller: AbortController; readonly startedAt: number } | undefined;
  // The same for delegations: a newer action bumps the generation.
  let delegationGeneration = 0;
  // The delegated sessions this tab opened, in their stored spelling: if another tab's
  // simultaneous change displaces one, this tab is the one that ends it, so that no tab
  // leaves it open and no tab ends it twice.
  const opened = new Set<string>();

  const stored = persistence.load();
  const join = proxyMode
    ? // The proxy's cookies say whether a session exists; a stored record only lends its
      // details, and only when it names the same session (checked once the proxy answers).
      createProxyJoin({
        client,
        stored: stored?.session.kind === 'proxy' ? stored : undefined,
        maxSessionMs,
        isOver: () => destroyed || !state.joining,
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
      delegationGeneration += 1;
      channel?.post({ type: 'expired', from: tabId(), key: before.key, reason: 'expired' });
    }
  }

  /** Makes a record the session of this tab, its deadline capped. */
  function adopt(record: SessionRecord): void {
    dispatch({
      type: 'session-established',
      record: capSessionDeadline(record, maxSessionMs),
      now: now(),
      warnBeforeMs,
    });
  }

  /** Sends this tab's live session to the tab named, or to every tab. */
  function handOff(to?: string): void {
    const { record } = state;
    if (!record || !isLiveStatus(state.status)) return;
    channel?.post({ type: 'session', from: tabId(), ...(to === undefined ? {} : { to }), record });
  }

  function cancelSignIn(): void {
    signingIn?.controller.abort();
    signingIn = undefined;
  }

  // The session changes under the sign-in and the delegation under way: their answers are
  // discarded (B11: the last action wins).
  function dropActionsUnderWay(): void {
    cancelSignIn();
    delegationGeneration += 1;
  }

  /** Puts a delegation (or none) into the state and tells the other tabs. */
  function changeDelegation(delegation: DelegationRecord | undefined, record: SessionRecord): void {
    dispatch({ type: 'delegation-changed', delegation, now: now(), warnBeforeMs });
    announceExpiry(record);
    handOff();
  }

  /**
   * What a message from another tab does here: a hello is answered with this tab's
   * session; a hand-off that {@link acceptsHandOff} lets through is taken (dropping a
   * sign-in of this tab that began later); another tab's sign-out, or its news that this
   * session ran out or turned invalid, ends the session here. A delegated session a
   * hand-off displaces is ended here if this tab opened it. During BFF mode's join, a
   * hand-off waits for the proxy's answer.
   */
  function receive(message: TabMessage): void {
    join?.observe(message);
    if (destroyed || message.from === tabId()) return;
    const current = state.record;
    switch (message.type) {
      case 'hello':
        if (current && current.deadline > now()) handOff(message.from);
        return;
      case 'session': {
        const { record } = message;
        const receiver = { tabId: tabId(), state, signInStartedAt: signingIn?.startedAt, now };
        if (!acceptsHandOff(message, receiver)) return;
        if (state.status === 'signing-in') cancelSignIn();
        if (current?.key !== record.key) delegationGeneration += 1;
        const displaced = current?.delegation;
        if (!join?.hold(record)) adopt(record);
        if (
          displaced &&
          !isSameSession(displaced.session, record.delegation?.session) &&
          opened.delete(toStoredSessionReference(displaced.session))
        ) {
          void endSessionQuietly(client, displaced.session, dnsOf(displaced));
        }
        return;
      }
      case 'signed-out':
        if (!current) return;
        delegationGeneration += 1;
        dispatch({
          type: 'session-ended',
          reason: message.reason === 'inactive' ? 'inactive' : 'remote-sign-out',
          forget: message.forget,
        });
        return;
      case 'expired':
        if (current?.key !== message.key) return;
        delegationGeneration += 1;
        dispatch({ type: 'session-ended', reason: message.reason });
        return;
    }
  }

  /** Asks the proxy which session the browser holds (BFF mode), and ends the join with it. */
  async function joinThroughProxy(proxyJoin: ProxyJoin): Promise<void> {
    const outcome = await proxyJoin.run();
    if (outcome === undefined) return;
    if (outcome.record) {
      adopt(outcome.record);
      if (outcome.opened) handOff();
      return;
    }
    if (outcome.forget) persistence.clear();
    dispatch({ type: 'join-finished', error: outcome.error });
  }

  // Starts the manager if need be; false once it is destroyed.
  function ready(): boolean {
    start();
    return !destroyed;
  }

  function start(): void {
    if (started || destroyed) return;
    started = true;
    channel = openSessionTopic(tabs, receive);
    if (state.joining) {
      // BFF mode asks the proxy; the other tabs may still hand over the details (user name,
      // vault names). Otherwise the other tabs have a moment to hand over their session.
      if (join) void joinThroughProxy(join);
      else if (channel.connected) {
        joinTimer = timers.setTimeout(() => {
          joinTimer = undefined;
          dispatch({ type: 'join-finished' });
        }, joinTimeoutMs);
      } else dispatch({ type: 'join-finished' });
      if (channel.connected) channel.post({ type: 'hello', from: tabId() });
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
    opened.clear();
    persistence.clear();
    channel?.post({
      type: 'signed-out',
      from: tabId(),
      ...(inactive ? { reason: 'inactive' } : {}),
      ...(forget ? { forget: true } : {}),
    });
    // A session the vault lent the app (its web tab) stays the vault's unless the user asked
    // to end it too: in token mode the page only forgets it; in BFF mode the proxy clears
    // its cookie and leaves it alive.
    const endLent = options?.endLentSession === true;
    if (!record || (record.lent && !endLent && record.session.kind === 'token')) return;
    await (record.session.kind === 'proxy'
      ? endProxySessionsQuietly(client, endLent)
      : endRecordQuietly(client, record, now));
  }

  /**
   * Password sign-in: a session already held is signed out first, everywhere; the new one
   * is adopted and handed to every tab. Only the latest sign-in counts (B11): an earlier
   * one still in flight is aborted, and a session it gets anyway is ended on the server.
   */
  async function signIn(
    credentials: Parameters<SessionManager['signIn']>[0],
    signInOptions?: Parameters<SessionManager['signIn']>[1],
  ): Promise<void> {
    // Read first: a call without credentials fails before it touches the open session.
    const { username, password, vaultDns } = credentials;
    const external = signInOptions?.signal;
    if (!ready() || external?.aborted) throw new VaultAbortedError();
    // Switching users: the old session ends everywhere before the new one is asked for.
    const endingOld = state.record ? signOut() : undefined;
    cancelSignIn();
    const controller = new AbortController();
    const forwardAbort = (): void => controller.abort();
    external?.addEventListener('abort', forwardAbort, { once: true });
    const attempt = { controller, startedAt: now() };
    signingIn = attempt;
    dispatch({ type: 'sign-in-started', username });

    let record: SessionRecord;
    try {
      // The proxy's sign-out answer clears its cookies whenever it lands: one that lands
      // after the new login's would clear the new session's cookie and leave it alive.
      if (proxyMode) await endingOld;
      record = await signInWithPassword(
        client,
        { username, password, vaultDns },
        { signal: controller.signal, startedAt: attempt.startedAt, maxSessionMs },
      );
    } catch (error) {
      const failure = normalizeError(error);
      // Destroying the manager cancels the sign-in too, so this also covers that.
      if (signingIn !== attempt) throw new VaultAbortedError({ cause: failure });
      signingIn = undefined;
      dispatch(
        failure.kind === 'aborted'
          ? { type: 'sign-in-cancelled' }
          : { type: 'sign-in-failed', error: failure },
      );
      throw failure;
    } finally {
      external?.removeEventListener('abort', forwardAbort);
    }
    if (signingIn !== attempt) {
      // Nobody will ever use this session; do not leave it open on the server.
      void endSessionQuietly(client, record.session, record.dns);
      throw new VaultAbortedError();
    }
    signingIn = undefined;
    adopt(record);
    handOff();
  }

  /**
   * Acting for another user, in a session of its own, asked of the actor's vault; the
   * delegated session then lives in the delegator's vault. The delegated sessions this tab
   * opens are kept in `opened`.
   */
  async function startDelegation(target: DelegationTarget): Promise<void> {
    const live = ready();
    const record = state.record;
    if (!live || !record || !isLiveStatus(state.status)) {
      throw new VaultConfigError('Sign in before acting on behalf of another user.');
    }
    delegationGeneration += 1;
    const generation = delegationGeneration;
    // Destroying the manager bumps the generation too.
    const isCurrent = (): boolean =>
      generation === delegationGeneration && state.record?.key === record.key;
    const { vaultId, delegatorUserId } = target;
    let { vaultName, dns } = target;
    let session: SessionReference;
    try {
      if (vaultName === undefined || dns === undefined) {
        const offered = await client.getDelegations(record.session, { vaultDns: record.dns });
        const entry = offered.find(
          (item) => item.id === vaultId && item.delegatorUserId === delegatorUserId,
        );
        vaultName ??= entry?.name ?? '';
        dns ??= entry?.dns ?? '';
        if (!isCurrent()) throw new VaultAbortedError();
      }
      // The proxy holds one delegated session per browser and a new one replaces its
      // cookie, which is then the only way to end the old one: so it is ended first.
      const held = state.record?.delegation;
      if (held?.session.kind === 'proxy') {
        changeDelegation(undefined, record);
        opened.delete(toStoredSessionReference(held.session));
        await endSessionQuietly(client, held.session, dnsOf(held));
        if (!isCurrent()) throw new VaultAbortedError();
      }
      ({ session } = await client.loginDelegated(
        record.session,
        { vaultId, delegatorUserId },
        { vaultDns: record.dns },
      ));
    } catch (error) {
      const failure = normalizeError(error);
      reportError(failure, { session: record.session });
      throw failure;
    }
    if (!isCurrent()) {
      void endSessionQuietly(client, session, dns || undefined);
      throw new VaultAbortedError();
    }
    const previous = state.record?.delegation;
    const delegation: DelegationRecord = { session, vaultId, vaultName, dns, delegatorUserId };
    changeDelegation(delegation, record);
    if (state.record?.delegation === delegation) opened.add(toStoredSessionReference(session));
    if (previous) {
      opened.delete(toStoredSessionReference(previous.session));
      void endSessionQuietly(client, previous.session, dnsOf(previous));
    }
  }

  /**
   * Back to the user's own session once the vault has ended the delegated one: one that
   * could not be ended stays in use, and the failure is the caller's to tell. A session the
   * vault no longer knows is ended already.
   */
  async function stopDelegation(): Promise<void> {
    ready();
    delegationGeneration += 1;
    const delegation = state.record?.delegation;
    if (!delegation) return;
    const { session } = delegation;
    try {
      await client.endSession(session, { vaultDns: dnsOf(delegation) });
    } catch (error) {
      if (!isSessionInvalidError(error)) throw normalizeError(error);
    }
    // Another tab or a newer action may have changed the delegation meanwhile.
    const record = state.record;
    if (record?.delegation && isSameSession(record.delegation.session, session)) {
      changeDelegation(undefined, record);
      opened.delete(toStoredSessionReference(session));
    }
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
    delegationGeneration += 1;
    dispatch({ type: 'session-ended', reason: 'invalid-session' });
    channel?.post({
      type: 'expired',
      from: tabId(),
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

    signIn,

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

    startDelegation,

    stopDelegation,

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

/**
 * The one channel of a session's tab, for the session and its keep-alive: named
 * `channelName` (default `vault-session-kit`), of the given `BroadcastChannel`
 * (`undefined` for the global one, `null` for none). Only the channel is looked up (the
 * other globals named absent), so a server render touches neither window nor document;
 * nothing is opened before the first link.
 */
export function createSessionTabHub({
  BroadcastChannel,
  channelName,
}: Pick<SessionManagerOptions, 'BroadcastChannel' | 'channelName'>): TabHub {
  return createTabHub(
    // `undefined` is the global one, as in every environment.
    resolveEnvironment({
      BroadcastChannel,
      navigator: null,
      window: null,
      document: null,
    } as KeepAliveEnvironment).BroadcastChannel,
    channelName,
  );
}
