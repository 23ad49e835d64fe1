import type { VaultError } from '../../../../src/core/errors';
import { createKeepAlive } from '../../../../src/core/keepAlive/createKeepAlive';
import type { KeepAlive } from '../../../../src/core/keepAlive/KeepAlive';
import type { KeepAliveOptions } from '../../../../src/core/keepAlive/KeepAliveOptions';
import type {
  BroadcastChannelConstructor,
  LockManagerLike,
} from '../../../../src/core/resolveEnvironment';

/**
 * A pretend keep-alive endpoint shared by several tabs: records each call and answers as
 * `respond` says (success by default).
 *
 * @example
 * ```ts
 * const service = createFakeService();
 * service.respond = () => Promise.reject(new VaultNetworkError());
 * ```
 */
export interface FakeService {
  readonly calls: { readonly tab: string; readonly at: number; readonly signal: AbortSignal }[];
  respond: (call: { readonly index: number; readonly signal: AbortSignal }) => Promise<void>;
  sendFor(tab: string): (signal: AbortSignal) => Promise<void>;
}

/**
 * Creates a {@link FakeService}.
 *
 * @example
 * ```ts
 * const service = createFakeService();
 * createFakeTab({ name: 'a', service, channelName });
 * ```
 */
export function createFakeService(): FakeService {
  const service: FakeService = {
    calls: [],
    respond: () => Promise.resolve(),
    sendFor: (tab) => (signal) => {
      const index = service.calls.length;
      service.calls.push({ tab, at: Date.now(), signal });
      return service.respond({ index, signal });
    },
  };
  return service;
}

/**
 * One simulated browser tab: its own window, document and navigator (sharing the lock
 * manager and channel name with the other tabs of a test) and a keep-alive scheduler.
 *
 * @example
 * ```ts
 * const tab = createFakeTab({ name: 'a', service, channelName, locks });
 * tab.keepAlive.start();
 * tab.input();
 * ```
 */
export interface FakeTab {
  readonly name: string;
  readonly window: EventTarget;
  readonly document: EventTarget & { visibilityState: 'visible' | 'hidden' };
  readonly navigator: { onLine: boolean; locks?: LockManagerLike };
  readonly keepAlive: KeepAlive;
  readonly invalidations: VaultError[];
  readonly resumes: { count: number };
  readonly sentAt: number[];
  /** Dispatches a user input event (default `keydown`) on the tab's window. */
  input(type?: string): void;
  goOffline(): void;
  goOnline(): void;
  focus(): void;
  hide(): void;
  show(): void;
}

/**
 * Creates a {@link FakeTab}.
 *
 * @example
 * ```ts
 * const tab = createFakeTab({ name: 'a', service, channelName: 'test-1', BroadcastChannel: null });
 * ```
 */
export function createFakeTab(init: {
  name: string;
  service: FakeService;
  channelName: string;
  locks?: LockManagerLike;
  BroadcastChannel?: BroadcastChannelConstructor | null;
  options?: Partial<Omit<KeepAliveOptions, 'send' | 'environment' | 'channelName'>>;
  random?: () => number;
  /** How the keep-alive is made; default `createKeepAlive`. */
  create?: (options: KeepAliveOptions) => KeepAlive;
}): FakeTab {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as 'visible' | 'hidden',
  });
  const navigator: { onLine: boolean; locks?: LockManagerLike } = { onLine: true };
  if (init.locks) navigator.locks = init.locks;
  const invalidations: VaultError[] = [];
  const resumes = { count: 0 };
  const sentAt: number[] = [];
  const keepAlive = (init.create ?? createKeepAlive)({
    deadline: () => undefined,
    onSessionInvalid: (error) => invalidations.push(error),
    onResume: () => {
      resumes.count += 1;
    },
    onSent: (at) => sentAt.push(at),
    ...init.options,
    send: init.service.sendFor(init.name),
    channelName: init.channelName,
    environment: {
      window,
      document,
      navigator,
      BroadcastChannel:
        init.BroadcastChannel === undefined ? globalThis.BroadcastChannel : init.BroadcastChannel,
      random: init.random ?? (() => 1),
    },
  });
  return {
    name: init.name,
    window,
    document,
    navigator,
    keepAlive,
    invalidations,
    resumes,
    sentAt,
    input: (type = 'keydown') => {
      window.dispatchEvent(new Event(type));
    },
    goOffline: () => {
      navigator.onLine = false;
      window.dispatchEvent(new Event('offline'));
    },
    goOnline: () => {
      navigator.onLine = true;
      window.dispatchEvent(new Event('online'));
    },
    focus: () => {
      window.dispatchEvent(new Event('focus'));
    },
    hide: () => {
      document.visibilityState = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    show: () => {
      document.visibilityState = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    },
  };
}
