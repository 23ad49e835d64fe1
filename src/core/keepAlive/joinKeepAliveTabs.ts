import { createTabHub } from '../createTabHub';
import type { ResolvedKeepAliveEnvironment } from '../resolveEnvironment';
import { createActivityMonitor } from './createActivityMonitor';
import { createLeaderElection } from './createLeaderElection';
import {
  type KeepAliveChannel,
  type KeepAliveMessage,
  readKeepAliveMessage,
} from './KeepAliveMessage';
import { listenForResume } from './listenForResume';

/**
 * Where a keep-alive run joins the other tabs, and what it hears from them and from the
 * page once it has joined them with {@link joinKeepAliveTabs}.
 */
export interface KeepAliveTabsOptions {
  /** The keep-alive's environment, resolved once when it started. */
  readonly env: ResolvedKeepAliveEnvironment;
  /** The topic (and, without the session's channel, the channel) the tabs share. */
  readonly name: string;
  /** Whether user input in this tab counts as activity. */
  readonly trackActivity: boolean;
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
export function joinKeepAliveTabs({
  env,
  name,
  trackActivity,
  onMessage,
  onActivity,
  onResume,
  onOffline,
  onLead,
}: KeepAliveTabsOptions): KeepAliveChannel {
  // The session's channel, unless the keep-alive's environment names another
  // BroadcastChannel; the election's lease messages, where it needs them, go on it too.
  const tabs =
    env.tabs && env.tabs.Channel === env.BroadcastChannel
      ? env.tabs
      : createTabHub(env.BroadcastChannel, name);
  const channel = tabs.open(name, readKeepAliveMessage, onMessage);
  const removeEventListeners = listenForResume(env, onResume, onOffline);
  const monitor =
    env.window && trackActivity
      ? createActivityMonitor({ target: env.window, now: env.now, onActivity })
      : undefined;
  const election = createLeaderElection({
    name,
    onChange: onLead,
    // The facilities the scheduler sees, absent ones as absent (`null`), not looked up again.
    environment: {
      setTimeout: env.setTimeout,
      clearTimeout: env.clearTimeout,
      navigator: env.navigator ?? null,
      BroadcastChannel: env.BroadcastChannel ?? null,
    },
    tabs,
  });
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
