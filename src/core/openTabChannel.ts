/**
 * The part of `BroadcastChannel` the kit uses.
 *
 * @example
 * ```ts
 * const channel: BroadcastChannelLike = new BroadcastChannel('vault-session-kit');
 * ```
 */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * A `BroadcastChannel` constructor (the global one, or a stand-in).
 *
 * @example
 * ```ts
 * const ctor: BroadcastChannelConstructor = BroadcastChannel;
 * ```
 */
export type BroadcastChannelConstructor = new (name: string) => BroadcastChannelLike;

/**
 * One open link to the other tabs of this origin.
 *
 * @example
 * ```ts
 * const link: TabLink<{ t: 'check' }> = openTabChannel(env.BroadcastChannel, name, read, onMessage);
 * link.post({ t: 'check' });
 * ```
 */
export interface TabLink<Message> {
  /** False when no `BroadcastChannel` could be opened: posts go nowhere (single-tab mode). */
  readonly connected: boolean;
  /** Posts a message; does nothing without a channel or once it is closed. */
  post(message: Message): void;
  /** Stops receiving and closes the channel; a second call does nothing. */
  close(): void;
}

const NAMESPACE = 'vault-session-kit';

/**
 * The one way the kit talks across tabs, for the session, the keep-alive and the leader
 * election alike. Every message goes out in the kit's envelope (`ns`, `v`), and one comes
 * in only when it is in that envelope, from this origin, and `read` accepts its fields: a
 * message of another library, an older kit or a stand-in from elsewhere is dropped before
 * anything sees it. `Channel` is the constructor of the caller's resolved environment
 * (`resolveEnvironment`); a missing or throwing one gives a link that is not `connected`.
 *
 * @example
 * ```ts
 * const link = openTabChannel(BroadcastChannel, 'vault-session-kit', parseTabMessageFields, (message) => {
 *   if (message.type === 'signed-out') clearSession();
 * });
 * link.post({ type: 'hello', from: tabId });
 * ```
 */
export function openTabChannel<Message extends object>(
  Channel: BroadcastChannelConstructor | undefined,
  name: string,
  read: (fields: Record<string, unknown>) => Message | undefined,
  onMessage: (message: Message) => void,
): TabLink<Message> {
  let channel: BroadcastChannelLike | undefined;
  const receive = (event: MessageEvent): void => {
    const fields = openEnvelope(event.data);
    const message = fields && sameOrigin(event) ? read(fields) : undefined;
    if (message) onMessage(message);
  };
  try {
    if (typeof Channel === 'function') {
      channel = new Channel(name);
      channel.addEventListener('message', receive);
    }
  } catch {
    // Blocked by policy or broken: single-tab mode.
    channel = undefined;
  }
  return {
    connected: channel !== undefined,
    post(message) {
      try {
        channel?.postMessage({ ns: NAMESPACE, v: 1, ...message });
      } catch {
        // A closed or broken channel (page teardown) only costs the other tabs an update.
      }
    },
    close() {
      channel?.removeEventListener('message', receive);
      try {
        channel?.close();
      } catch {
        // Already closed.
      }
      channel = undefined;
    },
  };
}

/**
 * The fields of a message in the kit's envelope, or `undefined` for anything else.
 *
 * @example
 * ```ts
 * openEnvelope({ ns: 'vault-session-kit', v: 1, t: 'check' }); // { ns: …, v: 1, t: 'check' }
 * openEnvelope({ t: 'check' }); // undefined
 * ```
 */
export function openEnvelope(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const fields = data as Record<string, unknown>;
  return fields.ns === NAMESPACE && fields.v === 1 ? fields : undefined;
}

function sameOrigin(event: MessageEvent): boolean {
  // BroadcastChannel is same-origin by construction; this guards stand-ins and bugs (STO-05).
  const own = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  const origin = (event as { origin?: unknown }).origin;
  if (typeof own !== 'string' || typeof origin !== 'string' || origin === '') return true;
  return origin === own;
}
