import type { EmulatorOidcOptions, ManualClock } from '../../../src/emulator/index';

/** Issuer of the test authorization server's tokens. */
export const TEST_ISSUER = 'https://idp.harbor.example';
/** The client the test authorization server issues tokens to. */
export const TEST_AS_CLIENT_ID = 'harbor-vault';

/**
 * A minimal authorization server's token table: it issues opaque access tokens with the
 * claims a test chooses and answers RFC 7662 introspection for them, so the emulator
 * validates exactly what a real provider would return.
 *
 * @example
 * ```ts
 * const table = createTokenTable(clock);
 * const emulator = createVaultEmulator({ oidc: table.oidcOptions() });
 * const token = table.issue({ sub: 'sam' });
 * ```
 */
export interface TokenTable {
  /** Issues a token for `sub` with valid claims, overridden by `claims`. */
  issue(claims?: Record<string, unknown>): string;
  oidcOptions(overrides?: Partial<EmulatorOidcOptions>): EmulatorOidcOptions;
  /** How many introspection calls were made. */
  readonly introspections: string[];
}

/**
 * Creates a {@link TokenTable} whose `exp` claims follow the emulator's manual clock.
 *
 * @example
 * ```ts
 * const table = createTokenTable(clock);
 * ```
 */
export function createTokenTable(clock: ManualClock): TokenTable {
  const tokens = new Map<string, Record<string, unknown>>();
  const introspections: string[] = [];
  return {
    introspections,
    issue(claims = {}) {
      const bytes = new Uint8Array(24);
      crypto.getRandomValues(bytes);
      const token = Buffer.from(bytes).toString('base64url');
      tokens.set(token, {
        active: true,
        iss: TEST_ISSUER,
        sub: 'sam',
        client_id: TEST_AS_CLIENT_ID,
        token_type: 'Bearer',
        iat: Math.floor(clock.now() / 1000),
        exp: Math.floor(clock.now() / 1000) + 300,
        ...claims,
      });
      return token;
    },
    oidcOptions(overrides = {}) {
      return {
        issuer: TEST_ISSUER,
        authorizationEndpoint: `${TEST_ISSUER}/authorize`,
        tokenEndpoint: `${TEST_ISSUER}/token`,
        allowedClientIds: [TEST_AS_CLIENT_ID],
        clientIdMap: { 'sunrise-docs-portal': TEST_AS_CLIENT_ID },
        async introspect(token) {
          introspections.push(token);
          return tokens.get(token) ?? { active: false };
        },
        ...overrides,
      };
    },
  };
}
