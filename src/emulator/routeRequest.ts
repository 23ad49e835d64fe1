import { API_VERSIONS } from './apiVersions';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { handleDelegatedLogin } from './handleDelegatedLogin';
import { handleDelegationList } from './handleDelegationList';
import { handleDiscovery } from './handleDiscovery';
import { handleDocuments } from './handleDocuments';
import { handleEndSession } from './handleEndSession';
import { handleKeepAlive } from './handleKeepAlive';
import { handleOAuthLogin } from './handleOAuthLogin';
import { handlePasswordLogin } from './handlePasswordLogin';
import { handlePasswordPage, PASSWORD_PAGE_PATH } from './handlePasswordPage';
import { handleSessionUser } from './handleSessionUser';
import { handleVersions } from './handleVersions';
import { handleWebTabPage, WEB_TAB_PAGE_PATH, webTabScript } from './handleWebTabPage';
import { malformedUrl, replyTo } from './replyTo';
import { vaultFailure } from './vaultResponse';

/**
 * Sends a call to the handler of its path and method. Vault calls answer only at a vault's
 * host and login calls only at the login host; a wrong method gets `METHOD_NOT_SUPPORTED`,
 * an unknown path `MALFORMED_URL`, and the per-caller limits are applied here.
 */
export function routeRequest(
  state: EmulatorState,
  call: EmulatorCall,
): Promise<Response> | Response {
  const { place } = call;
  let path = call.url.pathname;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const segments = path.split('/').slice(1);
  const [head, second, ...rest] = segments;
  const method = call.request.method.toUpperCase();

  const expect = (
    allowed: string,
    handler: () => Promise<Response> | Response,
  ): Promise<Response> | Response =>
    method === allowed
      ? handler()
      : replyTo(
          call,
          vaultFailure(
            'METHOD_NOT_SUPPORTED',
            `The ${method} method is not supported for this URL; use ${allowed}.`,
          ),
        );

  if (place.kind === 'nowhere' || (head === 'api' && place.kind === 'login')) {
    return replyTo(call, vaultFailure('MALFORMED_URL', `No vault answers at ${call.url.host}.`));
  }
  if (head === 'auth' && place.kind === 'vault') return malformedUrl(call);
  // The vault's web interface: its password page, for an expired password, and a custom
  // web tab that frames an app.
  if (path === PASSWORD_PAGE_PATH && place.kind !== 'login') return handlePasswordPage(state, call);
  if (path === WEB_TAB_PAGE_PATH && place.kind !== 'login') return handleWebTabPage(state, call);
  if (path === `${WEB_TAB_PAGE_PATH}.js` && place.kind !== 'login') return webTabScript();
  if (head === 'api' && call.request.headers.has('authorization')) {
    // A caller that sent too many invalid session IDs learns nothing more this minute (THR-05),
    // not even whether the next ID is valid.
    const verdict = state.invalidSessionLimit.peek(call.caller);
    if (!verdict.allowed) return limitExceeded(state, call, verdict.retryAfterSeconds);
  }
  if (head === 'api') {
    if (second === undefined) return expect('GET', () => handleVersions(state, call));
    if (!API_VERSIONS.includes(second)) return malformedUrl(call);
    switch (rest.join('/')) {
      case '':
        return expect('GET', () => handleVersions(state, call));
      case 'auth':
        return expect('POST', () => handlePasswordLogin(state, call));
      case 'keep-alive':
        return expect('POST', () => handleKeepAlive(state, call));
      case 'delegation/vaults':
        return expect('GET', () => handleDelegationList(state, call));
      case 'delegation/login':
        return expect('POST', () => handleDelegatedLogin(state, call));
      case 'session':
        return expect('DELETE', () => handleEndSession(state, call));
      case 'objects/users/me':
        return expect('GET', () => handleSessionUser(state, call));
      case 'objects/documents':
        return expect('GET', () => handleDocuments(state, call, second));
      default:
        return malformedUrl(call);
    }
  }
  if (head === 'auth') {
    if (second === 'discovery' && rest.length === 0) {
      return expect('POST', () => {
        const verdict = state.discoveryLimit.hit(call.caller);
        return verdict.allowed
          ? handleDiscovery(state, call)
          : limitExceeded(state, call, verdict.retryAfterSeconds);
      });
    }
    const [third, profileId] = rest;
    if (second === 'oauth' && third === 'session' && profileId !== undefined && rest.length === 2) {
      return expect('POST', () => handleOAuthLogin(state, call, safeDecode(profileId)));
    }
  }
  return malformedUrl(call);
}

function limitExceeded(
  state: EmulatorState,
  call: EmulatorCall,
  retryAfterSeconds: number,
): Response {
  state.emit({ type: 'caller_limited', at: state.clock.now(), path: call.url.pathname });
  return replyTo(
    call,
    vaultFailure(
      'API_LIMIT_EXCEEDED',
      `Too many requests from this caller. Try again in ${retryAfterSeconds} seconds.`,
    ),
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
