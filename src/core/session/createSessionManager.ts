import { isValidSessionId } from '../client/isValidSessionId';
import type { AuthResult } from '../client/types';
import { createEmitter } from '../createEmitter';
import {
  isSessionInvalidError,
  normalizeError,
  VaultAbortedError,
  VaultConfigError,
  VaultProtocolError,
} from '../errors';
import { acceptsHandOff } from './acceptsHandOff';
import { capSessionDeadline, createDeadlineTimer, deadlineDueAt } from './createDeadlineTimer';
import { createSessionPersistence } from './createSessionPersistence';
import {
  createTabChannel,
  hasBroadcastChannel,
  OFFLINE_CHANNEL,
  type TabChannel,
  type TabMessage,
} from './createTabChannel';
import { parseSessionRecord } from './parseSessionRecord';
import { randomTag } from './randomTag';
import {
  initialSessionState,
  isLiveStatus,
  type SessionEvent,
  type SessionState,
  sessionReducer,
  toSessionSnapshot,
} from './sessionReducer';
import type {
  DelegationRecord,
  SessionManager,
  SessionManagerOptions,
  SessionRecord,
  SessionSnapshot,
  SessionTimers,
} from './types';

const DEFAULT_STORAGE_KEY = 'vault-session-kit.session';
const DEFAULT_CHANNEL_NAME = 'vault-session-kit';
/** The service's absolute session lifetime. */
const MAX_SESSION_MS = 48 * 60 * 60 * 1000;
const DEFAULT_WARN_BEFORE_MS = 5 * 60 * 1000;
const DEFAULT_JOIN_TIMEOUT_MS = 300;

