import { API_VERSIONS } from './apiVersions';
import { authenticateCall, invalidSession, sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { replyTo } from './replyTo';

/**
 * `GET /api` and `GET /api/{v}`: the API versions this host serves, with their URLs.
 */
export function handleVersions(state: EmulatorState, call: EmulatorCall): Response {
  // The service is HTTPS only: the URLs it lists say https whatever scheme reached this
  // handler (a TLS front forwarding plain HTTP must not turn them into http URLs).
  const base = `https://${call.url.host}`;
  const values: Record<string, string> = {};
  for (const version of API_VERSIONS) values[version] = `${base}/api/${version}`;
  // Listing needs no session, but a session that is sent is checked like on every other
  // call: some clients validate a stored session exactly this way.
  if (!call.request.headers.has('authorization')) {
    return replyTo(call, { responseStatus: 'SUCCESS', values });
  }
  const session = authenticateCall(state, call);
  if (!session) return invalidSession(state, call);
  return replyTo(call, { responseStatus: 'SUCCESS', values }, sessionHeaders(session));
}
