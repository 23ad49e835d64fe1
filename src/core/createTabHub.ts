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
 * const announce = (link: TabLink<{ readonly at: number }>) => link.post({ at: Date.now() });
 * ```
 */
export interface TabLink<Message> {
  /** False when no `BroadcastChannel` could be opened: posts go nowhere (single-tab mode). */
  readonly connected: boolean;
  /** Posts a message; does nothing without a channel or once it is closed. */
  post(message: Message): void;
  /** Stops receiving; the last link of a hub closes its channel. A second call does nothing. */
  close(): void;
}

/**
 * One `BroadcastChannel` of a tab, shared by topics: each part of a session (its own
 * messages, its keep-alive's, the keep-alive's lease election's) opens a link on its topic
 * and hears only the messages of that topic. A session's state machine takes one as its
 * `tabs`, to share its channel with the session's keep-alive.
 *
 * @example
 * ```ts
 * const managerOn = (tabs: TabHub) => createSessionManager({ client, tabs });
 * ```
 */
export interface TabHub {
  /**
   * The constructor the channel is made with: `undefined` when there is none, while one
   * that throws shows only on `open`.
   */
  readonly Channel: BroadcastChannelConstructor | undefined;
  /**
   * Opens a link on `topic`. The first link opens the channel and the last one closed
   * closes it; a link opened after that opens a new one.
   */
  open<Message extends object>(
    topic: string,
    read: (fields: Record<string, unknown>) => Message | undefined,
    onMessage: (message: Message) => void,
  ): TabLink<Message>;
}

const NAMESPACE = 'vault-session-kit';

/**
 * The one way the kit talks across tabs, for the session, the keep-alive and the leader
 * election alike: one `BroadcastChannel` named `name` (default: the kit's name,
 * `vault-session-kit`), opened by the first link and shared by topic. A session has one
 * hub, so a tab opens one channel for everything the session says; a page with two
 * sessions has two, each with a channel object of its own (a channel never hears what it
 * posts itself). Every message goes out in the kit's envelope (`ns`, `v`, `topic`), and one
 * comes in only when it is in that envelope, from this origin, on the link's topic, and
 * `read` accepts its fields: a message of another library, of an older kit (which names no
 * topic) or of a stand-in from elsewhere is dropped before anything sees it. `Channel` is
 * the constructor of the caller's resolved environment (`resolveEnvironment`); a missing
 * or throwing one gives links that are not `connected`.
 */
export function createTabHub(
  Channel: BroadcastChannelConstructor | undefined,
  name = NAMESPACE,
): TabHub {
  let channel: BroadcastChannelLike | undefined;
  const links = new Set<(fields: Record<string, unknown>) => void>();
  const receive = (event: MessageEvent): void => {
    const fields = openEnvelope(event.data);
    // A link closed while a message is handed round leaves the set, and is not handed it.
    if (fields && sameOrigin(event)) for (const deliver of links) deliver(fields);
  };
  return {
    Channel,
    open(topic, read, onMessage) {
      if (!links.size && Channel) {
        try {
          channel = new Channel(name);
          channel.addEventListener('message', receive);
        } catch {
          // Blocked by policy or broken: single-tab mode.
          channel = undefined;
        }
      }
      const deliver = (fields: Record<string, unknown>): void => {
        const message = fields.topic === topic && read(fields);
        if (message) onMessage(message);
      };
      links.add(deliver);
      return {
        connected: !!channel,
        post(message) {
          try {
            if (links.has(deliver))
              channel?.postMessage({ ...message, ns: NAMESPACE, v: 1, topic });
          } catch {
            // A closed or broken channel (page teardown) only costs the other tabs an update.
          }
        },
        close() {
          // The last link closes the channel, once.
          if (!links.delete(deliver) || links.size) return;
          // A closed channel delivers nothing more, so the listener goes with it.
          try {
            channel?.close();
          } catch {
            // Already closed.
          }
          channel = undefined;
        },
      };
    },
  };
}

/**
 * The fields of a message in the kit's envelope, or `undefined` for anything else.
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
