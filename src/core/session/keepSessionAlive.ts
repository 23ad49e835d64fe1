import { isSameSession, type SessionReference } from '../client/SessionReference';
import type { VaultClient } from '../client/types';
import { createEmitter } from '../createEmitter';
import type { TabHub } from '../createTabHub';
import { VaultAbortedError } from '../errors';
import { createKeepAliveFront } from '../keepAlive/createKeepAliveFront';
import { type KeepAlive, STOPPED_KEEP_ALIVE } from '../keepAlive/KeepAlive';
import type { KeepAliveRunFactory } from '../keepAlive/KeepAliveRun';
import type { KeepAliveEnvironment } from '../resolveEnvironment';
import type { SessionManager } from './SessionManager';
import { isLiveStatus } from './sessionReducer';
import type { VaultKeepAlive, VaultSessionOptions } from './VaultSession';

/**
 * The keep-alive of a {@link VaultSession}, as the session holds it: the stable view it
 * exposes, and the subscription to the session that runs a scheduler for each live session.
 */
export interface SessionKeepAlive extends VaultKeepAlive {
  /**
   * Subscribes to the session (and to the client's news of calls that succeeded): from now
   * on a scheduler runs while a session is live. Returns the function that unsubscribes
   * and stops the scheduler.
   */
  follow(): () => void;
  /** Stops for good and drops the listeners. */
  destroy(): void;
}

/**
 * Keeps the sessions of `manager` alive: it subscribes to the session's state, and runs a
 * scheduler (made with `createRun`) for each live session, on a topic of `tabs` named after
 * the session's start, so a late message about an ended session (its "invalid" notice, its
 * last send time) can never touch the next one. Each send keeps the user's own session
 * alive, and the delegated one too while acting for someone, because the delegated session
 * dies with its actor's. The scheduler reads the session's deadline, reports an
 * `INVALID_SESSION_ID` to the session (which ends it in every tab), and has the session
 * re-check its deadline when the page comes back. The session never calls it: it learns
 * everything by subscribing.
 */
export function keepSessionAlive({
  manager,
  client,
  tabs,
  settings,
  environment,
  createRun,
}: {
  readonly manager: SessionManager;
  readonly client: VaultClient;
  readonly tabs: TabHub;
  /** The session's `keepAlive` option: settings, or `false` for none. */
  readonly settings: VaultSessionOptions['keepAlive'];
  /** The session's clock, timers and channel, which the keep-alive's settings may override. */
  readonly environment: KeepAliveEnvironment;
  /** Where the scheduler comes from: itself, or a stand-in that loads its chunk first. */
  readonly createRun: KeepAliveRunFactory;
}): SessionKeepAlive {
  const changed = createEmitter();
  const notify = (): void => changed.emit();
  let scheduler: KeepAlive | undefined;
  let stopWatchingScheduler: (() => void) | undefined;
  let runningFor: number | undefined;
  let following = false;

  function createScheduler(startedAt: number): KeepAlive | undefined {
    if (settings === false) return undefined;
    const baseName = settings?.channelName ?? 'vault-session-kit:keep-alive';
    return createKeepAliveFront({
      ...settings,
      environment: { ...environment, ...settings?.environment },
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
      createRun,
      tabs,
    });
  }

  // Runs one scheduler for the live session while followed, and none otherwise.
  function sync(): void {
    const snapshot = manager.getSnapshot();
    const live = following && isLiveStatus(snapshot.status) ? snapshot.startedAt : undefined;
    if (live === runningFor) return;
    stopWatchingScheduler?.();
    stopWatchingScheduler = undefined;
    scheduler?.destroy();
    scheduler = undefined;
    runningFor = live;
    if (live !== undefined) {
      scheduler = createScheduler(live);
      if (scheduler) {
        stopWatchingScheduler = scheduler.subscribe(notify);
        scheduler.start();
      }
    }
    notify();
  }

  // Any successful call made with the user's own session proves it alive and restarted its
  // idle timeout at the service, so a failing keep-alive call alone never lets the idle
  // estimate run out under an active user. Calls with a delegated session do not count:
  // they restart the delegated session's timer, not the actor's it depends on.
  const onConfirmed = (session: SessionReference): void => {
    if (isSameSession(session, manager.getOwnSession())) scheduler?.confirm();
  };

  return {
    getSnapshot: () => scheduler?.getSnapshot() ?? STOPPED_KEEP_ALIVE,
    subscribe: changed.on,
    extend: () => (scheduler ? scheduler.extend() : Promise.reject(new VaultAbortedError())),
    notifyActivity: () => scheduler?.notifyActivity(),
    follow() {
      following = true;
      const unsubscribe = manager.subscribe(sync);
      const stopConfirming = client.onSessionConfirmed(onConfirmed);
      sync();
      return () => {
        unsubscribe();
        stopConfirming();
        following = false;
        sync();
      };
    },
    destroy() {
      following = false;
      sync();
      changed.clear();
    },
  };
}
