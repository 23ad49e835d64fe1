import { isSameSession, type ProxySessionReference } from '../client/SessionReference';
import type { ProxySessions } from '../client/types';
import { VaultConfigError } from '../errors';
import type { TabMessage } from './openSessionTopic';
import { readSessionUsername } from './readSessionUsername';
import { recordFromProxySessions } from './recordFromProxySessions';
import type { SessionClient, SessionRecord } from './types';

/**
 * How a {@link ProxyJoin} ended: with the session to adopt, or without one, the stored
 * record to `forget` (the proxy holds no session) and a setup `error` to show (the proxy
 * could not be asked for want of a session route). `undefined` when the join was over
 * before the answer came (the manager destroyed, or a session arrived meanwhile).
 */
export type ProxyJoinOutcome =
  | { readonly record: SessionRecord; readonly opened?: boolean }
  | {
      readonly record?: undefined;
      readonly forget: boolean;
      readonly error?: VaultConfigError | undefined;
    }
  | undefined;

/**
 * How a tab of BFF mode learns its session: the proxy's cookies say whether one exists, so
 * the tab asks the proxy's session route, and the other tabs only lend details (user name,
 * vault names).
 */
export interface ProxyJoin {
  /** Asks the proxy which sessions the browser holds; resolves with what the join found. */
  run(): Promise<ProxyJoinOutcome>;
  /**
   * Holds a session another tab hands over while the proxy is being asked, for the answer
   * to decide: true if held, false when the proxy is not being asked (adopt it then).
   */
  hold(record: SessionRecord): boolean;
  /** Sees every message of the other tabs: a session ended while asking may be in the answer still. */
  observe(message: TabMessage): void;
}

/**
 * Creates the {@link ProxyJoin} of a session manager. `stored` is the record this tab kept,
 * which lends its details only when it names the session the proxy answers with; `isOver`
 * says when the manager no longer waits for the answer.
 */
export function createProxyJoin({
  client,
  stored,
  maxSessionMs,
  isOver: over,
}: {
  readonly client: SessionClient;
  readonly stored: SessionRecord | undefined;
  readonly maxSessionMs: number;
  readonly isOver: () => boolean;
}): ProxyJoin {
  // While the proxy is being asked, a session another tab hands over waits here, and the
  // answer decides.
  let asking = false;
  let handedOver: SessionRecord | undefined;
  let staleAnswer = false;
  async function run(): Promise<ProxyJoinOutcome> {
    asking = true;
    // A second question only when the first answer may be out of date: a tab handed over a
    // session it did not know, or signed out, while the question was under way.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      staleAnswer = false;
      let sessions: ProxySessions;
      try {
        sessions = await (client.getProxySessions as NonNullable<typeof client.getProxySessions>)();
      } catch (error) {
        asking = false;
        if (over()) return undefined;
        // Without an answer (offline, a fault) the details at hand are used as they are; the
        // first call made with them tells whether the session is still there.
        const fallback = handedOver ?? stored;
        handedOver = undefined;
        if (fallback) return { record: fallback };
        // A setup error (no session route) must reach the developer: the login form shows
        // it, and says it in the console, before anyone signs in.
        return { forget: false, error: error instanceof VaultConfigError ? error : undefined };
      }
      if (over()) {
        asking = false;
        return undefined;
      }
      const own = sessions.own;
      const ownSession: ProxySessionReference | undefined = own
        ? { kind: 'proxy', cookie: 'own', tag: own.sessionTag }
        : undefined;
      if (
        attempt === 0 &&
        (staleAnswer || (handedOver && !isSameSession(handedOver.session, ownSession)))
      ) {
        continue;
      }
      const candidate = handedOver ?? stored;
      let username: string | undefined;
      if (own && ownSession && !isSameSession(candidate?.session, ownSession)) {
        username = await readSessionUsername(client, ownSession, own.vaultDns);
        if (over()) {
          asking = false;
          return undefined;
        }
      }
      asking = false;
      handedOver = undefined;
      const record = recordFromProxySessions(sessions, { candidate, username, maxSessionMs });
      if (!record) return { forget: true };
      // A session none of this tab's details named was opened behind the page (a single
      // sign-on, which a vault switch may be): the other tabs still hold the one it
      // replaced, or none, and follow as after any sign-in.
      return { record, opened: !isSameSession(candidate?.session, record.session) };
    }
    return undefined;
  }

  return {
    run,
    hold(record) {
      if (asking) handedOver = record;
      return asking;
    },
    observe(message) {
      if (asking && (message.type === 'signed-out' || message.type === 'expired')) {
        staleAnswer = true;
        handedOver = undefined;
      }
    },
  };
}
