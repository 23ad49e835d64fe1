import { isSameSession, type ProxySessionReference } from '../client/SessionReference';
import type { ProxySessions } from '../client/types';
import { VaultConfigError } from '../errors';
import type { TabMessage } from './createTabChannel';
import { readSessionUsername } from './readSessionUsername';
import { recordFromProxySessions } from './recordFromProxySessions';
import type { SessionCore } from './SessionCore';
import type { SessionRecord } from './types';

/**
 * How a tab of BFF mode learns its session: the proxy's cookies say whether one exists, so
 * the tab asks the proxy's session route, and the other tabs only lend details (user name,
 * vault names).
 */
export interface ProxyJoin {
  /** Asks the proxy which sessions the browser holds, and ends the join with its answer. */
  run(): Promise<void>;
  /** Takes a session another tab hands over: held for the answer while asking, else adopted. */
  adopt(record: SessionRecord): void;
  /** Sees every message of the other tabs: a session ended while asking may be in the answer still. */
  observe(message: TabMessage): void;
}

/**
 * Creates the {@link ProxyJoin} of a session manager. `stored` is the record this tab kept,
 * which lends its details only when it names the session the proxy answers with; `forget`
 * removes it when the proxy holds no session.
 */
export function createProxyJoin(
  core: SessionCore,
  {
    stored,
    maxSessionMs,
    forget,
  }: {
    readonly stored: SessionRecord | undefined;
    readonly maxSessionMs: number;
    readonly forget: () => void;
  },
): ProxyJoin {
  // While the proxy is being asked, a session another tab hands over waits here, and the
  // answer decides.
  let asking = false;
  let handedOver: SessionRecord | undefined;
  let staleAnswer = false;
  // Whether the join is over: the manager destroyed, or a session arrived meanwhile.
  const over = (): boolean => !core.ready() || !core.getState().joining;

  async function run(): Promise<void> {
    asking = true;
    // A second question only when the first answer may be out of date: a tab handed over a
    // session it did not know, or signed out, while the question was under way.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      staleAnswer = false;
      let sessions: ProxySessions;
      try {
        sessions = await (
          core.client.getProxySessions as NonNullable<typeof core.client.getProxySessions>
        )();
      } catch (error) {
        asking = false;
        if (over()) return;
        // Without an answer (offline, a fault) the details at hand are used as they are; the
        // first call made with them tells whether the session is still there.
        const fallback = handedOver ?? stored;
        handedOver = undefined;
        if (fallback) core.adopt(fallback);
        // A setup error (no session route) must reach the developer: the login form shows
        // it, and says it in the console, before anyone signs in.
        else {
          core.dispatch({
            type: 'join-finished',
            error: error instanceof VaultConfigError ? error : undefined,
          });
        }
        return;
      }
      if (over()) {
        asking = false;
        return;
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
        username = await readSessionUsername(core.client, ownSession, own.vaultDns);
        if (over()) {
          asking = false;
          return;
        }
      }
      asking = false;
      handedOver = undefined;
      const record = recordFromProxySessions(sessions, { candidate, username, maxSessionMs });
      if (record) {
        core.adopt(record);
        // A session none of this tab's details named was opened behind the page (a single
        // sign-on, which a vault switch may be): the other tabs still hold the one it
        // replaced, or none, and follow as after any sign-in.
        if (!isSameSession(candidate?.session, record.session)) core.handOff();
      } else {
        forget();
        core.dispatch({ type: 'join-finished' });
      }
      return;
    }
  }

  return {
    run,
    adopt(record) {
      if (asking) handedOver = record;
      else core.adopt(record);
    },
    observe(message) {
      if (asking && (message.type === 'signed-out' || message.type === 'expired')) {
        staleAnswer = true;
        handedOver = undefined;
      }
    },
  };
}
