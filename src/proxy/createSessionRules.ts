import type { CheckedSessionOptions } from './checkProxyOptions';
import { createSessionSealer, type SealedSession } from './createSessionSealer';
import { ProxyRefusal } from './ProxyRefusal';
import type { ProxyTarget } from './ProxyTarget';

/**
 * Which of the two session cookies: the user's own session, or the one acting on behalf of
 * another user.
 *
 * @example
 * ```ts
 * const kind: SessionKind = request.headers.get('x-vault-session') === 'delegated' ? 'delegated' : 'own';
 * ```
 */
export type SessionKind = 'own' | 'delegated';

/**
 * What the proxy does with the session cookies for one forwarded call, decided before it
 * goes upstream.
 *
 * @example
 * ```ts
 * const plan = await rules.session.plan('GET', target, header);
 * if (plan.authorization) headers.authorization = plan.authorization;
 * ```
 */
export interface SessionPlan {
  /** The `Authorization` to add upstream: the sid of a cookie that opened, for its own vault. */
  readonly authorization: string | undefined;
  /** The cookie whose session authorised the call. */
  readonly used: SessionKind | undefined;
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
  /** The API version of the call's path (`v26.1`). */
  readonly version: string | undefined;
  /** `Set-Cookie` values the answer carries whatever it says. */
  readonly cookies: readonly string[];
}

/**
 * A `GET` the proxy makes itself, with a session, for a JSON answer: the delegated login's
 * answer names no vault, so the proxy asks the actor's vault which one the delegation is in.
 *
 * @example
 * ```ts
 * const lookup: UpstreamLookup = (host, path, authorization) =>
 *   fetch(`https://${host}${path}`, { headers: { authorization } }).then((r) => r.json());
 * ```
 */
export type UpstreamLookup = (
  host: string,
  path: string,
  authorization: string,
) => Promise<unknown>;

/**
 * One answer the proxy gives itself.
 *
 * @example
 * ```ts
 * const { status, headers, body, cookies } = await rules.session.whoAmI('GET', header);
 * ```
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
 *
 * @example
 * ```ts
 * const session = createSessionRules(checked.session, '/vault-session');
 * ```
 */
export interface SessionRules {
  /** The who-am-I route's full path. */
  readonly path: string;
  /** Refuses a state-changing call that lacks `X-Vault-Kit: 1` (and carries no `Authorization` of its own). */
  checkCsrf(method: string, header: (name: string) => string | null | undefined): void;
  /** Who-am-I (`GET`) or forget-me (`DELETE`). */
  whoAmI(
    method: string,
    header: (name: string) => string | null | undefined,
  ): Promise<SessionAnswer>;
  /** Opens the cookie the call names and decides what the call carries. */
  plan(
    method: string,
    target: ProxyTarget,
    header: (name: string) => string | null | undefined,
  ): Promise<SessionPlan>;
  /** True when the answer must be read whole before it is passed on. */
  readsAnswer(plan: SessionPlan, header: (name: string) => string | null | undefined): boolean;
  /** The answer that was read, as passed on, and the cookies it carries. */
  answer(
    plan: SessionPlan,
    body: Uint8Array<ArrayBuffer>,
    form: Uint8Array | undefined,
    lookup: UpstreamLookup,
  ): Promise<{ body: Uint8Array<ArrayBuffer>; cookies: readonly string[] }>;
}

/**
 * Largest answer the proxy reads whole (login answers, failures): the service's are far
 * smaller, and a bigger one is refused rather than held.
 *
 * @example
 * ```ts
 * if (length > MAX_READ_ANSWER_BYTES) throw tooLargeToRead;
 * ```
 */
export const MAX_READ_ANSWER_BYTES = 1024 * 1024;