// Closures rather than references so that timers replaced after start-up (fake timers in
// tests, a zone) are the ones used.
const globalTimers: SessionTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Creates the session of one tab: an explicit state machine (`signed-out`, `signing-in`,
 * `active`, `delegated`, `expiring`, `expired`, `ended`) with the 48-hour deadline, a
 * storage adapter, and cross-tab sync over `BroadcastChannel`. Framework-free; React binds
 * to it with `useSyncExternalStore(manager.subscribe, manager.getSnapshot)`.
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
 * Throws {@link VaultConfigError} for a localStorage-backed `storage` (STO-01). Touches no
 * browser global unless present, so it is safe to create during server rendering.
 *
 * @example
 * ```ts
 * const manager = createSessionManager({
 *   client: createVaultClient({ baseUrl: '' }),
 *   storage: sessionStorageAdapter(),
 * });
 * await manager.signIn({ username: 'olivia@sunrise.example', password });
 * manager.getSnapshot().status; // 'active'
 * await client.keepAlive(manager.getSessionId() ?? '');
 * await manager.signOut();
 * ```
 */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { client } = options;
  if (typeof client?.login !== 'function') {
    throw new VaultConfigError('createSessionManager needs a client (see createVaultClient).');
  }
  const now = options.now ?? (() => Date.now());
  const timers = options.timers ?? globalTimers;
  const warnBeforeMs = checkDuration(
    options.warnBeforeMs ?? DEFAULT_WARN_BEFORE_MS,
    'warnBeforeMs',
  );
  const maxSessionMs = checkDuration(options.maxSessionMs ?? MAX_SESSION_MS, 'maxSessionMs');
  const joinTimeoutMs = checkDuration(
    options.joinTimeoutMs ?? DEFAULT_JOIN_TIMEOUT_MS,
    'joinTimeoutMs',
  );
  const persistence = createSessionPersistence(
    options.storage,
    options.storageKey ?? DEFAULT_STORAGE_KEY,
  );
  const tabId = randomTag();

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
  const deadlineTimer = createDeadlineTimer(timers, now, () => {
    const before = state;
    checkDeadline();
    // A timer that fired early (throttling, a clamped delay) re-arms for the rest.
    if (state === before) armDeadlineTimer();
  });
  let joinTimer: unknown;
  // A newer action bumps a generation; a call whose generation is stale when its answer
  // arrives discards that answer (B11: the last action wins).
  let signInGeneration = 0;
  let signInController: AbortController | undefined;
  let signInStartedAt: number | undefined;
  let delegationGeneration = 0;
  // Delegated sessions this tab opened: if another tab's simultaneous change displaces one,
  // this tab is the one that ends it, so that no tab leaves it open and no tab ends it twice.
  const openedDelegations = new Set<string>();

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
    deadlineTimer.arm(destroyed || !started ? undefined : deadlineDueAt(state, warnBeforeMs));
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
      channel.post({ type: 'expired', from: tabId, key: before.key, reason: 'expired' });
    }
  }

  function adopt(record: SessionRecord): void {
    dispatch({
      type: 'session-established',
      record: capSessionDeadline(record, maxSessionMs),
      now: now(),
      warnBeforeMs,
    });
  }

  function cancelSignIn(): void {
    signInGeneration += 1;
    signInController?.abort();
    signInController = undefined;
    signInStartedAt = undefined;
  }

  function endQuietly(sessionId: string | undefined, vaultDns: string | undefined): Promise<void> {
    if (sessionId === undefined) return Promise.resolve();
    try {
      return client.endSession(sessionId, { vaultDns }).then(
        () => undefined,
        () => undefined,
      );
    } catch {
      return Promise.resolve();
    }
  }

  function handOff(to?: string): void {
    const { record } = state;
    if (!record || !isLiveStatus(state.status)) return;
    channel.post(
      to === undefined
        ? { type: 'session', from: tabId, record }
        : { type: 'session', from: tabId, to, record },
    );
  }

  function buildRecord(result: AuthResult, username: string, startedAt: number): SessionRecord {
    const record = parseSessionRecord({
      v: 1,
      key: randomTag(),
      sessionId: result.sessionId,
      userId: String(result.userId),
      username,
      vaultId: result.vaultId,
      // The vault the session landed in, which auth defaulting may have chosen instead of
      // the one asked for; its calls must go there.
      ...(result.vault?.dns ? { dns: result.vault.dns } : {}),
      vaults: result.vaults.map(({ id, name, url, dns }) => ({ id, name, url, dns })),
      startedAt,
      deadline: startedAt + maxSessionMs,
    });
    if (!record) {
      throw new VaultProtocolError('The login answer cannot be kept as a session.', {
        status: 200,
        contentType: null,
      });
    }
    return record;
  }

  function onMessage(message: TabMessage): void {
    if (destroyed || message.from === tabId) return;
    switch (message.type) {
      case 'hello':
        if (state.record && state.record.deadline > now()) handOff(message.from);
        return;
      case 'session':
        receiveHandOff(message.record, message.to);
        return;
      case 'signed-out':
        if (!state.record) return;
        delegationGeneration += 1;
        dispatch({
          type: 'session-ended',
          reason: message.reason === 'inactive' ? 'inactive' : 'remote-sign-out',
        });
        return;
      case 'expired':
        if (state.record?.key !== message.key) return;
        delegationGeneration += 1;
        dispatch({ type: 'session-ended', reason: message.reason });
        return;
    }
  }

  function receiveHandOff(record: SessionRecord, to: string | undefined): void {
    if (!acceptsHandOff(record, to, tabId, state, signInStartedAt, now)) return;
    const current = state.record;
    if (state.status === 'signing-in') cancelSignIn();
    if (current?.key !== record.key) delegationGeneration += 1;
    const displaced = current?.delegation?.sessionId;
    adopt(record);
    if (
      displaced !== undefined &&
      displaced !== record.delegation?.sessionId &&
      openedDelegations.delete(displaced)
    ) {
      void endQuietly(displaced, dnsOf(current?.delegation));
    }
  }

  const canJoin = options.BroadcastChannel === null ? false : hasBroadcastChannel(options);
  // Nothing outside this object is touched until start(): React may create a manager during
  // a render it then throws away (StrictMode does so on purpose), and such a manager must
  // leave no channel, message or timer behind.
  let channel: TabChannel = OFFLINE_CHANNEL;
  let started = false;

  function start(): void {
    if (started || destroyed) return;
    started = true;
    channel = createTabChannel({
      name: options.channelName ?? DEFAULT_CHANNEL_NAME,
      BroadcastChannel: options.BroadcastChannel,
      onMessage,
    });
    if (state.joining) {
      if (channel.connected) {
        joinTimer = timers.setTimeout(() => {
          joinTimer = undefined;
          dispatch({ type: 'join-finished' });
        }, joinTimeoutMs);
        channel.post({ type: 'hello', from: tabId });
      } else {
        dispatch({ type: 'join-finished' });
      }
    }
    armDeadlineTimer();
  }

  const stored = persistence.load();
  if (stored) {
    adopt(stored);
    if (!state.record) persistence.clear();
  } else if (canJoin) {
    // Shown as joining from the first render, so the login form does not flash before an
    // open tab has had a chance to hand its session over.
    dispatch({ type: 'join-started' });
  }

  async function signOut(options?: { readonly reason?: 'inactive' | undefined }): Promise<void> {
    start();
    cancelSignIn();
    delegationGeneration += 1;
    const record = state.record;
    const inactive = options?.reason === 'inactive';
    // Local first, and regardless of what the server says: the user asked to leave (SES-07).
    dispatch({ type: 'session-ended', reason: inactive ? 'inactive' : 'signed-out' });
    openedDelegations.clear();
    persistence.clear();
    channel.post(
      inactive
        ? { type: 'signed-out', from: tabId, reason: 'inactive' }
        : { type: 'signed-out', from: tabId },
    );
    if (!record) return;
    await Promise.all([
      endQuietly(record.delegation?.sessionId, dnsOf(record.delegation)),
      endQuietly(record.sessionId, record.dns),
    ]);
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

    getSessionId() {
      const { record } = state;
      if (!record || !isLiveStatus(state.status)) return undefined;
      return record.delegation?.sessionId ?? record.sessionId;
    },

    getOwnSessionId() {
      const { record } = state;
      return record && isLiveStatus(state.status) ? record.sessionId : undefined;
    },

    getSessionRoute(which = 'current') {
      const { record } = state;
      if (!record || !isLiveStatus(state.status)) return undefined;
      const { delegation } = record;
      return which === 'current' && delegation
        ? { sessionId: delegation.sessionId, vaultDns: dnsOf(delegation) }
        : { sessionId: record.sessionId, vaultDns: record.dns };
    },

    async signIn(credentials, requestOptions) {
      start();
      const external = requestOptions?.signal;
      if (destroyed || external?.aborted) throw new VaultAbortedError();
      const { username, vaultDns } = credentials;
      // Switching users: the old session ends everywhere before the new one is asked for.
      if (state.record) void signOut();
      cancelSignIn();
      const generation = signInGeneration;
      const controller = new AbortController();
      signInController = controller;
      const forwardAbort = (): void => controller.abort();
      external?.addEventListener('abort', forwardAbort, { once: true });
      dispatch({ type: 'sign-in-started', username });
      const sentAt = now();
      signInStartedAt = sentAt;

      let result: AuthResult;
      try {
        result = await client.login(
          { username, password: credentials.password, vaultDns },
          { signal: controller.signal },
        );
      } catch (error) {
        const failure = normalizeError(error);
        if (generation !== signInGeneration) throw new VaultAbortedError({ cause: failure });
        signInController = undefined;
        signInStartedAt = undefined;
        dispatch(
          failure.kind === 'aborted'
            ? { type: 'sign-in-cancelled' }
            : { type: 'sign-in-failed', error: failure },
        );
        throw failure;
      } finally {
        external?.removeEventListener('abort', forwardAbort);
      }

      if (generation !== signInGeneration || destroyed) {
        // Nobody will ever use this session; do not leave it open on the server.
        void endQuietly(result.sessionId, result.vault?.dns);
        throw new VaultAbortedError();
      }
      signInController = undefined;
      signInStartedAt = undefined;
      let record: SessionRecord;
      try {
        record = buildRecord(result, username, sentAt);
      } catch (error) {
        const failure = normalizeError(error);
        void endQuietly(
          isValidSessionId(result.sessionId) ? result.sessionId : undefined,
          result.vault?.dns,
        );
        dispatch({ type: 'sign-in-failed', error: failure });
        throw failure;
      }
      adopt(record);
      handOff();
    },

    establish(authResult, meta) {
      start();
      if (destroyed) throw new VaultAbortedError();
      const record = buildRecord(authResult, meta.username, meta.startedAt);
      cancelSignIn();
      delegationGeneration += 1;
      const previous = state.record;
      adopt(record);
      if (previous && previous.sessionId !== record.sessionId) {
        void endQuietly(previous.delegation?.sessionId, dnsOf(previous.delegation));
        void endQuietly(previous.sessionId, previous.dns);
      }
      handOff();
    },

    async startDelegation(target) {
      start();
      const record = state.record;
      if (destroyed || !record || !isLiveStatus(state.status)) {
        throw new VaultConfigError('Sign in before acting on behalf of another user.');
      }
      delegationGeneration += 1;
      const generation = delegationGeneration;
      const isCurrent = (): boolean =>
        !destroyed && generation === delegationGeneration && state.record?.key === record.key;
      const { vaultId, delegatorUserId } = target;
      let { vaultName, dns } = target;
      let delegatedSessionId: string;
      try {
        if (vaultName === undefined || dns === undefined) {
          const offered = await client.getDelegations(record.sessionId, {
            vaultDns: record.dns,
          });
          const entry = offered.find(
            (item) => item.id === vaultId && item.delegatorUserId === delegatorUserId,
          );
          vaultName ??= entry?.name ?? '';
          dns ??= entry?.dns ?? '';
          if (!isCurrent()) throw new VaultAbortedError();
        }
        // Asked of the actor's own vault; the delegated session then lives in `dns`.
        ({ delegatedSessionId } = await client.loginDelegated(
          record.sessionId,
          { vaultId, delegatorUserId },
          { vaultDns: record.dns },
        ));
      } catch (error) {
        const failure = normalizeError(error);
        manager.reportError(failure, { sessionId: record.sessionId });
        throw failure;
      }
      if (!isCurrent() || !isValidSessionId(delegatedSessionId)) {
        void endQuietly(
          isValidSessionId(delegatedSessionId) ? delegatedSessionId : undefined,
          dns || undefined,
        );
        throw new VaultAbortedError();
      }
      const previous = state.record?.delegation;
      const delegation: DelegationRecord = {
        sessionId: delegatedSessionId,
        vaultId,
        vaultName,
        dns,
        delegatorUserId,
      };
      dispatch({ type: 'delegation-changed', delegation, now: now(), warnBeforeMs });
      if (state.record?.delegation === delegation) openedDelegations.add(delegatedSessionId);
      announceExpiry(record);
      handOff();
      if (previous) {
        openedDelegations.delete(previous.sessionId);
        void endQuietly(previous.sessionId, dnsOf(previous));
      }
    },

    async stopDelegation() {
      start();
      delegationGeneration += 1;
      const record = state.record;
      const delegation = record?.delegation;
      if (!delegation) return;
      dispatch({ type: 'delegation-changed', delegation: undefined, now: now(), warnBeforeMs });
      announceExpiry(record);
      handOff();
      openedDelegations.delete(delegation.sessionId);
      await endQuietly(delegation.sessionId, dnsOf(delegation));
    },

    signOut,

    reportError(error, context) {
      start();
      if (!isSessionInvalidError(error)) return false;
      const record = state.record;
      if (!record) return false;
      // An answer about a session this tab no longer uses says nothing about the current one.
      const sessionId = context?.sessionId;
      if (
        sessionId !== undefined &&
        sessionId !== record.sessionId &&
        sessionId !== record.delegation?.sessionId
      ) {
        return false;
      }
      delegationGeneration += 1;
      dispatch({ type: 'session-ended', reason: 'invalid-session' });
      channel.post({ type: 'expired', from: tabId, key: record.key, reason: 'invalid-session' });
      // One of the two IDs is dead; the other must not outlive the local state either.
      void endQuietly(record.delegation?.sessionId, dnsOf(record.delegation));
      void endQuietly(record.sessionId, record.dns);
      return true;
    },

    checkDeadline() {
      start();
      checkDeadline();
    },

    destroy() {
      if (destroyed) return;
      cancelSignIn();
      destroyed = true;
      deadlineTimer.clear();
      if (joinTimer !== undefined) timers.clearTimeout(joinTimer);
      joinTimer = undefined;
      channel.close();
      changed.clear();
    },
  };
  return manager;
}

/** A delegation's vault host, when the delegation list named one. */
function dnsOf(delegation: DelegationRecord | undefined): string | undefined {
  return delegation?.dns === '' ? undefined : delegation?.dns;
}

function checkDuration(value: number, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new VaultConfigError(`${name} must be a non-negative number of milliseconds.`);
  }
  return value;
}
