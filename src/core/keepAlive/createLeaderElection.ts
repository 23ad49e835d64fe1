import { createTabHub, type TabHub } from '../createTabHub';
import {
  type KeepAliveEnvironment,
  type ResolvedKeepAliveEnvironment,
  resolveEnvironment,
} from '../resolveEnvironment';

/**
 * How a {@link LeaderElection} decides: Web Locks, the BroadcastChannel lease protocol, or
 * `single` when neither exists (the tab is alone as far as it can tell, so it leads). Web
 * Locks is the election wherever `navigator.locks` exists; the lease protocol is only for
 * pages without it: every browser on a page served over plain `http://` from a host other
 * than `localhost` (Web Locks needs a secure context), Safari before 15.4 and Firefox
 * before 96.
 *
 * @example
 * ```ts
 * const election = createLeaderElection({ name: 'jobs' });
 * election.start();
 * const mechanism: LeaderMechanism = election.mechanism(); // 'locks' in a secure context
 * ```
 */
export type LeaderMechanism = 'locks' | 'broadcast' | 'single';

/**
 * Settings of {@link createLeaderElection}.
 *
 * @example
 * ```ts
 * const options: LeaderElectionOptions = { name: 'vault-session-kit:keep-alive', onChange: console.warn };
 * ```
 */
export interface LeaderElectionOptions {
  /**
   * Lock name, and the prefix of the name of the election's channel (`name:leader`). Same
   * name, same election.
   */
  name: string;
  /** Called whenever this participant gains or loses the lead. */
  onChange?: (isLeader: boolean) => void;
  /** Clock, timers, `navigator.locks` and BroadcastChannel; read at each `start()`. */
  environment?: KeepAliveEnvironment;
  /**
   * The channel the lease messages travel on, as its topic `name:leader` (a keep-alive
   * passes its session's). Default: a channel of the environment's BroadcastChannel named
   * `name:leader`. Unused where Web Locks decide.
   */
  tabs?: TabHub;
  /** BroadcastChannel election: how often the leader announces itself. Default 2000 ms. */
  heartbeatMs?: number;
  /**
   * BroadcastChannel election: silence after which followers assume the leader is gone.
   * Default 5 heartbeats, so that a busy or throttled leader tab is not voted out.
   */
  leaseMs?: number;
  /** BroadcastChannel election: how long a claim waits for objections. Default 250 ms. */
  claimWindowMs?: number;
}

/**
 * One participant of a leader election across the tabs of a browser.
 *
 * @example
 * ```ts
 * const election: LeaderElection = createLeaderElection({ name: 'jobs' });
 * election.start();
 * election.isLeader();
 * ```
 */
export interface LeaderElection {
  /** Joins the election. Does nothing when already running. */
  start(): void;
  /** Leaves the election and gives up the lead at once, so another tab takes over. */
  stop(): void;
  isLeader(): boolean;
  /** The mechanism in use since the last `start()`; `single` before it. */
  mechanism(): LeaderMechanism;
}

type ElectionMessage =
  | { readonly t: 'claim'; readonly id: string }
  | { readonly t: 'heartbeat'; readonly id: string }
  | { readonly t: 'resign'; readonly id: string };

/**
 * Elects one leader among all participants with the same `name` in a browser.
 *
 * With Web Locks (`navigator.locks`) the leader is whoever holds the exclusive lock; the
 * browser releases it when the tab closes or crashes, and the next waiting tab is granted
 * it. Without Web Locks, participants run a lease protocol over a BroadcastChannel: the
 * leader sends heartbeats; when they stop, followers claim, and the claim with the lowest
 * random ID wins; two leaders that hear each other keep the lower ID. With neither, the
 * participant leads alone. If a lock request fails for a reason other than `stop()` (an
 * opaque origin, for example), the BroadcastChannel protocol takes over.
 *
 * Nothing is shared but random IDs; no credential is ever sent.
 *
 * @example
 * ```ts
 * const election = createLeaderElection({
 *   name: 'my-app:poller',
 *   onChange: (isLeader) => console.info(isLeader ? 'this tab polls' : 'another tab polls'),
 * });
 * election.start();
 * // When the page no longer needs it:
 * election.stop();
 * ```
 */