/**
 * Largest start of a delegated-login form kept to learn the delegator from.
 *
 * @example
 * ```ts
 * chunks.push(chunk.slice(0, MAX_KEPT_FORM_BYTES - kept));
 * ```
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
const COOKIE: Record<SessionKind, string> = {
  own: '__Host-vault-session',
  delegated: '__Host-vault-delegated',
};
const ATTRIBUTES = 'HttpOnly; Secure; SameSite=Strict; Path=/';
const SESSION_MS = 48 * 60 * 60 * 1000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PASSWORD_LOGIN = /^\/api\/v[^/]+\/auth$/;
const DELEGATED_LOGIN = /^\/api\/(v[^/]+)\/delegation\/login$/;
const END_SESSION = /^\/api\/v[^/]+\/session$/;
const OAUTH_LOGIN = /^\/auth\/oauth\/session\/[^/]+$/;
const OPENED_CACHE_SIZE = 1000;
// A failure small enough to be a session error, from a service older than X-VaultAPI-Status.
const MAX_UNLABELLED_FAILURE_BYTES = 16 * 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Builds the {@link SessionRules} from checked settings.
 *
 * @example
 * ```ts
 * const session = createSessionRules({ secrets, path: '/vault-session', now: Date.now });
 * ```
 */
export function createSessionRules(settings: CheckedSessionOptions): SessionRules {
  const sealer = createSessionSealer(settings.secrets);
  const { now } = settings;
  // A browser sends the same cookie with every call: what opened once is kept (only what
  // opened, so made-up values cannot fill it), the oldest first out. The deadline and kind
  // are checked on every call all the same.
  const opened = new Map<string, SealedSession>();
  const openValue = async (value: string): Promise<SealedSession | undefined> => {
    const known = opened.get(value);
    if (known !== undefined) return known;
    const session = await sealer.open(value);
    if (session === undefined) return undefined;
    if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value as string);
    opened.set(value, session);
    return session;
  };

  // A cookie that does not open, or opens to the other kind or past its deadline, is as good
  // as absent, and is cleared.
  const open = async (
    header: (name: string) => string | null | undefined,
    kind: SessionKind,
  ): Promise<{ session: SealedSession | undefined; clear: boolean }> => {
    const value = readCookie(header('cookie'), COOKIE[kind]);
    if (value === undefined) return { session: undefined, clear: false };
    const session = await openValue(value);
    if (session === undefined || session.kind !== kind || session.deadline <= now()) {
      return { session: undefined, clear: true };
    }
    return { session, clear: false };
  };

  return {
    path: settings.path,

    checkCsrf(method, header) {
      if (!STATE_CHANGING.has(method)) return;
      // A call that brings its own Authorization uses no cookie: there is nothing to forge.
      if (header('authorization')) return;
      if (header('x-vault-kit') === '1') return;
      throw new ProxyRefusal(
        403,
        'PROXY_CSRF_HEADER_MISSING',
        'State-changing calls through a proxy in session (BFF) mode need the header X-Vault-Kit: 1.',
      );
    },

    async whoAmI(method, header) {
      const headers = {
        'content-type': 'application/json;charset=UTF-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      };
      if (method === 'DELETE') {
        return {
          status: 200,
          headers,
          body: JSON.stringify({ own: null, delegated: null }),
          cookies: [clearCookie('own'), clearCookie('delegated')],
        };
      }
      if (method !== 'GET') {
        throw new ProxyRefusal(405, 'PROXY_BAD_PATH', `The ${method} method is not served here.`);
      }
      const [own, delegated] = await Promise.all([open(header, 'own'), open(header, 'delegated')]);
      const cookies: string[] = [];
      if (own.clear) cookies.push(clearCookie('own'));
      if (delegated.clear) cookies.push(clearCookie('delegated'));
      return {
        status: 200,
        headers,
        body: JSON.stringify({ own: infoOf(own.session), delegated: infoOf(delegated.session) }),
        cookies,
      };
    },

    async plan(method, target, header) {
      const path = withoutQuery(target.path);
      const plan = (values: Partial<SessionPlan>): SessionPlan => ({
        authorization: undefined,
        used: undefined,
        seals: undefined,
        keepsForm: false,
        dns: target.route === 'vault' ? target.host : undefined,
        actor: undefined,
        actorDeadline: undefined,
        version: undefined,
        cookies: [],
        ...values,
      });
      if (target.route !== 'vault') {
        return plan({ seals: method === 'POST' && OAUTH_LOGIN.test(path) ? 'own' : undefined });
      }
      if (method === 'POST' && PASSWORD_LOGIN.test(path)) return plan({ seals: 'own' });
      const version = method === 'POST' ? DELEGATED_LOGIN.exec(path)?.[1] : undefined;
      const delegatedLogin = version !== undefined;
      const seals = delegatedLogin ? 'delegated' : undefined;
      // Token-mode callers keep working: their own Authorization goes through untouched.
      const own = header('authorization');
      if (own) {
        return plan({
          seals,
          keepsForm: delegatedLogin,
          version,
          actor: delegatedLogin ? own : undefined,
        });
      }
      const asked = header('x-vault-session')?.trim().toLowerCase();
      // An unknown value picks no session at all, never the wrong one.
      const kind: SessionKind | undefined =
        asked === undefined || asked === '' || asked === 'own'
          ? 'own'
          : asked === 'delegated' && !delegatedLogin
            ? 'delegated'
            : undefined;
      if (kind === undefined) return plan({ seals, keepsForm: delegatedLogin });
      const opened = await open(header, kind);
      const cookies = opened.clear ? [clearCookie(kind)] : [];
      const session = opened.session?.dns === target.host ? opened.session : undefined;
      if (method === 'DELETE' && END_SESSION.test(path) && session !== undefined) {
        cookies.push(clearCookie(kind));
        if (kind === 'own') cookies.push(clearCookie('delegated'));
      }
      return plan({
        authorization: session?.sid,
        used: session === undefined ? undefined : kind,
        seals,
        keepsForm: delegatedLogin,
        version,
        actor: delegatedLogin ? session?.sid : undefined,
        actorDeadline: delegatedLogin ? session?.deadline : undefined,
        cookies,
      });
    },

    readsAnswer(plan, header) {
      if (!isJson(header('content-type'))) return false;
      if (plan.seals !== undefined) return true;
      if (plan.used === undefined) return false;
      const status = header('x-vaultapi-status');
      if (status !== null && status !== undefined) return status.toUpperCase() === 'FAILURE';
      const length = header('content-length');
      return (
        length !== null && length !== undefined && Number(length) <= MAX_UNLABELLED_FAILURE_BYTES
      );
    },

    async answer(plan, body, form, lookup) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(decoder.decode(body));
      } catch {
        return { body, cookies: plan.cookies };
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return { body, cookies: plan.cookies };
      }
      const answer = parsed as Record<string, unknown>;
      const cookies = [...plan.cookies];
      if (plan.used !== undefined && isInvalidSession(answer)) {
        cookies.push(clearCookie(plan.used));
      }
      if (plan.seals === undefined || answer.responseStatus !== 'SUCCESS') {
        return { body, cookies };
      }
      const field = plan.seals === 'own' ? 'sessionId' : 'delegated_sessionid';
      const sid = answer[field] ?? answer.sessionId;
      if (typeof sid !== 'string' || sid === '') return { body, cookies };
      delete answer[field];
      delete answer.sessionId;
      const about =
        plan.seals === 'own'
          ? ownSession(answer, plan.dns)
          : await delegatedSession(form, plan, lookup);
      if (about === undefined) {
        // No vault to keep the session for (an answer naming none the proxy can place):
        // the ID stays withheld, and the page reads a failure rather than a sign-in that
        // holds no session.
        return { body: encoder.encode(JSON.stringify(VAULT_UNKNOWN)), cookies };
      }
      const createdAt = now();
      const deadline = Math.min(createdAt + SESSION_MS, plan.actorDeadline ?? Infinity);
      const tag = await sealer.tag(sid);
      const sealed: SealedSession = {
        v: 1,
        sid,
        ...about,
        kind: plan.seals,
        createdAt,
        deadline,
        tag,
      };
      cookies.push(setCookie(plan.seals, await sealer.seal(sealed), deadline - createdAt));
      if (plan.seals === 'own') cookies.push(clearCookie('delegated'));
      answer.sessionTag = tag;
      answer.sessionDeadline = deadline;
      return { body: encoder.encode(JSON.stringify(answer)), cookies };
    },
  };
}

