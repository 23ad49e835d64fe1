import {
  END_LENT_HEADER,
  FRAMED_HEADER,
  KIT_HEADER,
  MAX_SESSION_MS,
  SESSION_COOKIES,
  SESSION_HEADER,
} from '../core/kitWire';
import type { CheckedSessionOptions } from './checkProxyOptions';
import { createCredentialScanner } from './createCredentialScanner';
import { createMemo } from './createMemo';
import { createSessionSealer, type SealedSession, type SealedVault } from './createSessionSealer';
import { ProxyRefusal } from './ProxyRefusal';
import type { ProxyTarget } from './ProxyTarget';
import { parseJsonObject } from './parseJsonObject';
import { readContentType } from './readContentType';

/**
 * Which of the two session cookies: the user's own session, or the one acting on behalf of
 * another user.
 */
export type SessionKind = 'own' | 'delegated';

/**
 * What the proxy does with the session cookies for one forwarded call, decided before it
 * goes upstream.
 */
export interface SessionPlan {
  /** The `Authorization` to add upstream: the sid of a cookie that opened, for its own vault. */
  readonly authorization: string | undefined;
  /** The answer is a login answer, sealed into this cookie. */
  readonly seals: SessionKind | undefined;
  /** Delegated login: the request's form names the delegator, so a copy of it is kept. */
  readonly keepsForm: boolean;
  /** The `{dns}` of a vault call. */
  readonly dns: string | undefined;
  /** The session a delegated login was asked with, to look up where the new one lives. */
  readonly actor: string | undefined;
  /**
   * The deadline of the own session a delegated login was asked with: the vault ends a
   * delegated session with the session that started it, so its cookie ends then too.
   */
  readonly actorDeadline: number | undefined;
  /** The tag of the own session a delegated login was asked with, sealed with the new one. */
  readonly actorTag: string | undefined;
  /** The API version of the call's path (`v26.1`). */
  readonly version: string | undefined;
  /** `Set-Cookie` values the answer carries whatever it says. */
  readonly cookies: readonly string[];
  /** The session whose cookie authorised the call, for the session's own vault. */
  readonly session: SealedSession | undefined;
  /** Sessions a successful login of this call replaces: ended at their vaults once sealed. */
  readonly replaces: readonly SealedSession[];
  /** Clears of the landed copies of the sessions a successful login replaces. */
  readonly replacedCopies: readonly string[];
  /** The call ends the session it uses (sign-out). */
  readonly endsSession: boolean;
  /** The user asked for a lent session to end at its vault too (`X-Vault-End-Lent: 1`). */
  readonly endsLent: boolean;
  /**
   * The login's answer comes to a cross-site navigation (single sign-on's return), which
   * brings no `SameSite=Strict` cookie: its session is sealed into a landed cookie of its own
   * rather than the own one, and replaces the sessions the browser holds when its next
   * same-origin call brings that cookie.
   */
  readonly lands: boolean;
  /**
   * The call comes from the app in a frame (`X-Vault-Framed: 1`, a vault's web tab): a
   * session it opens is kept in a partitioned cookie, the only kind a browser keeps in a
   * frame of another site.
   */
  readonly framed: boolean;
}

/**
 * How an answer is passed towards the page in BFF mode, decided once from its headers:
 * `pass` (a binary document, streamed untouched), `read` (read whole, inspected, and
 * rewritten or refused), `scan` (read as far as {@link MAX_SMALL_ANSWER_BYTES}, then
 * streamed, inspected as it goes, cut where a credential begins) or `refuse` (it cannot be
 * inspected: a body left compressed, or in a character set whose bytes do not spell ASCII).
 */
export type AnswerHandling = 'pass' | 'read' | 'scan' | 'refuse';

/**
 * What {@link SessionRules.handling} reads of an upstream answer, and of the call it answers.
 */
export interface UpstreamAnswer {
  /** The request's method: the answer to a `HEAD` has no body. */
  readonly method: string;
  readonly status: number;
  readonly header: (name: string) => string | null | undefined;
  /** The adapter hands the body over already decompressed (fetch). */
  readonly bodyDecoded: boolean;
}

/**
 * What {@link SessionRules.answer} needs besides the answer read.
 */
export interface AnswerCall {
  readonly upstream: UpstreamCall;
  /** Its bytes went through an answer guard as they came: not inspected again. */
  readonly inspected: boolean;
}

/**
 * What {@link SessionRules.seal} needs besides the login's answer read.
 */
export interface LoginAnswerCall extends AnswerCall {
  /** The start of a delegated login's form, which names the delegator. */
  readonly form: Uint8Array | undefined;
  /** The values of the answer's headers that go to the page. */
  readonly headers: readonly string[];
}

/**
 * A call the proxy makes itself, with a session, for a JSON answer: `GET` to learn which
 * vault a delegation is in (the delegated login's answer names none), `DELETE` to end a
 * session whose cookie it replaces or clears.
 */
export type UpstreamCall = (
  method: 'GET' | 'DELETE',
  host: string,
  path: string,
  authorization: string,
) => Promise<unknown>;

/**
 * What {@link SessionRules.handOff} reaches beyond the request: the vault (a raw fetch, its
 * answer's headers say which vault and user), the calls that end a replaced session, and
 * the proxy's host rule.
 */
export interface HandOffCall {
  readonly fetchUpstream: (request: Request) => Promise<Response>;
  readonly upstream: UpstreamCall;
  /** The proxy's allow list of vault hosts. */
  readonly isAllowedHost: (host: string) => boolean;
  readonly timeoutMs: number;
}

/**
 * An answer read in BFF mode, as it goes towards the page, and the cookies it sets.
 */
export interface ReadAnswer {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly cookies: readonly string[];
  /**
   * For a sealed login: ends its session in the background, for an adapter that finds the
   * page gone and the cookie undeliverable.
   */
  readonly abandon?: () => void;
}

/**
 * One answer the proxy gives itself.
 */
export interface SessionAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly cookies: readonly string[];
}

/**
 * The rules of backend-for-frontend mode, shared by both adapters: which cookie a call
 * uses, where `Authorization` is added, which answers are read (login answers, and a
 * failure that may say the session has ended) and what they turn into.
 */
