import type { TabHub } from '../createTabHub';
import { VaultAbortedError } from '../errors';
import type { KeepAliveRunFactory } from '../keepAlive/KeepAliveRun';
import { globalTimers } from '../resolveEnvironment';
import { createSessionManager, createSessionTabHub } from './createSessionManager';
import { keepSessionAlive } from './keepSessionAlive';
import { isLiveStatus } from './sessionReducer';
import type { VaultSession, VaultSessionOptions } from './VaultSession';

/**
 * What a session is made of besides its settings: where its keep-alive's scheduler comes
 * from (the scheduler itself, or a stand-in that loads its chunk first).
 */
export interface SessionParts {
  readonly createRun: KeepAliveRunFactory;
}

/**
 * The one place a {@link VaultSession} is assembled, for `createVaultSession` (the
 * scheduler built in) and `SessionProvider` (the scheduler in a chunk of its own) alike:
 * the tab's one channel to the other tabs, the session's state machine on it, and the
 * keep-alive that subscribes to that state machine and runs while the session is
 * connected. Each part knows only the ones made before it.
 */
export function createSession(options: VaultSessionOptions & SessionParts): VaultSession {
  const { client, keepAlive: settings, sso, createRun, ...managerOptions } = options;
  const { now = () => Date.now(), timers = globalTimers, BroadcastChannel } = managerOptions;
  // One channel per tab for the session and its keep-alive, whose messages are topics on it.
  const tabs: TabHub = createSessionTabHub(managerOptions);
  const manager = createSessionManager({ ...managerOptions, client, now, timers, tabs });
  // The keep-alive checks its sends against the session's deadline, so it runs on the
  // session's clock and timers, and talks to other tabs only if the session does, on the
  // session's channel, unless its own environment names another.
  const keepAlive = keepSessionAlive({
    manager,
    client,
    tabs,
    settings,
    environment: {
      now,
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
      ...(BroadcastChannel === undefined ? {} : { BroadcastChannel }),
    },
    createRun,
  });

  let connections = 0;
  let unfollow: (() => void) | undefined;

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

  return {
    client,
    manager,
    ...(sso === undefined ? {} : { sso: Object.freeze({ ...sso }) }),
    keepAlive: {
      getSnapshot: keepAlive.getSnapshot,
      subscribe: keepAlive.subscribe,
      extend: keepAlive.extend,
      notifyActivity: keepAlive.notifyActivity,
    },

    connect() {
      connections += 1;
      // Everything is listened to only while connected, so a session thrown away unconnected
      // (StrictMode) leaves nothing behind on a shared client.
      if (connections === 1) {
        manager.start();
        unfollow = keepAlive.follow();
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        connections -= 1;
        if (connections > 0) return;
        unfollow?.();
        unfollow = undefined;
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
      unfollow?.();
      unfollow = undefined;
      connections = 0;
      keepAlive.destroy();
      manager.destroy();
    },
  };
}