/**
 * The `Set-Cookie` value that holds a sealed session until `maxAgeMs` from now.
 *
 * @example
 * ```ts
 * setCookie('own', 'v1.…', 48 * 3_600_000); // '__Host-vault-session=v1.…; HttpOnly; …; Max-Age=172800'
 * ```
 */
export function setCookie(kind: SessionKind, value: string, maxAgeMs: number): string {
  return `${COOKIE[kind]}=${value}; ${ATTRIBUTES}; Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`;
}

/**
 * The `Set-Cookie` value that removes a session cookie.
 *
 * @example
 * ```ts
 * clearCookie('delegated'); // '__Host-vault-delegated=; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=0'
 * ```
 */
export function clearCookie(kind: SessionKind): string {
  return `${COOKIE[kind]}=; ${ATTRIBUTES}; Max-Age=0`;
}

// The vault the answer's vaultId names in vaultIds[].url; a password login may fall back
// on the vault it was sent to. An OAuth answer that names no vault gets no cookie.
function ownSession(
  answer: Record<string, unknown>,
  dns: string | undefined,
): { dns: string; userId: number; vaultId: number } | undefined {
  const { userId, vaultId, vaultIds } = answer;
  if (typeof userId !== 'number' || typeof vaultId !== 'number') return undefined;
  let named: string | undefined;
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
  return vault === undefined ? undefined : { dns: vault, userId, vaultId };
}

