import { createTabHub } from '../createTabHub';
import type { ResolvedKeepAliveEnvironment } from '../resolveEnvironment';
import { createActivityMonitor } from './createActivityMonitor';
import {
  createKeepAliveChannel,
  type KeepAliveChannel,
  type KeepAliveMessage,
} from './createKeepAliveChannel';
import { electLeader } from './createLeaderElection';
import { listenForResume } from './listenForResume';

/**
 * What a keep-alive run hears from the other tabs and from the page, once it has joined
 * them with {@link joinKeepAliveTabs}.
 */
export interface KeepAliveTabListeners {
  /** A keep-alive message of another tab of this session. */
  onMessage(message: KeepAliveMessage): void;
  /** User input in this tab, at the environment's time (only with `trackActivity`). */
  onActivity(at: number): void;
  /** The page is shown again or back online. */
  onResume(): void;
  /** The browser went offline. */
  onOffline(): void;
  /** This tab took the lead (`true`) or lost it (`false`). */
  onLead(leading: boolean): void;
}

/**
 * Joins the keep-alive of the other tabs: opens the topic `name` on the session's channel
 * (`env.tabs`, when it is made with the environment's BroadcastChannel), or else on a
 * channel of its own named `name`, listens for the page coming back and going offline,
 * watches for user input when `trackActivity` is set, and enters the leader election. The
 * election may call `onLead` before this returns (a tab alone leads at once), so a caller
 * must not rely on holding the result by then. `close()` on the result leaves all of it.
 */
export function joinKeepAliveTabs(
  env: ResolvedKeepAliveEnvironment,
  name: string,
  trackActivity: boolean,
  { onMessage, onActivity, onResume, onOffline, onLead }: KeepAliveTabListeners,
): KeepAliveChannel {
  // The session's channel, unless the keep-alive's environment names another
  // BroadcastChannel; the election's lease messages, where it needs them, go on it too.
  const tabs =
    env.tabs && env.tabs.Channel === env.BroadcastChannel
      ? env.tabs
      : createTabHub(env.BroadcastChannel, name);
  const channel = createKeepAliveChannel(tabs, name, onMessage);
  const removeEventListeners = listenForResume(env, onResume, onOffline);
  const monitor =
    env.window && trackActivity
      ? createActivityMonitor({ target: env.window, now: env.now, onActivity })
      : undefined;
  const election = electLeader({ name, onChange: onLead }, () => ({ ...env, tabs }));
  election.start();
  return {
    connected: channel.connected,
    post: channel.post,
    close() {
      monitor?.stop();
      removeEventListeners();
      election.stop();
      channel.close();
    },
  };
}
