import { normalizeError, VaultApiError, type VaultError } from '../core/errors';
import { explainInDevelopment } from '../core/explainInDevelopment';
import type { VaultSession } from '../core/session/VaultSession';
import { checkHandedSession } from '../core/webTab/checkHandedSession';
import { readVaultHandOff } from '../core/webTab/readVaultHandOff';
import { scrubUrlSession } from '../core/webTab/scrubUrlSession';
import { getSsoCallbackStore } from '../oidc/getSsoCallbackStore';

const DEFAULT_TIMEOUT_MS = 5_000;
const running = new WeakSet<VaultSession>();

/**
 * The vault web-tab hand-off that {@link vaultWebTab} makes, for `SessionProvider`'s
 * `webTab` prop.
 *
 * @example
 * ```tsx
 * const webTab: VaultWebTab = vaultWebTab({ vaults: ['promomats.sunrise.example'] });
 * <SessionProvider credentials="proxy" config={{ authUrl: '', vaultUrl: '/vault/{dns}' }} webTab={webTab}>
 *   <LoginForm />
 * </SessionProvider>;
 * ```
 */
export interface VaultWebTab {
  /**
   * Called by `SessionProvider` when it creates `session`, before the first render: takes a
   * session ID out of the address, and in a frame marks the sign-in as under way, so that
   * no login form shows while the vault is asked.
   */
  prepare(session: VaultSession): void;
  /**
   * Runs the hand-off for a prepared `session`, once: called by `SessionProvider` when it
   * connects the session.
   */
  start(session: VaultSession): void;
}

/**
 * Lets an app opened as a vault's custom web tab start signed in, without a form, through
 * the service's postMessage hand-off (the tab's "Post Session credentials via Post
 * Message" option). In a frame, the kit sends `{"message_id":"ready","data":{}}` to the
 * parent and accepts the answer `{"message_id":"session_id","data":{"session_id":"…"}}`
 * only from `https://{dns}` of a vault in `vaults` (every other origin and shape is ignored,
 * and development builds say so in the console; `acceptSameOrigin` adds the page's own
 * origin, for the dev stack's stand-in vault page). The service checks the session and its answer
 * decides the user and the vault. In BFF mode the ID goes once to the proxy, which seals
 * it, and the page forgets it. No answer within `timeoutMs` (default 5 s), or a refused
 * session, shows the login form with a message that says why. The session stays the
 * vault's: signing out of the app leaves it alive.
 *
 * A session ID put in the page's URL (the tab's other option) is never used, and goes from
 * the address bar and the history at once; development builds say to switch the tab to
 * the postMessage option.
 *
 * An app that does not pass the result to `SessionProvider` carries none of this code.
 *
 * @example
 * ```tsx
 * const webTab = vaultWebTab({ vaults: ['promomats.sunrise.example'] });
 *
 * <SessionProvider credentials="proxy" config={{ authUrl: '', vaultUrl: '/vault/{dns}' }} webTab={webTab}>
 *   <RequireSession fallback={<LoginForm />}>
 *     <App />
 *   </RequireSession>
 * </SessionProvider>;
 * ```
 */
export function vaultWebTab(options: {
  /** Host names of the vaults whose web tab may hand the app a session. */
  readonly vaults: readonly string[];
  /** How long to wait for the vault's answer before showing the form. Default 5000. */
  readonly timeoutMs?: number;
  /**
   * Also take the hand-off from the page's own origin, where a stand-in vault page frames
   * the app and names its vault in `data.vault_dns` (the dev stack's
   * `/vault/{dns}/ui/web-tab`). Default false. Only for development: with it on, any page of
   * the app's origin that frames the app can hand it a session.
   */
  readonly acceptSameOrigin?: boolean;
}): VaultWebTab {
  const vaults = options.vaults.map((dns) => dns.toLowerCase());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const held = new WeakMap<VaultSession, (error?: VaultError) => void>();
  return {
    prepare(session) {
      if (typeof window === 'undefined' || held.has(session)) return;
      const clean = scrubUrlSession(window.location.href);
      if (clean !== undefined) {
        // Out of the address bar and the history before anything can read or send it.
        window.history.replaceState(window.history.state, '', clean);
        warn(
          () =>
            'A session ID in the page address was removed and not used: set the vault web tab to "Post Session credentials via Post Message".',
        );
      }
      if (window.parent !== window) held.set(session, getSsoCallbackStore(session).hold());
    },

    start(session) {
      const finish = held.get(session);
      if (finish === undefined || running.has(session)) return;
      running.add(session);
      const parent = window.parent;
      const ownOrigin = options.acceptSameOrigin === true ? window.location.origin : undefined;
      const stop = (): void => {
        window.removeEventListener('message', listen);
        session.timers.clearTimeout(timer);
      };
      const listen = (event: MessageEvent): void => {
        const read = readVaultHandOff(event, parent, vaults, ownOrigin);
        if ('ignored' in read) {
          warn(() => `A message to the vault web tab was ignored: ${read.ignored}.`);
          return;
        }
        stop();
        const startedAt = session.now();
        checkHandedSession(session.client, read.session, read.dns)
          .then(({ result, username }) => {
            session.manager.establish(result, { username, startedAt, lent: true });
            finish();
          })
          // A refused session, a fault, or a session destroyed meanwhile: the form says why.
          .catch((error: unknown) => finish(normalizeError(error)));
      };
      const timer = session.timers.setTimeout(() => {
        stop();
        finish(
          new VaultApiError({
            errors: [
              {
                type: 'VAULT_HANDOFF_MISSING',
                message: 'The vault handed over no session in time.',
              },
            ],
            responseStatus: 'FAILURE',
          }),
        );
      }, timeoutMs);
      window.addEventListener('message', listen);
      parent.postMessage({ message_id: 'ready', data: {} }, '*');
    },
  };
}

// Development builds say why in the console; bundlers fold the test and drop the texts.
function warn(text: () => string): void {
  const explained = explainInDevelopment(undefined, () =>
    process.env.NODE_ENV === 'production' ? undefined : text(),
  );
  if (explained !== undefined) console.warn(`vault-session-kit: ${explained}`);
}
