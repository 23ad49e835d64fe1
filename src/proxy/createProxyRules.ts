import { canonicalizeTarget } from './canonicalizeTarget';
import { checkProxyOptions } from './checkProxyOptions';
import { createMemo } from './createMemo';
import { createSessionRules, type SessionRules } from './createSessionRules';
import { createSsoRules, type SsoRules } from './createSsoRules';
import { isAllowedHost } from './isAllowedHost';
import { isInertContentType } from './isInertContentType';
import { ProxyRefusal } from './ProxyRefusal';
import type { ProxyCall, ProxyTarget } from './ProxyTarget';
import type { VaultProxyLogEvent, VaultProxyOptions } from './VaultProxyOptions';

const REQUEST_HEADERS = new Set(['authorization', 'content-type', 'accept', 'accept-language']);
const RESPONSE_HEADERS = new Set([
  'content-type',
  'content-disposition',
  'content-length',
  'retry-after',
  'cache-control',
]);
const SESSIONLESS_HEADERS = new Set(
  [
    'BurstLimit',
    'BurstLimitRemaining',
    'DailyLimit',
    'DailyLimitRemaining',
    'ResponseDelay',
    'ExecutionId',
    'ReferenceId',
    'VaultId',
    'UserId',
    'Status',
    'DowntimeExpectedDurationMinutes',
    'Connection',
  ].map((name) => `x-vaultapi-${name.toLowerCase()}`),
);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const NOT_FOUND = 'Only /auth/* and /vault/{host}/api/* are proxied.';
const MAX_WARNED_ORIGINS = 100;
const notAllowed = () =>
  new ProxyRefusal(400, 'PROXY_HOST_NOT_ALLOWED', 'That vault host is not on the allow list.');
// Targets remembered with their reading.
const RESOLVED_TARGETS_KEPT = 256;

/**
 * The proxy's whole rule set, shared by the fetch-style handler and the Node adapter so the
 * two cannot drift: what is routed where, which origins may change state, which headers
 * pass either way, how answers a browser would render are sandboxed, the bounds, the
 * refusals' shape and the log.
 */
export interface ProxyRules {
  readonly maxRequestBytes: number;
  readonly upstreamTimeoutMs: number;
  readonly bodyIdleTimeoutMs: number;
  /** The rules of backend-for-frontend mode, when `session` is configured. */
  readonly session: SessionRules | undefined;
  /** Single sign-on through the proxy, when BFF mode is configured with `sso`. */
  readonly sso: SsoRules | undefined;
  /**
   * True for a target (a path, or a URL whose path is read) on one of the proxy's routes:
   * `/auth/*`, `/vault/*` and, in BFF mode, the session route, its web-tab hand-off and
   * its single sign-on routes, all under `basePath`. The
   * proxy answers each of these itself, a refusal included.
   */
  owns(target: string): boolean;
  /** Routes a request by its method and its target (a path, or a URL whose path is read). */
  resolveTarget(method: string, target: string): ProxyTarget;
  /** Refuses a state-changing call from an origin the configuration does not allow. */
  checkOrigin(method: string, header: (name: string) => string | null | undefined): void;
  /** Refuses a body whose declared length is over the limit. */
  checkDeclaredLength(contentLength: string | null | undefined): void;
  /** The refusal for a body that turned out longer than the limit as it streamed. */
  tooLarge(): ProxyRefusal;
  /** The refusal for a body that moved no byte for too long (the upload, or the answer). */
  stalled(upload: boolean): ProxyRefusal;
  /** The refusal for an upstream that did not begin its answer in time. */
  notAnswered(): ProxyRefusal;
  /** The refusal for an upstream that answered with a redirect. */
  redirected(): ProxyRefusal;
  /** True for a vault host on the allow list (`allowHosts`). */
  isVaultHost(host: string): boolean;
  /**
   * Refuses a host off the allow list (`PROXY_HOST_NOT_ALLOWED`): the proxy's own calls with
   * a session (ending it, looking up a delegation) go only where the page's calls may go.
   */
  checkVaultHost(host: string): void;
  /** True for a (lower-case) request header that goes upstream. */
  isForwardedRequestHeader(name: string): boolean;
  /**
   * The headers of a proxied answer from the upstream's (lower-case names). `bodyDecoded`:
   * the body is handed over already decompressed (fetch), so its encoding and length go.
   * `known`: in BFF mode, the session IDs the call knows; a header that would pass with one
   * in its value makes the answer the `PROXY_CREDENTIAL_WITHHELD` refusal, thrown.
   */
  responseHeaders(
    upstream: Iterable<readonly [string, string | readonly string[] | undefined]>,
    bodyDecoded: boolean,
    known?: readonly string[],
  ): Record<string, string>;
  /** Any error as the refusal to answer with (an unknown one as an unreachable upstream). */
  refusalOf(error: unknown): ProxyRefusal;
  /** A refusal as status, headers and body in the service's failure shape. */
  refusalAnswer(refusal: ProxyRefusal): {
    status: number;
    headers: Record<string, string>;
    body: string;
  };
  /** Hands one event to the configured log; a failing logger changes nothing. */
  report(event: VaultProxyLogEvent): void;
}

