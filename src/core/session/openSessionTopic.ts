import type { TabHub, TabLink } from '../createTabHub';
import { parseSessionRecord, toStoredRecord } from './parseSessionRecord';
import type { SessionRecord } from './types';

const MAX_TAG = 128;
/**
 * The topic of the session's own messages on its tab channel; its keep-alive's topics are
 * named after the keep-alive's `channelName`.
 */
export const SESSION_TOPIC = 'session';

/**
 * A message between tabs of one origin.
 *
 * - `hello`: a tab without a session asks whether another tab has one.
 * - `session`: the hand-off, either the answer to a `hello` (`to` names the asking tab) or
 *   the news that a tab signed in or started or stopped a delegation. The only message that
 *   carries session IDs; never a password.
 * - `signed-out`: the user signed out; every tab clears its session (and, with `forget`, the
 *   user name it keeps for the next sign-in). No session ID, no user.
 * - `expired`: the session tagged `key` reached its cap or became invalid. No session ID.
 */
export type TabMessage =
  | { readonly type: 'hello'; readonly from: string }
  | {
      readonly type: 'session';
      readonly from: string;
      readonly to?: string;
      readonly record: SessionRecord;
    }
  | {
      readonly type: 'signed-out';
      readonly from: string;
      readonly reason?: 'inactive';
      readonly forget?: true;
    }
  | {
      readonly type: 'expired';
      readonly from: string;
      readonly key: string;
      readonly reason: 'expired' | 'invalid-session';
    };

/**
 * The cross-tab link of one session manager.
 */
export interface TabChannel {
  /** False when no `BroadcastChannel` could be opened: the manager then works alone. */
  readonly connected: boolean;
  post(message: TabMessage): void;
  close(): void;
}

/**
 * The session's topic on the tab hub `hub`: incoming messages read by
 * {@link readTabMessage}, a hand-off posted with its record as it is stored
 * ({@link toStoredRecord}), which the tabs of every release read alike.
 */
export function openSessionTopic(
  hub: TabHub,
  onMessage: (message: TabMessage) => void,
): TabChannel {
  // Posted in its stored form, which differs from the TabMessage read back.
  const link: TabLink<object> = hub.open(SESSION_TOPIC, readTabMessage, onMessage);
  return {
    connected: link.connected,
    post: (message) =>
      link.post(
        message.type === 'session'
          ? { ...message, record: toStoredRecord(message.record) }
          : message,
      ),
    close: link.close,
  };
}

/**
 * The {@link TabMessage} that the fields of a message on the session's topic make, or
 * `undefined` when they make none.
 */
export function readTabMessage(raw: Record<string, unknown>): TabMessage | undefined {
  if (!isTag(raw.from)) return undefined;
  const from = raw.from;
  switch (raw.type) {
    case 'hello':
      return { type: 'hello', from };
    case 'signed-out':
      return {
        type: 'signed-out',
        from,
        ...(raw.reason === 'inactive' && { reason: 'inactive' }),
        ...(raw.forget === true && { forget: true }),
      };
    case 'expired':
      if (!isTag(raw.key) || (raw.reason !== 'expired' && raw.reason !== 'invalid-session')) {
        return undefined;
      }
      return { type: 'expired', from, key: raw.key, reason: raw.reason };
    case 'session': {
      const record = parseSessionRecord(raw.record);
      if (!record) return undefined;
      if (raw.to === undefined) return { type: 'session', from, record };
      return isTag(raw.to) ? { type: 'session', from, to: raw.to, record } : undefined;
    }
    default:
      return undefined;
  }
}

function isTag(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_TAG;
}
