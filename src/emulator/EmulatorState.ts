import type { BurstLimiter } from './createBurstLimiter';
import type { CredentialStore } from './createCredentialStore';
import type { FailureLimiter } from './createFailureLimiter';
import type { EmulatorClock } from './createManualClock';
import type { NameTagger } from './createNameTagger';
import type { SessionStore } from './createSessionStore';
import type { EmulatorEvent } from './EmulatorEvent';
import type { EmulatorOidcOptions } from './EmulatorOidcOptions';
import type { EmulatorIndex } from './indexEmulatorData';

/**
 * What one emulator's endpoint handlers share: its directory, its sessions, its limits and
 * its audit sink.
 */
export interface EmulatorState {
  readonly clock: EmulatorClock;
  readonly index: EmulatorIndex;
  readonly sessions: SessionStore;
  /** Consecutive failed password logins per account name. */
  readonly failures: FailureLimiter;
  /** Password logins per user name + vault (one window for every DNS that names no vault). */
  readonly burst: BurstLimiter;
  /** Discovery calls per caller. */
  readonly discoveryLimit: BurstLimiter;
  /** Session IDs that turned out not to be valid, per caller. */
  readonly invalidSessionLimit: BurstLimiter;
  /** Failed password logins per caller. */
  readonly failedLoginLimit: BurstLimiter;
  readonly credentials: CredentialStore;
  /** One-way tags for names typed at failed logins, for the audit stream. */
  readonly tagName: NameTagger;
  /** The vault of each user's last login (auth defaulting's first choice), by user ID. */
  readonly lastLogins: Map<number, number>;
  readonly oidc: EmulatorOidcOptions | undefined;
  /** Reports an audit event; an observer's failure never reaches the caller. */
  emit(event: EmulatorEvent): void;
}
