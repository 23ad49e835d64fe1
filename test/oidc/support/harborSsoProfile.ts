import type { AuthProfile } from '../../../src/core/client/types';

const ISSUER = 'https://idp.harbor.example';

/**
 * The Harbor vault's single sign-on profile as discovery hands it to the kit, with only
 * what leaving for the identity provider needs: the issuer and its two endpoints.
 *
 * @example
 * ```ts
 * await result.current.startSso({ profile: HARBOR_SSO_PROFILE, username: 'sam@harbor.example' });
 * ```
 */
export const HARBOR_SSO_PROFILE: AuthProfile = {
  id: 'harbor-oidc',
  label: 'Harbor SSO',
  description: undefined,
  vaultSessionEndpoint: undefined,
  asClientId: undefined,
  asMetadata: {
    issuer: ISSUER,
    authorizationEndpoint: `${ISSUER}/authorize`,
    tokenEndpoint: `${ISSUER}/token`,
    endSessionEndpoint: undefined,
    jwksUri: undefined,
    scopesSupported: undefined,
    raw: {},
  },
};
