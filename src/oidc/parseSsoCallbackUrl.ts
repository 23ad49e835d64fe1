import { withoutParameters } from './withoutParameters';

/**
 * The identity provider's answer as it arrived at the redirect URI.
 */
export interface SsoCallbackResponse {
  readonly state?: string;
  readonly code?: string;
  /** The provider's `error` code, e.g. `access_denied`. */
  readonly error?: string;
  /** RFC 9207 issuer identification, when the provider sends it. */
  readonly iss?: string;
  /** The same address without the answer's parameters, relative to the origin. */
  readonly cleanUrl: string;
}

/** Parameters of an authorization response that must not stay in the address bar (OIDC-04). */
const RESPONSE_PARAMETERS = [
  'code',
  'state',
  'session_state',
  'iss',
  'error',
  'error_description',
  'error_uri',
] as const;

/**
 * Reads an authorization response from `url` when `url` is the redirect URI (same origin
 * and path) and carries `code`, `state` or `error` in its query; `undefined` otherwise.
 * Pure: it neither reads nor changes the page's address.
 */
export function parseSsoCallbackUrl(
  url: string | URL,
  redirectUri: string,
): SsoCallbackResponse | undefined {
  let current: URL;
  let expected: URL;
  try {
    current = new URL(url);
    expected = new URL(redirectUri);
  } catch {
    return undefined;
  }
  if (current.origin !== expected.origin || current.pathname !== expected.pathname) {
    return undefined;
  }
  const params = current.searchParams;
  const state = params.get('state') ?? undefined;
  const code = params.get('code') ?? undefined;
  const error = params.get('error') ?? undefined;
  const iss = params.get('iss') ?? undefined;
  if (state === undefined && code === undefined && error === undefined) return undefined;
  return {
    ...(state === undefined ? {} : { state }),
    ...(code === undefined ? {} : { code }),
    ...(error === undefined ? {} : { error }),
    ...(iss === undefined ? {} : { iss }),
    cleanUrl: withoutParameters(current, RESPONSE_PARAMETERS),
  };
}