// The delegated-login answer carries only the new session ID; who it acts as and in which
// vault is what the request asked for (the service checked the grant). The vault's host is
// in the actor's list of delegations; without it, the vault the login was asked of.
async function delegatedSession(
  form: Uint8Array | undefined,
  plan: SessionPlan,
  lookup: UpstreamLookup,
): Promise<{ dns: string; userId: number; vaultId: number } | undefined> {
  if (plan.dns === undefined) return undefined;
  const fields = new URLSearchParams(form === undefined ? '' : decoder.decode(form));
  const delegator = fields.get('delegator_userid') ?? '';
  const userId = Number(delegator);
  const vaultId = Number(fields.get('vault_id'));
  let dns = plan.dns;
  if (plan.actor !== undefined && plan.version !== undefined) {
    try {
      const list = (await lookup(
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
  const { tag, dns, userId, vaultId, createdAt, deadline } = session;
  return { sessionTag: tag, vaultDns: dns, userId, vaultId, createdAt, deadline };
}

function isInvalidSession(answer: Record<string, unknown>): boolean {
  return (
    Array.isArray(answer.errors) &&
    (answer.errors as unknown[]).some(
      (error) => (error as { type?: unknown } | null)?.type === 'INVALID_SESSION_ID',
    )
  );
}

function isJson(contentType: string | null | undefined): boolean {
  if (contentType === null || contentType === undefined) return false;
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    essence === 'application/json' ||
    (essence.startsWith('application/') && essence.endsWith('+json'))
  );
}

// Only the two cookie names are looked for; their values (base64url) hold no `;` or `,`.
function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/[;,]/)) {
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals).trim() === name) {
      return part.slice(equals + 1).trim();
    }
  }
  return undefined;
}

function withoutQuery(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}