export interface SessionRules {
  /** The who-am-I route's full path. */
  readonly path: string;
  /**
   * The hand-off route's full path (`{path}/web-tab`): a page opened as a vault's web tab
   * posts the session the vault handed it, once, and the proxy seals it.
   */
  readonly handOffPath: string;
  /** Refuses a state-changing call that lacks `X-Vault-Kit: 1` (and carries no `Authorization` of its own). */
  checkCsrf(method: string, header: (name: string) => string | null | undefined): void;
  /** Who-am-I (`GET`) or forget-me (`DELETE`, which ends both sessions at their vaults). */
  whoAmI(
    method: string,
    header: (name: string) => string | null | undefined,
    upstream: UpstreamCall,
  ): Promise<SessionAnswer>;
  /**
   * The hand-off (`POST {path}/web-tab`): the form's `session_id`, a session the vault
   * `vault_dns` handed to the page in its web tab, checked with that vault ("Validate
   * Session User") and sealed into a partitioned cookie; the page reads who and where, never
   * the ID. Needs `Origin` (checked by the origin rule) and `X-Vault-Kit: 1` whatever the
   * request carries.
   */
  handOff(
    form: string,
    header: (name: string) => string | null | undefined,
    call: HandOffCall,
  ): Promise<SessionAnswer>;
  /**
   * Opens the cookies and decides what the call carries: at once when every cookie the call
   * brings was opened before (each call after a cookie's first), else once they are opened.
   */
  plan(
    target: ProxyTarget,
    header: (name: string) => string | null | undefined,
    upstream: UpstreamCall,
  ): SessionPlan | Promise<SessionPlan>;
  /**
   * The plan of a login answered to single sign-on's return ({@link SessionPlan.lands}): it
   * reads no cookie and replaces nothing there, since the navigation brings none of the
   * browser's sessions.
   */
  landing(target: ProxyTarget): SessionPlan;
  /** How the answer goes towards the page. */
  handling(plan: SessionPlan, answer: UpstreamAnswer): AnswerHandling;
  /**
   * The answer that was read, as passed on, and the cookies it carries, for a call that
   * seals nothing (`plan.seals` unset): decided at once, with no wait. Throws the
   * `PROXY_CREDENTIAL_WITHHELD` refusal for an answer that holds a credential.
   */
  answer(plan: SessionPlan, body: Uint8Array<ArrayBuffer>, call: AnswerCall): ReadAnswer;
  /**
   * A login's answer (`plan.seals` set): its session sealed into a cookie and taken out of
   * the body, or, for a failed login, as {@link SessionRules.answer} passes it. Throws the
   * `PROXY_CREDENTIAL_WITHHELD` refusal for an answer that holds a credential it does not seal,
   * in its body or in a header that goes to the page, and for one that is not a JSON object.
   */
  seal(
    plan: SessionPlan,
    body: Uint8Array<ArrayBuffer>,
    call: LoginAnswerCall,
  ): Promise<ReadAnswer>;
  /**
   * The refusal for an answer that carries a credential towards the page, or that cannot
   * be read for one (`why` says which).
   */
  withheld(why?: string): ProxyRefusal;
  /**
   * Ends, in the background, an own session the proxy opened but does not keep (a single
   * sign-on that landed in another vault than the one asked for).
   */
  end(session: { readonly sid: string; readonly dns: string }, upstream: UpstreamCall): void;
}

/**
 * Largest answer the proxy reads whole (login answers, failures): the service's are far
 * smaller, and a bigger one is refused rather than held.
 */
export const MAX_READ_ANSWER_BYTES = 1024 * 1024;

/**
 * How much of an inspected answer is read before its head is sent: an answer that ends
 * within it can still be refused in the service's shape; a longer one streams on, inspected
 * as it goes, and is cut where a credential begins.
 */
export const MAX_SMALL_ANSWER_BYTES = 16 * 1024;

/**
 * Largest start of a delegated-login form kept to learn the delegator from.
 */
export const MAX_KEPT_FORM_BYTES = 16 * 1024;

const VAULT_UNKNOWN = {
  responseStatus: 'FAILURE',
  errors: [
    {
      type: 'PROXY_SESSION_VAULT_UNKNOWN',
      message:
        'The login answer names no vault the proxy can keep the session for; the session was not kept.',
    },
  ],
};
const COOKIE: Record<SessionKind, string> = SESSION_COOKIES;
// A session single sign-on's return sealed, waiting for the browser's next same-origin call
// (`SameSite=Strict` like the own cookie): one cookie per sign-in, named by its session's
// tag, so that two returns landing close together each keep theirs.
const LANDED_PREFIX = '__Host-vault-landed-';
const ATTRIBUTES = 'HttpOnly; Secure; SameSite=Strict; Path=/';
// A web tab is a frame of the vault's site: a `SameSite=Strict` cookie never reaches it, and
// browsers keep a third-party cookie only when it is partitioned by the top-level site
// (CHIPS). Cross-site request forgery stays stopped by the kit's header and the origin check.
const PARTITIONED_ATTRIBUTES = 'HttpOnly; Secure; SameSite=None; Partitioned; Path=/';
const HAND_OFF_FORM_BYTES = 4 * 1024;
const HAND_OFF_DNS =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Ends a session whose login named no version (OAuth); every version serves the call.
const END_SESSION_VERSION = 'v26.1';
const OPENED_CACHE_SIZE = 1000;
const NO_VAULT_TO_END =
  'vault proxy: a login answer named no vault, so the session it opened could not be ended there; it lasts until the vault times it out.';
const CARRIED_CREDENTIAL =
  'The answer carried a session credential, which a proxy in session (BFF) mode never passes to the page.';
const UNREADABLE_LOGIN =
  "The vault's answer to a sign-in was not a JSON object, so the session it may hold could not be sealed; a proxy in session (BFF) mode does not pass it to the page.";
