/// <reference types="node" />
import type Provider from 'oidc-provider';
import type { TokenEndpointGrantContext } from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { DevUserDirectory } from './createDevUserDirectory';

/** Parameters of the RFC 6749 §4.3 resource-owner password grant, beside `grant_type`. */
export const PASSWORD_GRANT_PARAMETERS = ['username', 'password', 'scope'] as const;

/**
 * The token endpoint parameters the password grant reads.
 */
export interface PasswordGrantParams {
  username?: string | undefined;
  password?: string | undefined;
}

/**
 * Creates the handler for `grant_type=password` (RFC 6749 §4.3), for headless sign-in: checks the
 * user name and password against the development users and issues an opaque access token for the
 * calling client with the requested scope (`openid` by default). Wrong credentials answer
 * `invalid_grant`; a scope outside `allowedScopes` answers `invalid_scope`. No refresh token and
 * no ID token: the token only serves the vault's access-token login.
 */
export function createPasswordGrantHandler(
  provider: Provider,
  users: DevUserDirectory,
  allowedScopes: ReadonlySet<string>,
): (ctx: TokenEndpointGrantContext<PasswordGrantParams>) => Promise<void> {
  return async (ctx) => {
    const { client, params } = ctx.oidc;
    const { username, password } = params;
    if (typeof username !== 'string' || username === '') {
      throw new errors.InvalidRequest('missing required parameter(s) (username)');
    }
    if (typeof password !== 'string' || password === '') {
      throw new errors.InvalidRequest('missing required parameter(s) (password)');
    }

    const requested = (params.scope ?? 'openid').split(' ').filter((scope) => scope !== '');
    const clientScopes = new Set((client.scope ?? '').split(' '));
    const refused = requested.filter(
      (scope) => !allowedScopes.has(scope) || !clientScopes.has(scope),
    );
    if (refused.length > 0) {
      throw new errors.InvalidScope('requested scope is not allowed', refused.join(' '));
    }

    const user = users.verify(username, password);
    if (!user) {
      // The detail stays server-side; the response is the plain RFC 6749 invalid_grant.
      throw new errors.InvalidGrant('resource owner credentials are invalid');
    }
    const scope = [...new Set(requested.length > 0 ? requested : ['openid'])].join(' ');

    // A grant record lets introspection cross-check client and account like any other token.
    const grant = new provider.Grant({ accountId: user.sub, clientId: client.clientId });
    grant.addOIDCScope(scope);
    const grantId = await grant.save();

    const token = new provider.AccessToken({
      accountId: user.sub,
      client,
      grantId,
      gty: 'password',
      scope,
    });
    ctx.oidc.entity('AccessToken', token);
    const accessToken = await token.save();

    ctx.body = {
      access_token: accessToken,
      token_type: token.tokenType,
      expires_in: token.expiration,
      scope,
    };
  };
}