/**
 * Checks the settings (a `TypeError` with the reason for any that cannot work) and returns
 * the {@link ProxyRules} they make.
 */
export function createProxyRules(options: VaultProxyOptions): ProxyRules {
  const settings = checkProxyOptions(options);
  const { loginHost, allowHosts, basePath, allowedOrigins, trustForwardedHost } = settings;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const warned = new Set<string>();
  const session =
    settings.session === undefined ? undefined : createSessionRules(settings.session, warn);
  const sso =
    session === undefined || settings.session?.sso === undefined
      ? undefined
      : createSsoRules({
          loginHost,
          allowHosts: settings.session.sso.allowHosts,
          secrets: settings.session.secrets,
          sessionPath: settings.session.path,
          now: settings.session.now,
          upstreamTimeoutMs: settings.upstreamTimeoutMs,
          session,
          warn,
        });
  const tooLarge = (): ProxyRefusal =>
    new ProxyRefusal(
      413,
      'PROXY_PAYLOAD_TOO_LARGE',
      `Request bodies are limited to ${settings.maxRequestBytes} bytes.`,
    );

  // Refusals are thrown, never kept: only a target that resolves is remembered.
  const resolvedTargets = createMemo<ProxyTarget>(RESOLVED_TARGETS_KEPT);
  const resolveFresh = (method: string, target: string): ProxyTarget => {
    // One canonical form, read by every rule below and sent upstream as it is.
    const { path, query } = canonicalizeTarget(target);
    if (session !== undefined && path === session.path) {
      return { route: 'session', host: '', path, call: 'other', version: undefined };
    }
    if (session !== undefined && path === session.handOffPath) {
      if (method !== 'POST') {
        throw new ProxyRefusal(405, 'PROXY_BAD_PATH', `The ${method} method is not served here.`);
      }
      return { route: 'session', host: '', path, call: 'web-tab-hand-off', version: undefined };
    }
    if (
      sso !== undefined &&
      (path === sso.startPath || path === sso.callbackPath || path === sso.renewPath)
    ) {
      const call =
        path === sso.startPath
          ? 'sso-start'
          : path === sso.renewPath
            ? 'sso-renew'
            : 'sso-callback';
      if (method !== (call === 'sso-callback' ? 'GET' : 'POST')) {
        throw new ProxyRefusal(405, 'PROXY_BAD_PATH', `The ${method} method is not served here.`);
      }
      return { route: 'session', host: '', path: `${path}${query}`, call, version: undefined };
    }
    if (!path.startsWith(`${basePath}/`)) throw new ProxyRefusal(404, 'PROXY_NOT_FOUND', NOT_FOUND);
    const rest = path.slice(basePath.length);
    if (rest.startsWith('/auth/')) {
      const words = rest.slice(1).toLowerCase().split('/');
      const call =
        method === 'POST' && words.length === 4 && words[1] === 'oauth' && words[2] === 'session'
          ? 'oauth-login'
          : 'other';
      return {
        route: 'auth',
        host: loginHost,
        path: `${rest}${query}`,
        call,
        version: undefined,
      };
    }
    const [, vault, host = '', ...api] = rest.split('/');
    if (vault !== 'vault' || api[0]?.toLowerCase() !== 'api') {
      throw new ProxyRefusal(404, 'PROXY_NOT_FOUND', NOT_FOUND);
    }
    // A DNS name is read without regard to case, and the allow list holds lower case.
    const dns = host.toLowerCase();
    if (!isAllowedHost(dns, allowHosts)) throw notAllowed();
    const [, version, ...words] = api.join('/').toLowerCase().split('/');
    return {
      route: 'vault',
      host: dns,
      path: `/${api.join('/')}${query}`,
      call: vaultCall(method, words.join('/')),
      version: version !== undefined && /^v\d+(?:\.\d+)?$/.test(version) ? version : undefined,
    };
  };

  return {
    maxRequestBytes: settings.maxRequestBytes,
    upstreamTimeoutMs: settings.upstreamTimeoutMs,
    bodyIdleTimeoutMs: settings.bodyIdleTimeoutMs,
    session,
    sso,

    owns(target) {
      let path: string;
      try {
        path = canonicalizeTarget(target).path;
      } catch {
        // A path the proxy refuses is still on its routes: it refuses it in its own shape.
        path = target.split('?')[0] ?? '';
      }
      if (session !== undefined && (path === session.path || path === session.handOffPath)) {
        return true;
      }
      if (
        sso !== undefined &&
        (path === sso.startPath || path === sso.callbackPath || path === sso.renewPath)
      ) {
        return true;
      }
      return path.startsWith(`${basePath}/auth/`) || path.startsWith(`${basePath}/vault/`);
    },

    resolveTarget(method, target) {
      if (!METHODS.has(method)) {
        throw new ProxyRefusal(405, 'PROXY_BAD_PATH', `The ${method} method is not proxied.`);
      }
      // A browser repeats the same few targets (keep-alive, who-am-I): each is read once.
      // Targets with a query are read every time, so no query's data is kept.
      if (target.includes('?')) return resolveFresh(method, target);
      return resolvedTargets(`${method} ${target}`, () =>
        Object.freeze(resolveFresh(method, target)),
      );
    },

    checkOrigin(method, header) {
      if (!STATE_CHANGING.has(method)) return;
      const origin = header('origin');
      if (origin === null || origin === undefined) return;
      if (allowedOrigins.includes(origin)) return;
      const forwarded = trustForwardedHost
        ? forwardedOrigin(header('x-forwarded-proto'), header('x-forwarded-host'))
        : undefined;
      if (forwarded !== undefined && forwarded === origin) return;
      const shown = printable(origin);
      const message = trustForwardedHost
        ? `Origin ${shown} is not allowed: add it to allowedOrigins (X-Forwarded-Proto and X-Forwarded-Host name ${forwarded ?? 'no origin'}).`
        : `Origin ${shown} is not allowed: add it to allowedOrigins, or set trustForwardedHost when a reverse proxy in front sets X-Forwarded-Host.`;
      if (!warned.has(shown) && warned.size < MAX_WARNED_ORIGINS) {
        warned.add(shown);
        try {
          warn(`vault proxy: ${message}`);
        } catch {
          // A failing logger must not change the answer.
        }
      }
      throw new ProxyRefusal(403, 'PROXY_ORIGIN_REFUSED', message);
    },

    checkDeclaredLength(contentLength) {
      if (contentLength !== null && contentLength !== undefined) {
        if (Number(contentLength) > settings.maxRequestBytes) throw tooLarge();
      }
    },

    tooLarge,

    stalled(upload) {
      return new ProxyRefusal(
        upload ? 408 : 504,
        'PROXY_BODY_TIMEOUT',
        `The ${upload ? 'request' : 'answer'} body moved no byte for ${settings.bodyIdleTimeoutMs} ms.`,
      );
    },

    notAnswered() {
      return new ProxyRefusal(504, 'PROXY_UPSTREAM_TIMEOUT', 'The vault did not answer in time.');
    },

    redirected() {
      return new ProxyRefusal(
        502,
        'PROXY_UPSTREAM_REDIRECT',
        'The vault answered with a redirect, which the proxy does not follow.',
      );
    },

    isVaultHost: (host) => isAllowedHost(host, allowHosts),

    checkVaultHost(host) {
      if (!isAllowedHost(host, allowHosts)) throw notAllowed();
    },

    isForwardedRequestHeader(name) {
      return REQUEST_HEADERS.has(name) || name.startsWith('x-vaultapi-');
    },

    responseHeaders(upstream, bodyDecoded, known) {
      const headers: Record<string, string> = {};
      let encoded = false;
      for (const [name, value] of upstream) {
        if (value === undefined) continue;
        if (name === 'content-encoding') {
          encoded = true;
          if (bodyDecoded) continue;
        } else if (
          !RESPONSE_HEADERS.has(name) &&
          // In BFF mode only the service's headers known to carry no session pass: a session
          // ID, even shortened, is for the proxy alone.
          !(session === undefined ? name.startsWith('x-vaultapi-') : SESSIONLESS_HEADERS.has(name))
        ) {
          continue;
        }
        const passed = typeof value === 'string' ? value : value.join(', ');
        // Whatever its name says, a header's value is the vault's to fill: one that holds
        // the call's session is not passed, and neither is the answer.
        if (session !== undefined && known?.some((sid) => passed.includes(sid))) {
          throw session.withheld();
        }
        headers[name] = passed;
      }
      // fetch hands over a compressed answer already decoded: its length no longer applies.
      if (encoded && bodyDecoded) delete headers['content-length'];
      headers['cache-control'] ??= 'no-store';
      headers['x-content-type-options'] = 'nosniff';
      if (!isInertContentType(headers['content-type'])) {
        // A vault document (an HTML rendition, an SVG, an error page) opened from the app's
        // origin would run as the app: it is sandboxed, and downloaded instead of shown.
        headers['content-security-policy'] = 'sandbox';
        headers['content-disposition'] = asAttachment(headers['content-disposition']);
      }
      return headers;
    },

    refusalOf(error) {
      return error instanceof ProxyRefusal
        ? error
        : new ProxyRefusal(502, 'PROXY_UPSTREAM_UNREACHABLE', 'The vault could not be reached.');
    },

    refusalAnswer(refusal) {
      return {
        status: refusal.status,
        headers: {
          'content-type': 'application/json;charset=UTF-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: JSON.stringify({
          responseStatus: 'FAILURE',
          errors: [{ type: refusal.type, message: refusal.message }],
        }),
      };
    },

    report(event) {
      try {
        options.log?.(event);
      } catch {
        // A failing logger must not change the answer.
      }
    },
  };
}