export function createLeaderElection(options: LeaderElectionOptions): LeaderElection {
  const heartbeatMs = positive(options.heartbeatMs ?? 2_000, 'heartbeatMs');
  const leaseMs = positive(options.leaseMs ?? heartbeatMs * 5, 'leaseMs');
  const claimWindowMs = positive(options.claimWindowMs ?? 250, 'claimWindowMs');
  if (leaseMs <= heartbeatMs) {
    throw new RangeError(`leaseMs (${leaseMs}) must be longer than heartbeatMs (${heartbeatMs}).`);
  }

  let leading = false;
  let current: Round | undefined;
  let lastMechanism: LeaderMechanism = 'single';

  function setLeading(next: boolean): void {
    if (leading === next) return;
    leading = next;
    options.onChange?.(next);
  }

  // Each start() opens a round; callbacks of a round that was stopped are ignored, so a
  // late lock grant or message cannot make a stopped participant lead.
  interface Round {
    stop(): void;
  }

  function startLocks(env: ResolvedKeepAliveEnvironment, round: { active: boolean }): Round {
    const locks = env.navigator?.locks;
    const controller = new AbortController();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fallback: Round | undefined;
    const onGranted = (): Promise<void> | undefined => {
      if (!round.active) return undefined;
      setLeading(true);
      return held;
    };
    const onFailed = (): void => {
      if (!round.active) return;
      // Web Locks exist but refuse to work here; the channel protocol still can.
      setLeading(false);
      fallback = env.BroadcastChannel ? startBroadcast(env, round) : startSingle();
    };
    try {
      locks
        ?.request(options.name, { mode: 'exclusive', signal: controller.signal }, onGranted)
        .then(() => {
          if (round.active && !fallback) setLeading(false);
        }, onFailed);
    } catch {
      onFailed();
    }
    return {
      stop() {
        controller.abort();
        release();
        fallback?.stop();
      },
    };
  }

  function startBroadcast(env: ResolvedKeepAliveEnvironment, round: { active: boolean }): Round {
    lastMechanism = 'broadcast';
    const id = randomId();
    let role: 'follower' | 'claiming' | 'leader' = 'claiming';
    let timer: unknown;
    const topic = `${options.name}:leader`;
    const channel = (
      options.tabs ?? createTabHub(env.BroadcastChannel, topic)
    ).open<ElectionMessage>(topic, readMessage, (message) => {
      if (!round.active || message.id === id) return;
      switch (message.t) {
        case 'heartbeat':
          if (role === 'leader') {
            if (message.id < id) follow();
            else heartbeat();
          } else {
            follow();
          }
          return;
        case 'claim':
          if (role === 'leader') heartbeat();
          else if (role === 'claiming' && message.id < id) follow();
          return;
        case 'resign':
          if (role === 'follower') claim();
          return;
      }
    });
    if (!channel.connected) return startSingle();
    const post = channel.post;

    const arm = (ms: number, run: () => void): void => {
      if (timer !== undefined) env.clearTimeout(timer);
      timer = env.setTimeout(() => {
        timer = undefined;
        if (round.active) run();
      }, ms);
    };
    const heartbeat = (): void => {
      post({ t: 'heartbeat', id });
      arm(heartbeatMs, heartbeat);
    };
    const follow = (): void => {
      role = 'follower';
      setLeading(false);
      arm(leaseMs, claim);
    };
    const lead = (): void => {
      role = 'leader';
      setLeading(true);
      heartbeat();
    };
    function claim(): void {
      role = 'claiming';
      post({ t: 'claim', id });
      arm(claimWindowMs, () => {
        if (role === 'claiming') lead();
      });
    }

    claim();
    return {
      stop() {
        if (timer !== undefined) env.clearTimeout(timer);
        timer = undefined;
        if (role === 'leader') post({ t: 'resign', id });
        channel.close();
      },
    };
  }

  function startSingle(): Round {
    lastMechanism = 'single';
    setLeading(true);
    return { stop() {} };
  }

  return {
    start() {
      if (current) return;
      const env = resolveEnvironment(options.environment);
      const round = { active: true };
      let inner: Round;
      if (env.navigator?.locks) {
        lastMechanism = 'locks';
        inner = startLocks(env, round);
      } else if (env.BroadcastChannel) {
        inner = startBroadcast(env, round);
      } else {
        inner = startSingle();
      }
      current = {
        stop() {
          round.active = false;
          inner.stop();
        },
      };
    },
    stop() {
      const running = current;
      current = undefined;
      running?.stop();
      setLeading(false);
    },
    isLeader: () => leading,
    mechanism: () => lastMechanism,
  };
}

function readMessage({ t, id }: Record<string, unknown>): ElectionMessage | undefined {
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) return undefined;
  if (t === 'claim' || t === 'heartbeat' || t === 'resign') return { t, id };
  return undefined;
}

// IDs only order the candidates; they need to be distinct, not secret. WebCrypto is used
// when present so that an injected deterministic `random` cannot make two tabs collide.
function randomId(): string {
  const bytes = new Uint8Array(12);
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number of milliseconds, got ${value}.`);
  }
  return value;
}
