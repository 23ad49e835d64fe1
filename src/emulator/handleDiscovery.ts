import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorAuthProfile } from './EmulatorData';
import type { EmulatorOidcOptions } from './EmulatorOidcOptions';
import type { EmulatorState } from './EmulatorState';
import { nonEmpty } from './nonEmpty';
import { replyTo } from './replyTo';
import { vaultFailure } from './vaultResponse';

/**
 * `POST /auth/discovery`: how a user name signs in, routed by its e-mail domain (realm)
 * alone.
 */
export function handleDiscovery(state: EmulatorState, call: EmulatorCall): Response {
  // The kit sends a form body; the service's documentation shows query parameters.
  const username =
    nonEmpty(call.form.get('username')) ?? nonEmpty(call.url.searchParams.get('username'));
  if (username === undefined) {
    return replyTo(
      call,
      vaultFailure('PARAMETER_REQUIRED', 'Missing required parameter [username].'),
    );
  }
  const clientId =
    nonEmpty(call.form.get('client_id')) ?? nonEmpty(call.url.searchParams.get('client_id'));
  // Routing looks at the domain only, never at whether the user exists (ENUM-01, ENUM-02).
  const at = username.lastIndexOf('@');
  const profiles =
    at < 0 ? undefined : state.index.realms.get(username.slice(at + 1).toLowerCase());
  if (!profiles) {
    return replyTo(call, {
      responseStatus: 'SUCCESS',
      errors: [],
      data: { auth_type: 'password' },
    });
  }
  return replyTo(call, {
    responseStatus: 'SUCCESS',
    errors: [],
    data: {
      auth_type: 'sso',
      // The service is HTTPS only: a TLS front that forwards plain HTTP must not turn the
      // URLs it answers with into http ones, so they name the host with https, as every
      // other URL the emulator answers with does.
      auth_profiles: profiles.map((profile) =>
        profileBody(state.oidc, profile, `https://${call.url.host}`, clientId),
      ),
    },
  });
}

function profileBody(
  oidc: EmulatorOidcOptions | undefined,
  profile: EmulatorAuthProfile,
  origin: string,
  clientId: string | undefined,
): Record<string, unknown> {
  const metadata = oidc
    ? {
        issuer: oidc.issuer,
        authorization_endpoint: oidc.authorizationEndpoint,
        token_endpoint: oidc.tokenEndpoint,
        ...(oidc.jwksUri === undefined ? {} : { jwks_uri: oidc.jwksUri }),
        ...(oidc.endSessionEndpoint === undefined
          ? {}
          : { end_session_endpoint: oidc.endSessionEndpoint }),
        ...(oidc.revocationEndpoint === undefined
          ? {}
          : { revocation_endpoint: oidc.revocationEndpoint }),
        scopes_supported: [...(oidc.scopesSupported ?? ['openid', 'profile', 'email'])],
        token_endpoint_auth_methods_supported: [
          ...(oidc.tokenEndpointAuthMethodsSupported ?? ['none', 'client_secret_basic']),
        ],
      }
    : {
        issuer: `${origin}/oidc`,
        authorization_endpoint: `${origin}/oidc/auth`,
        token_endpoint: `${origin}/oidc/token`,
        jwks_uri: `${origin}/oidc/jwks`,
        end_session_endpoint: `${origin}/oidc/session/end`,
        scopes_supported: ['openid', 'profile', 'email'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
      };
  const map = oidc?.clientIdMap;
  const asClientId =
    clientId !== undefined && map !== undefined && Object.hasOwn(map, clientId)
      ? map[clientId]
      : undefined;
  return {
    id: profile.id,
    label: profile.label,
    description: profile.description,
    vault_session_endpoint: `${origin}/auth/oauth/session/${encodeURIComponent(profile.id)}`,
    use_adal: false,
    as_metadata: metadata,
    oauthProviderType: profile.oauthProviderType,
    ...(asClientId === undefined ? {} : { as_client_id: asClientId }),
  };
}