// A vault call by the path words after its version, lower-cased; only a POST logs in.
function vaultCall(method: string, words: string): ProxyCall {
  if (words === 'session') return method === 'DELETE' ? 'end-session' : 'other';
  if (method !== 'POST') return 'other';
  return words === 'auth'
    ? 'password-login'
    : words === 'delegation/login'
      ? 'delegated-login'
      : 'other';
}

// The last value of each: the one the reverse proxy nearest to this one set.
function forwardedOrigin(
  proto: string | null | undefined,
  host: string | null | undefined,
): string | undefined {
  const last = (value: string): string => value.slice(value.lastIndexOf(',') + 1).trim();
  if (!host) return undefined;
  const scheme = proto ? last(proto).toLowerCase() : 'https';
  const name = last(host);
  if ((scheme !== 'http' && scheme !== 'https') || !/^[A-Za-z0-9.\-[\]:]+$/.test(name)) {
    return undefined;
  }
  try {
    return new URL(`${scheme}://${name}`).origin;
  } catch {
    return undefined;
  }
}

function printable(origin: string): string {
  return origin.replace(/[^\x21-\x7e]/g, '?').slice(0, 200);
}

function asAttachment(disposition: string | undefined): string {
  if (disposition === undefined) return 'attachment';
  const parameters = disposition.indexOf(';');
  return parameters === -1 ? 'attachment' : `attachment${disposition.slice(parameters)}`;
}