// Of a sealed value's end: its AES-GCM tag (22 base64url characters) and some ciphertext.
const OPENED_KEY_LENGTH = 32;
const BINARY_TYPES = new Set([
  'application/octet-stream',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/msword',
  'application/postscript',
]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const NO_SESSIONS: readonly (SealedSession | undefined)[] = [];
const NO_CLEARS: readonly string[] = [];
const NONE_REPLACED: readonly SealedSession[] = [];
// The kit's headers as `header()` looks them up (lower case): every call reads some.
const KIT_NAME = KIT_HEADER.toLowerCase();
const SESSION_NAME = SESSION_HEADER.toLowerCase();
const END_LENT_NAME = END_LENT_HEADER.toLowerCase();
const FRAMED_NAME = FRAMED_HEADER.toLowerCase();

/** What the proxy needs to end a session at its vault. */
// What a session cookie may spend on the user's vaults: with the session's own fields and the
// sealing's overhead the cookie stays well under the 4 KB browsers keep.
const MAX_SEALED_VAULTS_CHARS = 1_500;

type EndableSession = Pick<SealedSession, 'sid' | 'dns' | 'kind' | 'version' | 'lent'>;

// Whether a sign-out asks for a lent session to end at its vault as well.
function asksToEndLent(header: (name: string) => string | null | undefined): boolean {
  return header(END_LENT_NAME) === '1';
}

/** A landed cookie of a request, opened. */
interface LandedCookie {
  readonly name: string;
  readonly value: string;
  readonly session: SealedSession;
}

/** What the two cookies of a request hold, once opened and checked. */
interface HeldSessions {
  readonly own: SealedSession | undefined;
  readonly delegated: SealedSession | undefined;
  /** Clears of cookies that did not hold a usable session. */
  readonly cookies: readonly string[];
  /**
   * Clears of the landed copies of the own session that the call keeps (see
   * `loginWindowMs`): a call that ends or replaces the own session sends them too.
   */
  readonly ownCopies: readonly string[];
  /** The same for the delegated session. */
  readonly delegatedCopies: readonly string[];
}

/**
 * Builds the {@link SessionRules} from checked settings. `warn` hears of a session the proxy
 * could not end at its vault (never its ID).
 */
export function createSessionRules(
  settings: CheckedSessionOptions,
  warn: (message: string) => void = () => undefined,
): SessionRules {
  const sealer = createSessionSealer(settings.secrets);
  const { now } = settings;
  // A browser sends the same cookie with every call: what opened once is kept (only what
  // opened, so made-up values cannot fill it), the oldest first out. The deadline and kind
  // are checked on every call all the same.
  // Filed under the value's last characters (its authentication tag), and found only when
  // the whole value is the same: a lookup then hashes a few characters, not the whole cookie,
  // which each request brings as a new string.
  const opened = new Map<string, { readonly value: string; readonly session: SealedSession }>();
  const keyOf = (value: string): string => value.slice(-OPENED_KEY_LENGTH);
  const knownOpened = (value: string): SealedSession | undefined => {
    const entry = opened.get(keyOf(value));
    return entry?.value === value ? entry.session : undefined;
  };
  const openValue = async (value: string): Promise<SealedSession | undefined> => {
    const known = knownOpened(value);
    if (known !== undefined) return known;
    const session = await sealer.open(value);
    if (session === undefined) return undefined;
    const key = keyOf(value);
    if (!opened.has(key) && opened.size >= OPENED_CACHE_SIZE)
      opened.delete(opened.keys().next().value as string);
    opened.set(key, { value, session });
    return session;
  };

  // A session the proxy lets go of is ended at its vault first: no cookie is replaced or
  // cleared while the vault session it held lives on out of everyone's reach. In the
  // background: the user's answer never waits on it.
  const tell = (message: string): void => {
    try {
      warn(message);
    } catch {
      // A failing logger changes nothing.
    }
  };
  const retire = (
    sessions: readonly (EndableSession | undefined)[],
    upstream: UpstreamCall,
    endLent = false,
  ) => {
    for (const session of sessions) {
      // A session lent by a vault's web tab stays the vault's: the window around the app
      // ends it, never the proxy, unless the user asked to sign out of the vault too.
      if (session === undefined || (session.lent && !endLent)) continue;
      const version = session.version ?? END_SESSION_VERSION;
      const failed = (why: string): void =>
        tell(
          `vault proxy: a ${session.kind} session at ${session.dns} that the proxy let go of could not be ended there (${why}).`,
        );
      upstream('DELETE', session.dns, `/api/${version}/session`, session.sid).then(
        (answer) => {
          const status = (answer as { responseStatus?: unknown } | null)?.responseStatus;
          if (status !== 'SUCCESS' && !isInvalidSession(answer))
            failed(`it answered ${String(status)}`);
        },
        () => failed('it could not be reached'),
      );
    }
  };

  // Both cookies, opened. One that does not open, or opens to the other kind or past its
  // deadline, is as good as absent, and is cleared (a session it still names is ended). A
  // delegated session lives only as long as its actor's: without a usable own cookie, the
  // delegated one is cleared and its session ended too. Values opened before (every call
  // after a cookie's first) come from the cache, with no decryption and no wait. A landed
  // sign-in is settled first, whatever the call.
  const hold = (
    header: (name: string) => string | null | undefined,
    upstream: UpstreamCall,
  ): HeldSessions | Promise<HeldSessions> => {
    const values = readCookies(header('cookie'));
    const own = values.own === undefined ? undefined : knownOpened(values.own);
    const delegated = values.delegated === undefined ? undefined : knownOpened(values.delegated);
    // A landed copy of the own session is the own cookie's value: known as soon as it is.
    const landed =
      values.landed.length === 0
        ? NO_SESSIONS
        : values.landed.map(([, value]) => knownOpened(value));
    if (
      !landed.includes(undefined) &&
      (own === undefined) === (values.own === undefined) &&
      (delegated === undefined) === (values.delegated === undefined)
    ) {
      return keep(values, own, delegated, landed, upstream);
    }
    const openIf = (value: string | undefined) =>
      value === undefined ? undefined : openValue(value);
    return Promise.all([
      own ?? openIf(values.own),
      delegated ?? openIf(values.delegated),
      Promise.all(values.landed.map(([, value]) => openValue(value))),
    ]).then(([openedOwn, openedDelegated, landed]) =>
      keep(values, openedOwn, openedDelegated, landed, upstream),
    );
  };
  const keep = (
    values: CookieValues,
    own: SealedSession | undefined,
    delegated: SealedSession | undefined,
    landed: readonly (SealedSession | undefined)[],
    upstream: UpstreamCall,
  ): HeldSessions => {
    // One moment for the whole call: its cookies are judged against the same clock.
    const at = now();
    const isUsable = (kind: SessionKind, session: SealedSession | undefined) =>
      session !== undefined && session.kind === kind && session.deadline > at;
    // Nearly every call: usable cookies and no landed sign-in, so nothing to clear, settle or
    // end (what the rest below comes to for them, without its work).
    if (
      values.landed.length === 0 &&
      isUsable('own', own) &&
      (values.delegated === undefined || isUsable('delegated', delegated))
    ) {
      return { own, delegated, cookies: [], ownCopies: NO_CLEARS, delegatedCopies: NO_CLEARS };
    }
    const cookies: string[] = [];
    const ending: SealedSession[] = [];
    const check = (kind: SessionKind, session: SealedSession | undefined) => {
      // No cookie of this kind: nothing to check or clear.
      if (values[kind] === undefined) return undefined;
      if (isUsable(kind, session)) return session;
      cookies.push(...clearCookies(kind, session));
      if (session !== undefined) ending.push(session);
      return undefined;
    };
    let usableOwn = check('own', own);
    let usableDelegated = check('delegated', delegated);
    if (usableOwn === undefined && usableDelegated !== undefined) {
      cookies.push(...clearCookies('delegated', usableDelegated));
      ending.push(usableDelegated);
      usableDelegated = undefined;
    }
    // The latest sign-in wins, whichever way it came, and every other session is ended: a
    // landed session newer than the own one becomes the own session (the delegated one
    // acted for the old), and one that a later login overtook goes, its cookie with it.
    // A login sent before another's answer reached the browser overwrites the own cookie
    // without having seen it, so the winner's landed cookie stays until no such login can
    // still answer (`loginWindowMs`): a later call then sees both, and ends the older. A
    // delegated login's copy is settled the same way, beside the own session it acts for.
    const byKind: Record<SessionKind, LandedCookie[]> = { own: [], delegated: [] };
    values.landed.forEach(([name, value], index) => {
      const session = landed[index];
      if (session === undefined) cookies.push(...clearLanded(name, undefined));
      else
        byKind[session.kind === 'delegated' ? 'delegated' : 'own'].push({ name, value, session });
    });
    const lose = ({ name, session }: LandedCookie) => {
      cookies.push(...clearLanded(name, session));
      ending.push(session);
    };
    const settle = (
      kind: SessionKind,
      held: SealedSession | undefined,
      fits: (session: SealedSession) => boolean,
    ): { readonly held: SealedSession | undefined; readonly copies: readonly LandedCookie[] } => {
      let newest: LandedCookie | undefined;
      const copies: LandedCookie[] = [];
      for (const entry of byKind[kind]) {
        const { session } = entry;
        if (session.tag === held?.tag) copies.push(entry);
        else if (!isUsable(kind, session) || session.lent || !fits(session)) lose(entry);
        // On a tie, the later cookie: a browser sends the older first.
        else if (newest === undefined || session.createdAt >= newest.session.createdAt) {
          if (newest !== undefined) lose(newest);
          newest = entry;
        } else lose(entry);
      }
      if (newest === undefined) return { held, copies };
      if (held !== undefined && newest.session.createdAt < held.createdAt) {
        lose(newest);
        return { held, copies };
      }
      // The newest takes the cookie; the session it held ends, its copies with it.
      for (const copy of copies) cookies.push(...clearLanded(copy.name, copy.session));
      if (held !== undefined) {
        ending.push(held);
        // Overwritten below; a cookie partitioned otherwise is another cookie.
        if (isPartitioned(held) !== isPartitioned(newest.session)) {
          cookies.push(...clearCookies(kind, held));
        }
      }
      cookies.push(
        sessionCookie(
          COOKIE[kind],
          newest.value,
          newest.session.deadline - at,
          isPartitioned(newest.session),
        ),
      );
      return { held: newest.session, copies: [newest] };
    };
    const settledOwn = settle('own', usableOwn, () => true);
    if (settledOwn.held !== usableOwn && usableDelegated !== undefined) {
      // The delegated session acted for the own one just replaced.
      ending.push(usableDelegated);
      cookies.push(...clearCookies('delegated', usableDelegated));
      usableDelegated = undefined;
    }
    usableOwn = settledOwn.held;
    const actor = usableOwn?.tag;
    const settledDelegated = settle(
      'delegated',
      usableDelegated,
      (session) => actor !== undefined && session.actor === actor,
    );
    usableDelegated = settledDelegated.held;
    const kept = (copies: readonly LandedCookie[]) => {
      const clears: string[] = [];
      for (const { name, session } of copies) {
        const clear = clearLanded(name, session);
        if (at - session.createdAt >= settings.loginWindowMs) cookies.push(...clear);
        else clears.push(...clear);
      }
      return clears;
    };
    const ownCopies = kept(settledOwn.copies);
    const delegatedCopies = kept(settledDelegated.copies);
    if (ending.length > 0) retire(ending, upstream);
    return { own: usableOwn, delegated: usableDelegated, cookies, ownCopies, delegatedCopies };
  };

  return {
    path: settings.path,
    handOffPath: `${settings.path}/web-tab`,

    async handOff(form, header, { fetchUpstream, upstream, isAllowedHost, timeoutMs }) {
      // The page's own origin only (the origin rule has checked any Origin sent), and the
      // kit's header whatever else comes: a cross-site form can send neither.
      if (!header('origin') || header(KIT_NAME) !== '1') {
        throw new ProxyRefusal(
          403,
          'PROXY_CSRF_HEADER_MISSING',
          "The web-tab hand-off needs the page's Origin and the header X-Vault-Kit: 1.",
        );
      }
      if (form.length > HAND_OFF_FORM_BYTES) {
        throw new ProxyRefusal(413, 'PROXY_PAYLOAD_TOO_LARGE', 'The hand-off form is too large.');
      }
      const fields = new URLSearchParams(form);
      const sid = fields.get('session_id') ?? '';
      const dns = (fields.get('vault_dns') ?? '').toLowerCase();
      const headers = {
        'content-type': 'application/json;charset=UTF-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      };
      const failure = (type: string, message: string): SessionAnswer => ({
        status: 200,
        headers,
        body: JSON.stringify({ responseStatus: 'FAILURE', errors: [{ type, message }] }),
        cookies: [],
      });
      if (!HAND_OFF_DNS.test(dns) || !isAllowedHost(dns)) {
        throw new ProxyRefusal(
          400,
          'PROXY_HOST_NOT_ALLOWED',
          'The vault that handed the session over is not on the allow list (allowHosts).',
        );
      }
      if (!isSessionIdShape(sid)) {
        return failure('INVALID_SESSION_ID', 'The session the vault handed over is malformed.');
      }
      // The vault's own answer says who the session is and in which vault.
      let answer: Response;
      try {
        answer = await fetchUpstream(
          new Request(`https://${dns}/api/${END_SESSION_VERSION}/objects/users/me`, {
            headers: { authorization: sid, accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
            redirect: 'manual',
          }),
        );
      } catch {
        throw new ProxyRefusal(
          502,
          'PROXY_UPSTREAM_UNREACHABLE',
          `The vault ${dns} could not be reached to check the session it handed over.`,
        );
      }
      const vaultId = Number(answer.headers.get('x-vaultapi-vaultid'));
      const text = answer.status === 200 ? await answer.text().catch(() => '') : '';
      const body = parseJsonObject(encoder.encode(text));
      const entry: unknown = Array.isArray(body?.users) ? body.users[0] : undefined;
      const user = (entry as { user?: { id?: unknown; user_name__v?: unknown } } | undefined)?.user;
      if (isInvalidSession(body)) {
        return failure('INVALID_SESSION_ID', 'The vault refused the session it handed over.');
      }
      if (
        body?.responseStatus !== 'SUCCESS' ||
        typeof user?.id !== 'number' ||
        !Number.isSafeInteger(vaultId) ||
        vaultId <= 0
      ) {
        throw new ProxyRefusal(
          502,
          'PROXY_UPSTREAM_UNREACHABLE',
          `The vault ${dns} did not say whose session it handed over.`,
        );
      }
      const held = await hold(header, upstream);
      const createdAt = now();
      // The vault knows when its session began; the proxy does not, and caps it as a new one:
      // the vault's own 48 hours end it first, and the kit hears INVALID_SESSION_ID then.
      const deadline = createdAt + MAX_SESSION_MS;
      const tag = await sealer.tag(sid);
      const sealed: SealedSession = {
        v: 1,
        sid,
        dns,
        kind: 'own',
        userId: user.id,
        vaultId,
        createdAt,
        deadline,
        tag,
        version: END_SESSION_VERSION,
        lent: true,
      };
      const username =
        typeof user.user_name__v === 'string' && user.user_name__v.length <= 1_024
          ? user.user_name__v
          : undefined;
      const page = encoder.encode(
        JSON.stringify({
          responseStatus: 'SUCCESS',
          userId: user.id,
          vaultId,
          vaultIds: [{ id: vaultId, name: dns, url: `https://${dns}/api` }],
          sessionTag: tag,
          sessionDeadline: deadline,
          ...(username === undefined ? {} : { username }),
        }),
      );
      // Built by the proxy, checked all the same: no answer carries a credential out.
      if (createCredentialScanner([sid]).scan(page)) {
        throw this.withheld();
      }
      // The sessions this replaces end as any replaced session does (a lent one stays).
      const replaced = [held.own, held.delegated].filter(isSession);
      retire(replaced, upstream);
      return {
        status: 200,
        headers,
        body: decoder.decode(page),
        cookies: [
          ...held.cookies,
          ...held.ownCopies,
          ...held.delegatedCopies,
          // A partitioned own cookie is overwritten below; a delegated one is cleared below.
          ...replaced.flatMap((session) =>
            isPartitioned(session) ? [] : [clearCookie(session.kind)],
          ),
          `${COOKIE.own}=${await sealer.seal(sealed)}; ${PARTITIONED_ATTRIBUTES}; Max-Age=${MAX_SESSION_MS / 1000}`,
          clearCookie('delegated', true),
        ],
      };
    },

    checkCsrf(method, header) {
      if (!STATE_CHANGING.has(method)) return;
      // A call that brings its own Authorization uses no cookie: there is nothing to forge.
      if (header('authorization')) return;
      if (header(KIT_NAME) === '1') return;
      throw new ProxyRefusal(
        403,
        'PROXY_CSRF_HEADER_MISSING',
        'State-changing calls through a proxy in session (BFF) mode need the header X-Vault-Kit: 1.',
      );
    },

    async whoAmI(method, header, upstream) {
      const headers = {
        'content-type': 'application/json;charset=UTF-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      };
      if (method !== 'GET' && method !== 'DELETE') {
        throw new ProxyRefusal(405, 'PROXY_BAD_PATH', `The ${method} method is not served here.`);
      }
      const held = await hold(header, upstream);
      if (method === 'DELETE') {
        // Forget-me is a whole sign-out: both sessions end at their vaults, both cookies go.
        // A lent session ends only when the user asked for that, by the kit's own header on
        // a call the CSRF and origin checks have already let through.
        retire([held.own, held.delegated], upstream, asksToEndLent(header));
        return {
          status: 200,
          headers,
          body: JSON.stringify({ own: null, delegated: null }),
          cookies: [
            // Landed sign-ins cleared: their sessions are the held ones now, or ended.
            ...held.cookies,
            ...held.ownCopies,
            ...held.delegatedCopies,
            ...clearCookies('own', held.own),
            ...clearCookies('delegated', held.own),
          ],
        };
      }
      return {
        status: 200,
        headers,
        body: JSON.stringify({ own: infoOf(held.own), delegated: infoOf(held.delegated) }),
        cookies: held.cookies,
      };
    },

    landing(target) {
      return planFor(target, false, { seals: 'own', lands: true });
    },

    plan(target, header, upstream) {
      const { call } = target;
      const framed = header(FRAMED_NAME) === '1';
      const plan = (values: PlanValues) => planFor(target, framed, values);
      if (target.route === 'session') return plan({});
      const held = hold(header, upstream);
      return held instanceof Promise ? held.then(decide) : decide(held);

      function decide(held: HeldSessions): SessionPlan {
        const { cookies } = held;
        if (call === 'password-login' || call === 'oauth-login') {
          // A new own session replaces both: the delegated one acted for the old.
          return plan({
            seals: 'own',
            replaces: [held.own, held.delegated].filter(isSession),
            replacedCopies: [...held.ownCopies, ...held.delegatedCopies],
            cookies,
          });
        }
        if (target.route !== 'vault') return plan({ cookies });
        const delegatedLogin = call === 'delegated-login';
        const seals = delegatedLogin ? 'delegated' : undefined;
        const replaces = delegatedLogin && held.delegated !== undefined ? [held.delegated] : [];
        const replacedCopies = delegatedLogin ? held.delegatedCopies : [];
        // Token-mode callers keep working: their own Authorization goes through untouched.
        const own = header('authorization');
        if (own) {
          return plan({
            seals,
            keepsForm: delegatedLogin,
            actor: delegatedLogin ? own : undefined,
            replaces,
            replacedCopies,
            cookies,
          });
        }
        const asked = header(SESSION_NAME)?.trim().toLowerCase();
        // An unknown value picks no session at all, never the wrong one.
        const kind: SessionKind | undefined =
          asked === undefined || asked === '' || asked === 'own'
            ? 'own'
            : asked === 'delegated' && !delegatedLogin
              ? 'delegated'
              : undefined;
        if (kind === undefined)
          return plan({ seals, keepsForm: delegatedLogin, replaces, replacedCopies, cookies });
        const chosen = held[kind];
        const session = chosen?.dns === target.host ? chosen : undefined;
        const endsSession = call === 'end-session' && session !== undefined;
        const endsLent = endsSession && session.lent === true && asksToEndLent(header);
        let answerCookies = cookies;
        if (endsSession) {
          // Sign-out is one call: the delegated session ends with the own one.
          const alsoDelegated = kind === 'own' ? clearCookies('delegated', session) : [];
          // The landed copies go with their sessions.
          const copies =
            kind === 'own' ? [...held.ownCopies, ...held.delegatedCopies] : held.delegatedCopies;
          answerCookies = [...cookies, ...clearCookies(kind, session), ...alsoDelegated, ...copies];
          if (kind === 'own') retire([held.delegated], upstream);
        }
        return plan({
          // Signing out of the app leaves a lent session to the vault that lent it, unless the
          // user asked to end it too: the call goes without its ID, and only the cookie goes.
          authorization: endsSession && session?.lent && !endsLent ? undefined : session?.sid,
          seals,
          keepsForm: delegatedLogin,
          actor: delegatedLogin ? session?.sid : undefined,
          actorDeadline: delegatedLogin ? session?.deadline : undefined,
          actorTag: delegatedLogin ? session?.tag : undefined,
          cookies: answerCookies,
          session,
          replaces,
          replacedCopies,
          endsSession,
          endsLent,
        });
      }
    },

    handling(plan, { method, status, header, bodyDecoded }) {
      // No body by HTTP, nothing to inspect: the headers are checked all the same. (A 205
      // may still come with bytes, which are inspected like any others.)
      if (method === 'HEAD' || status === 204 || status === 304) return 'pass';
      // A login's or a sign-out's answer is read whatever its label: only a document
      // streams through unread, and a session call's answer is never one.
      const session = plan.seals !== undefined || plan.endsSession;
      const label = judgeLabel(header('content-type'));
      if (!session && label.untouched) return 'pass';
      const encoding = header('content-encoding');
      if (!bodyDecoded && encoding && encoding.trim().toLowerCase() !== 'identity') return 'refuse';
      // Session IDs are ASCII, and the inspection reads bytes: a text in another kind of
      // character set (UTF-16, EBCDIC) could hold one that no byte spells.
      if (!label.asciiReadable) return 'refuse';
      return session ? 'read' : 'scan';
    },

    answer(plan, body, { upstream, inspected }) {
      // Read as JSON only for a sign-out. A refusal of the session (`INVALID_SESSION_ID`)
      // leaves the cookie as it is: the answer may land after a newer login's, whose cookie
      // it would clear. The kit's client ends such a session through the session route, and
      // only when the proxy still holds it.
      if (plan.endsSession) {
        const parsed = parseJsonObject(body);
        if (parsed?.responseStatus !== 'SUCCESS' && !isInvalidSession(parsed)) {
          // The cookie goes whatever the vault said; the session must not stay behind alive.
          retire([plan.session], upstream, plan.endsLent);
        }
      }
      if (!inspected && holdsCredential(body, plan)) throw this.withheld();
      return { body, cookies: plan.cookies };
    },

    async seal(plan, body, call) {
      const parsed = plan.seals === undefined ? undefined : parseJsonObject(body);
      // A login's answer that is not a JSON object (an XML rendition, another character
      // set, a page of a gateway) cannot be read for the session it may hold: it is not
      // passed on, whatever a scan of its bytes would find.
      if (parsed === undefined) throw this.withheld(UNREADABLE_LOGIN);
      const field = plan.seals === 'own' ? 'sessionId' : 'delegated_sessionid';
      const sid = parsed.responseStatus === 'SUCCESS' ? (parsed[field] ?? parsed.sessionId) : '';
      // A failed login, or one that names no session, is checked whole like any other answer.
      if (plan.seals === undefined || typeof sid !== 'string' || sid === '') {
        return this.answer(plan, body, { ...call, inspected: false });
      }
      const { form, upstream } = call;
      const cookies = [...plan.cookies];
      const answer = parsed;
      delete answer[field];
      delete answer.sessionId;
      const about =
        plan.seals === 'own'
          ? ownSession(answer, plan.dns)
          : await delegatedSession(form, plan, upstream);
      const version = plan.version ?? END_SESSION_VERSION;
      const rewritten = encoder.encode(JSON.stringify(answer));
      if (
        about === undefined ||
        holdsCredential(rewritten, plan, sid) ||
        call.headers.some((value) => value.includes(sid))
      ) {
        // No vault to keep the session for, or a credential still in what the page would
        // read: the session is ended rather than let go, and the page reads a failure.
        const dns = about?.dns ?? plan.dns;
        if (dns !== undefined) retire([{ sid, dns, kind: plan.seals, version }], upstream);
        else tell(NO_VAULT_TO_END);
        if (about !== undefined) throw this.withheld();
        return { body: encoder.encode(JSON.stringify(VAULT_UNKNOWN)), cookies };
      }
      const createdAt = now();
      const deadline = Math.min(createdAt + MAX_SESSION_MS, plan.actorDeadline ?? Infinity);
      const tag = await sealer.tag(sid);
      const sealed: SealedSession = {
        v: 1,
        sid,
        ...about,
        kind: plan.seals,
        createdAt,
        deadline,
        tag,
        version,
        ...(plan.framed ? { partitioned: true } : {}),
        ...(plan.seals === 'delegated' && plan.actorTag !== undefined
          ? { actor: plan.actorTag }
          : {}),
      };
      const value = await sealer.seal(sealed);
      const set = (name: string) =>
        cookies.push(sessionCookie(name, value, deadline - createdAt, plan.framed));
      if (!plan.lands) set(COOKIE[plan.seals]);
      // Two logins at once from one browser each set the cookie, and the browser keeps one
      // of them: so each also leaves its session in a landed cookie of its own, which the
      // next call settles as it settles single sign-on's return, ending the session that
      // lost. A sign-on's return sets only the landed one; a delegated session's copy needs
      // the own session it acts for.
      if (plan.seals === 'own' || sealed.actor !== undefined) set(`${LANDED_PREFIX}${tag}`);
      if (plan.seals === 'own' && !plan.lands) cookies.push(clearCookie('delegated', plan.framed));
      for (const replaced of plan.replaces) {
        // A replaced session's cookie of the other kind of partitioning is another cookie
        // than the one just set: it is cleared as it was set.
        if (isPartitioned(replaced) !== plan.framed) {
          cookies.push(clearCookie(replaced.kind, !plan.framed));
        }
      }
      cookies.push(...plan.replacedCopies);
      retire(plan.replaces, upstream);
      answer.sessionTag = tag;
      answer.sessionDeadline = deadline;
      return {
        body: encoder.encode(JSON.stringify(answer)),
        cookies,
        abandon: () => retire([sealed], upstream),
      };
    },

    end({ sid, dns }, upstream) {
      retire([{ sid, dns, kind: 'own' }], upstream);
    },

    withheld(why = CARRIED_CREDENTIAL) {
      return new ProxyRefusal(502, 'PROXY_CREDENTIAL_WITHHELD', why);
    },
  };
}

// What a call's plan may set; the vault, API version and frame come from the call itself.
type PlanValues = Partial<Omit<SessionPlan, 'dns' | 'version' | 'framed'>>;

// A call's plan: nothing carried, sealed, replaced or ended but what `values` says. Each
// field is named, with no spread of `values`: every call makes one.
function planFor(target: ProxyTarget, framed: boolean, values: PlanValues): SessionPlan {
  return {
    authorization: values.authorization,
    seals: values.seals,
    keepsForm: values.keepsForm ?? false,
    dns: target.route === 'vault' ? target.host : undefined,
    actor: values.actor,
    actorDeadline: values.actorDeadline,
    actorTag: values.actorTag,
    version: target.version,
    cookies: values.cookies ?? NO_CLEARS,
    session: values.session,
    replaces: values.replaces ?? NONE_REPLACED,
    replacedCopies: values.replacedCopies ?? NO_CLEARS,
    endsSession: values.endsSession ?? false,
    endsLent: values.endsLent ?? false,
    lands: values.lands ?? false,
    framed,
  };
}

function sessionCookie(name: string, value: string, maxAgeMs: number, partitioned = false): string {
  return `${name}=${value}; ${partitioned ? PARTITIONED_ATTRIBUTES : ATTRIBUTES}; Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`;
}

/**
 * The `Set-Cookie` value that removes a session cookie (set partitioned, or not).
 */
export function clearCookie(kind: SessionKind, partitioned = false): string {
  return `${COOKIE[kind]}=; ${partitioned ? PARTITIONED_ATTRIBUTES : ATTRIBUTES}; Max-Age=0`;
}

// Whether a session's cookie is partitioned: a lent one, or one opened in a frame.
function isPartitioned(session: SealedSession): boolean {
  return session.lent === true || session.partitioned === true;
}

// A landed cookie's clear, as it was set (both ways, for a value that did not open).
function clearLanded(name: string, session: SealedSession | undefined): string[] {
  const clear = (partitioned: boolean) =>
    `${name}=; ${partitioned ? PARTITIONED_ATTRIBUTES : ATTRIBUTES}; Max-Age=0`;
  return session === undefined ? [clear(false), clear(true)] : [clear(isPartitioned(session))];
}

// The clear of a cookie as it was set: only a clear with the same attributes reaches a
// partitioned cookie (both go, for a value that did not open).
function clearCookies(kind: SessionKind, session: SealedSession | undefined): string[] {
  return session === undefined
    ? [clearCookie(kind), clearCookie(kind, true)]
    : [clearCookie(kind, isPartitioned(session))];
}

// A session ID the vault could have issued (token68, as the kit's client checks it): no
// other value goes upstream as `Authorization`.
function isSessionIdShape(value: string): boolean {
  return value.length >= 16 && value.length <= 2_048 && /^[A-Za-z0-9._~+/-]+=*$/.test(value);
}

/**
 * The vault a login answer's `vaultId` names in `vaultIds[].url`; a password login may fall
 * back on the vault it was sent to (`dns`). An OAuth answer that names no vault gets no
 * cookie.
 */
export function ownSession(
  answer: Record<string, unknown>,
  dns: string | undefined,
): { dns: string; userId: number; vaultId: number; vaultIds?: readonly SealedVault[] } | undefined {
  const { userId, vaultId, vaultIds } = answer;
  if (typeof userId !== 'number' || typeof vaultId !== 'number') return undefined;
  let named: string | undefined;
  const listed = listedVaults(vaultIds, vaultId);
  if (Array.isArray(vaultIds)) {
    for (const entry of vaultIds as unknown[]) {
      const { id, url } = (entry ?? {}) as { id?: unknown; url?: unknown };
      if (id !== vaultId || typeof url !== 'string') continue;
      try {
        named = new URL(url).hostname.toLowerCase();
      } catch {
        named = undefined;
      }
    }
  }
  const vault = named ?? dns;
  if (vault === undefined) return undefined;
  return { dns: vault, userId, vaultId, ...(listed === undefined ? {} : { vaultIds: listed }) };
}

// The answer's vaults, kept with the session when they are well formed, name the session's
// own vault and are few enough to fit a cookie beside it; otherwise none (the page then
// names only the session's own vault, by its host).
function listedVaults(value: unknown, vaultId: number): readonly SealedVault[] | undefined {
  if (!Array.isArray(value) || !value.some((entry) => entry?.id === vaultId)) return undefined;
  const vaults: SealedVault[] = [];
  for (const entry of value as unknown[]) {
    const { id, name, url } = (entry ?? {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(id) || typeof name !== 'string' || typeof url !== 'string') {
      return undefined;
    }
    vaults.push({ id: id as number, name, url });
  }
  return JSON.stringify(vaults).length <= MAX_SEALED_VAULTS_CHARS ? vaults : undefined;
}

// The delegated-login answer carries only the new session ID; who it acts as and in which
// vault is what the request asked for (the service checked the grant). The vault's host is
// in the actor's list of delegations; without it, the vault the login was asked of.
async function delegatedSession(
  form: Uint8Array | undefined,
  plan: SessionPlan,
  upstream: UpstreamCall,
): Promise<{ dns: string; userId: number; vaultId: number } | undefined> {
  if (plan.dns === undefined) return undefined;
  const fields = new URLSearchParams(form === undefined ? '' : decoder.decode(form));
  const delegator = fields.get('delegator_userid') ?? '';
  const userId = Number(delegator);
  const vaultId = Number(fields.get('vault_id'));
  let dns = plan.dns;
  if (plan.actor !== undefined && plan.version !== undefined) {
    try {
      const list = (await upstream(
        'GET',
        plan.dns,
        `/api/${plan.version}/delegation/vaults`,
        plan.actor,
      )) as { delegated_vaults?: { id?: unknown; dns?: unknown; delegator_userid?: unknown }[] };
      const entry = list?.delegated_vaults?.find(
        (item) => item.id === vaultId && String(item.delegator_userid) === delegator,
      );
      if (typeof entry?.dns === 'string' && entry.dns !== '') dns = entry.dns.toLowerCase();
    } catch {
      // The vault the login was asked of stands in; calls elsewhere get no Authorization.
    }
  }
  return {
    dns,
    userId: Number.isSafeInteger(userId) ? userId : 0,
    vaultId: Number.isSafeInteger(vaultId) ? vaultId : 0,
  };
}

function infoOf(session: SealedSession | undefined) {
  if (session === undefined) return null;
  const { tag, dns, userId, vaultId, createdAt, deadline, vaultIds } = session;
  return {
    sessionTag: tag,
    vaultDns: dns,
    userId,
    vaultId,
    createdAt,
    deadline,
    ...(vaultIds === undefined ? {} : { vaultIds }),
  };
}

function isInvalidSession(answer: unknown): boolean {
  const errors = (answer as { errors?: unknown } | null | undefined)?.errors;
  return (
    Array.isArray(errors) &&
    (errors as unknown[]).some(
      (error) => (error as { type?: unknown } | null)?.type === 'INVALID_SESSION_ID',
    )
  );
}

function isSession(session: SealedSession | undefined): session is SealedSession {
  return session !== undefined;
}

// The same check as a streamed answer gets, with the session IDs the call knows.
function holdsCredential(body: Uint8Array, plan: SessionPlan, sealed?: string): boolean {
  return createCredentialScanner(knownSessionIds(plan, sealed)).scan(body);
}

/**
 * The session IDs a call knows — the one it was made with, a delegated login's actor, one
 * just sealed — which no answer may carry towards the page.
 */
export function knownSessionIds(plan: SessionPlan, sealed?: string): string[] {
  return [plan.authorization, plan.actor, sealed].filter(
    (sid): sid is string => sid !== undefined && sid !== '',
  );
}

// How an answer's `Content-Type` label is judged: a binary document streams through
// untouched (a download is never held or read by byte), and every other answer, JSON and
// XML, text and untyped, is inspected, which needs a character set in which every ASCII
// character is its own byte. A vault labels its answers with a handful of types, so each
// label is judged once.
interface LabelJudgment {
  readonly untouched: boolean;
  readonly asciiReadable: boolean;
}

const ASCII_READABLE = /^(?:utf-?8|us-ascii|ascii|iso-8859-\d{1,2}|windows-125\d|latin1)$/;
const judgments = createMemo<LabelJudgment>(64);

function judgeLabel(label: string | null | undefined): LabelJudgment {
  return judgments(label ?? '', () => {
    const { essence, charset } = readContentType(label);
    return {
      untouched:
        /^(?:image|audio|video|font|model)\//.test(essence) ||
        (!essence.endsWith('+json') &&
          !essence.endsWith('+xml') &&
          (BINARY_TYPES.has(essence) || essence.startsWith('application/vnd.'))),
      asciiReadable: charset === undefined || ASCII_READABLE.test(charset),
    };
  });
}

/** The session cookies of a request, as sent: the first of each kind, and every landed one. */
interface CookieValues {
  readonly own?: string;
  readonly delegated?: string;
  /** Landed sign-ins, as `[name, value]`. */
  readonly landed: readonly (readonly [string, string])[];
}

// Only the proxy's session cookie names are looked for; their values (base64url) hold no
// `;` or `,`. The first of each counts.
function readCookies(header: string | null | undefined): CookieValues {
  const found: { own?: string; delegated?: string; landed: [string, string][] } = { landed: [] };
  if (!header) return found;
  // Part by part, where a part ends at the next `;` or `,`: every call reads this header.
  let semicolon = -1;
  let comma = -1;
  for (let start = 0; start < header.length; ) {
    if (semicolon < start) semicolon = indexOrEnd(header, ';', start);
    if (comma < start) comma = indexOrEnd(header, ',', start);
    const end = Math.min(semicolon, comma);
    const equals = header.indexOf('=', start);
    if (equals !== -1 && equals < end) {
      const name = header.slice(start, equals).trim();
      const kind =
        name === COOKIE.own ? 'own' : name === COOKIE.delegated ? 'delegated' : undefined;
      if (kind !== undefined) {
        if (found[kind] === undefined) found[kind] = header.slice(equals + 1, end).trim();
      } else if (name.startsWith(LANDED_PREFIX) && name.length > LANDED_PREFIX.length) {
        found.landed.push([name, header.slice(equals + 1, end).trim()]);
      }
    }
    start = end + 1;
  }
  return found;
}

function indexOrEnd(text: string, search: string, from: number): number {
  const index = text.indexOf(search, from);
  return index === -1 ? text.length : index;
}
