import type { EmulatorClock } from './createManualClock';
import type { EmulatorData } from './EmulatorData';
import type { EmulatorEvent } from './EmulatorEvent';
import type { EmulatorOidcOptions } from './EmulatorOidcOptions';

/**
 * Settings of `createVaultEmulator`; all optional.
 *
 * @example
 * ```ts
 * const options: VaultEmulatorOptions = {
 *   clock: createManualClock(),
 *   idleTimeoutMs: 15 * 60_000,
 *   passwordHashIterations: 1_000,
 *   lockout: { maxFailures: 3 },
 * };
 * ```
 */
export interface VaultEmulatorOptions {
  /** Default `demoDirectory`. */
  readonly data?: EmulatorData;
  /** Default: the wall clock. */
  readonly clock?: EmulatorClock;
  /** Idle timeout, reset by every authenticated call. Default 30 minutes. */
  readonly idleTimeoutMs?: number;
  /**
   * PBKDF2 iterations for hashing the directory's plain-text passwords, all of them when the
   * emulator is created. Default 100 000.
   */
  readonly passwordHashIterations?: number;
  readonly lockout?: {
    /** Consecutive failures that lock an account name. Default 5. */
    readonly maxFailures?: number;
    /**
     * How long the first lock lasts; each further lock of the same name lasts twice as long
     * as the one before, at most a day. Default 15 minutes.
     */
    readonly durationMs?: number;
    /**
     * Names with failures or a lock kept at most. Nothing is evicted to make room: while
     * the table is full, a login for a name it does not track answers `API_LIMIT_EXCEEDED`
     * until entries expire (failures a day after the last one, locks a day after they end).
     * Default 100 000.
     */
    readonly maxTrackedNames?: number;
  };
  /**
   * Password logins per user name + vault per minute. Each vault of the emulator is a
   * window of its own; every `vaultDNS` that names none shares one. Default 20.
   */
  readonly authBurstLimit?: number;
  /**
   * Per-caller limits, per minute, answered like the service's own limits
   * (`API_LIMIT_EXCEEDED` with `Retry-After`): discovery calls (default 120); session IDs
   * that turn out not to be valid (default 60; past it every call with a session ID from
   * that caller is refused until the minute is over, so IDs cannot be guessed); failed
   * password logins, whatever the name (default 30; past it every password login from that
   * caller is refused until the minute is over, so names cannot be sprayed).
   */
  readonly callerLimits?: {
    readonly discoveryPerMinute?: number;
    readonly invalidSessionsPerMinute?: number;
    readonly failedLoginsPerMinute?: number;
  };
  /**
   * How a request finds its vault. By default each vault answers at its own host (its DNS
   * name, as the service does), a session ID is valid only at the vault it was issued for,
   * and discovery and OAuth logins answer only at the login host (`loginHost`, default
   * `DEFAULT_LOGIN_HOST`); reach it with a custom `fetch` (`https://{dns}/...`) or
   * through `vault-session-kit/proxy`. `'single-origin'` is the simplest setup instead:
   * every vault and the login host behind any one origin, and a session ID accepted at any
   * host, for one base URL and MSW handlers on the page's own origin.
   */
  readonly hosts?: 'single-origin' | { readonly loginHost?: string };
  /**
   * The OAuth authorization server; without it every OAuth login is refused. Discovery
   * then still names each single sign-on profile, with its endpoints at `/oidc/*` of the
   * host the discovery call reached (`https://{loginHost}/oidc/token`, …), which the
   * emulator does not serve: a sign-in reaches the single sign-on step and no further. The
   * dev command and the Vite plugin (`createVaultDevStack`) set it to the development
   * OpenID Provider they run at `{origin}/oidc`, whose endpoints answer.
   */
  readonly oidc?: EmulatorOidcOptions;
  /** Audit events; they never carry a session ID, a password or a token. */
  readonly onEvent?: (event: EmulatorEvent) => void;
}
