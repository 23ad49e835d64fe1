import { isSameSession, type SessionReference } from '../client/SessionReference';
import { createEmitter } from '../createEmitter';
import { VaultAbortedError } from '../errors';
import { type KeepAlive, STOPPED_KEEP_ALIVE } from '../keepAlive/KeepAlive';
import type { KeepAliveRunFactory } from '../keepAlive/KeepAliveRun';
import { openKeepAlive } from '../keepAlive/openKeepAlive';
import { globalTimers, type KeepAliveEnvironment } from '../resolveEnvironment';
import { createSessionTabHub } from './createTabChannel';
import { openSessionManager } from './openSessionManager';
import { isLiveStatus } from './sessionReducer';
import type { VaultKeepAlive, VaultSession, VaultSessionOptions } from './VaultSession';

/**
 * The one place a {@link VaultSession} is made, for `createVaultSession` and for
 * `SessionProvider` alike: the state machine of `createSessionManager`, and a keep-alive
 * whose runs come from `createRun` (the scheduler itself, or a stand-in that loads its
 * chunk first). `loadCode`, when given, fetches that chunk: the session calls it when it
 * connects, so the code is normally there before anyone has signed in. A sign-in never
 * waits for it: the keep-alive of a session starts when its code has arrived.
 */
export function createSession(
  options: VaultSessionOptions,
  createRun: KeepAliveRunFactory,
  loadCode?: () => unknown,
): VaultSession {
  const { client, keepAlive: keepAliveOptions, sso, ...managerOptions } = options;
  const { now = () => Date.now(), timers = globalTimers, BroadcastChannel } = managerOptions;
  // One channel per tab for the session and its keep-alive, whose messages are topics on it.
  const tabs = createSessionTabHub(BroadcastChannel, managerOptions.channelName);
  const manager = openSessionManager({ ...managerOptions, client, now, timers }, tabs);
  // The keep-alive checks its sends against the session's deadline, so it runs on the
  // session's clock and timers, and talks to other tabs only if the session does, on the
  // session's channel, unless its own environment names another.
  const environment: KeepAliveEnvironment = {
    now,
    setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
    clearTimeout: (handle) => timers.clearTimeout(handle),
    ...(BroadcastChannel === undefined ? {} : { BroadcastChannel }),
    ...(keepAliveOptions === false ? undefined : keepAliveOptions?.environment),
  };

  const keepAliveChanged = createEmitter();
  let scheduler: KeepAlive | undefined;
  let stopWatchingScheduler: (() => void) | undefined;
  let runningFor: number | undefined;
  let connections = 0;
  let unsubscribe: (() => void) | undefined;

  const notifyKeepAlive = (): void => keepAliveChanged.emit();

  // One scheduler per session, on a topic of its own: a late message about an ended session
  // (its "invalid" notice, its last send time) can then never touch the next one.
  function createScheduler(startedAt: number): KeepAlive | undefined {
    if (keepAliveOptions === false) return undefined;
    const baseName = keepAliveOptions?.channelName ?? 'vault-session-kit:keep-alive';
    return openKeepAlive(
      {
        ...keepAliveOptions,
        environment,
        channelName: `${baseName}:${startedAt}`,
        async send(signal) {
          const own = manager.getSessionRoute('own');
          const current = manager.getSessionRoute();
          if (own === undefined || current === undefined) throw new VaultAbortedError();
          await client.keepAlive(own.session, { signal, vaultDns: own.vaultDns });
          if (!isSameSession(current.session, own.session)) {
            await client.keepAlive(current.session, { signal, vaultDns: current.vaultDns });
          }
        },
        deadline: () => manager.getSnapshot().deadline,
        onSessionInvalid: (error) => {
          manager.reportError(error);
        },
        onResume: () => manager.checkDeadline(),
      },
      createRun,
      tabs,
    );
  }

  function sync(): void {
    const snapshot = manager.getSnapshot();
    const live = connections > 0 && isLiveStatus(snapshot.status) ? snapshot.startedAt : undefined;
    if (live === runningFor) return;
    stopWatchingScheduler?.();
    stopWatchingScheduler = undefined;
    scheduler?.destroy();
    scheduler = undefined;
    runningFor = live;
    if (live !== undefined) {
      scheduler = createScheduler(live);
      if (scheduler) {
        stopWatchingScheduler = scheduler.subscribe(notifyKeepAlive);
        scheduler.start();
      }
    }
    notifyKeepAlive();
  }

  // Any successful call made with the user's own session proves it alive and restarted its
  // idle timeout at the service, so a failing keep-alive call alone never lets the idle
  // estimate run out under an active user. Calls with a delegated session do not count:
  // they restart the delegated session's timer, not the actor's it depends on. Listened to
  // only while connected, like everything else, so a session thrown away unconnected
  // (StrictMode) leaves nothing behind on a shared client.
  const onConfirmed = (session: SessionReference): void => {
    if (isSameSession(session, manager.getOwnSession())) scheduler?.confirm();
  };
  let stopConfirming: (() => void) | undefined;

  const keepAlive: VaultKeepAlive = {
    getSnapshot: () => scheduler?.getSnapshot() ?? STOPPED_KEEP_ALIVE,
    subscribe: keepAliveChanged.on,
    extend: () => (scheduler ? scheduler.extend() : Promise.reject(new VaultAbortedError())),
    notifyActivity: () => scheduler?.notifyActivity(),
  };

  function waitForSession(signal?: AbortSignal): Promise<void> {
    manager.start();
    if (isLiveStatus(manager.getSnapshot().status)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new VaultAbortedError({ cause: signal.reason }));
        return;
      }
      const onAbort = () => {
        stop();
        reject(new VaultAbortedError({ cause: signal?.reason }));
      };
      const stop = manager.subscribe(() => {
        if (!isLiveStatus(manager.getSnapshot().status)) return;
        stop();
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  // Fetches the keep-alive's code; settles once it has arrived or failed to (the keep-alive
  // tries again itself when it needs it).
  const keepAliveCode = (): Promise<unknown> =>
    Promise.resolve(keepAliveOptions === false ? undefined : loadCode?.()).then(undefined, ignore);

  return {
    client,
    manager,
    ...(sso === undefined ? {} : { sso: Object.freeze({ ...sso }) }),
    keepAlive,

    connect() {
      connections += 1;
      void keepAliveCode();
      if (connections === 1) {
        unsubscribe = manager.subscribe(sync);
        stopConfirming = client.onSessionConfirmed(onConfirmed);
      }
      sync();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        connections -= 1;
        if (connections > 0) return;
        unsubscribe?.();
        unsubscribe = undefined;
        stopConfirming?.();
        stopConfirming = undefined;
        sync();
      };
    },

    waitForSession,

    now,

    timers,

    async request(path, init, requestOptions) {
      await waitForSession(requestOptions?.signal);
      const route = manager.getSessionRoute();
      if (route === undefined) throw new VaultAbortedError();
      const { session, vaultDns } = route;
      try {
        return await client.request(session, path, init, { ...requestOptions, vaultDns });
      } catch (error) {
        manager.reportError(error, { session });
        throw error;
      }
    },

    destroy() {
      stopConfirming?.();
      stopConfirming = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
      connections = 0;
      sync();
      keepAliveChanged.clear();
      manager.destroy();
    },
  };
}

function ignore(): void {}
