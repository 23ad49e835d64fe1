/**
 * The authorization server behind the emulator's OAuth profiles, and how to check its
 * access tokens (RFC 7662 introspection).
 *
 * @example
 * The emulator's single sign-on profiles against a Keycloak realm of the team's own:
 * ```ts
 * const realm = 'http://127.0.0.1:8080/realms/harbor/protocol/openid-connect';
 * const oidc: EmulatorOidcOptions = {
 *   issuer: 'http://127.0.0.1:8080/realms/harbor',
 *   authorizationEndpoint: `${realm}/auth`,
 *   tokenEndpoint: `${realm}/token`,
 *   allowedClientIds: ['vault-session-kit-demo'],
 *   introspect: createHttpIntrospector({
 *     endpoint: `${realm}/token/introspect`,
 *     clientId: 'vault-emulator',
 *     clientSecret: 'dev-only-secret',
 *   }),
 * };
 * const emulator = createVaultEmulator({ oidc });
 * ```
 */
export interface EmulatorOidcOptions {
  /** Must equal the `iss` of every accepted token. */
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly jwksUri?: string;
  readonly endSessionEndpoint?: string;
  /** RFC 7009 revocation endpoint, advertised as `revocation_endpoint` when given. */
  readonly revocationEndpoint?: string;
  /** Default `['openid', 'profile', 'email']`. */
  readonly scopesSupported?: readonly string[];
  /** Default `['none', 'client_secret_basic']`. */
  readonly tokenEndpointAuthMethodsSupported?: readonly string[];
  /** Resolves to the raw introspection JSON for a token; a rejection refuses the login. */
  introspect(token: string): Promise<unknown>;
  /** A token's `client_id` (or one of its `aud` values) must be one of these. */
  readonly allowedClientIds: readonly string[];
  /**
   * Client ID sent to discovery -> client ID at the authorization server, returned as
   * `as_client_id` only to callers that sent a mapped client ID.
   */
  readonly clientIdMap?: Readonly<Record<string, string>>;
}
