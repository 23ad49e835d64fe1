/**
 * Why a password login did not start a session. Only the audit stream sees this; the
 * wire answer for `unknown_user` and `wrong_password` is identical.
 *
 * @example
 * ```ts
 * const reason: LoginFailureReason = 'wrong_password';
 * ```
 */
export type LoginFailureReason =
  | 'missing_username'
  | 'missing_password'
  | 'unknown_user'
  | 'wrong_password'
  | 'temporarily_locked'
  | 'account_locked'
  | 'inactive'
  | 'password_change_required'
  | 'burst_limit'
  | 'caller_limit'
  | 'lockout_table_full';

/**
 * Why an OAuth access token did not start a session (EXCH-08: the caller always gets one
 * generic answer; the specific reason goes only to the audit stream).
 *
 * @example
 * ```ts
 * const reason: OAuthFailureReason = 'issuer_mismatch';
 * ```
 */
export type OAuthFailureReason =
  | 'not_configured'
  | 'unknown_profile'
  | 'missing_token'
  | 'introspection_failed'
  | 'inactive_token'
  | 'client_not_allowed'
  | 'expired'
  | 'not_yet_valid'
  | 'issuer_mismatch'
  | 'wrong_token_type'
  | 'missing_subject'
  | 'unknown_subject'
  | 'user_not_active';

/**
 * Why a session ended.
 *
 * @example
 * ```ts
 * const reason: SessionEndReason = 'absolute_timeout';
 * ```
 */
export type SessionEndReason = 'logout' | 'actor_ended' | 'absolute_timeout' | 'idle_timeout';

/**
 * An audit event. Sessions are named by `sessionRef`, a random handle unrelated to the
 * session ID; no event ever carries a session ID, a password or a token (SES-09, DEL-04),
 * and a name typed at a failed login appears only as a one-way tag.
 *
 * @example
 * ```ts
 * createVaultEmulator({
 *   onEvent: (event) => {
 *     if (event.type === 'oauth_failed') console.warn('OAuth login refused:', event.reason);
 *   },
 * });
 * ```
 */
export type EmulatorEvent =
  | {
      readonly type: 'login';
      readonly at: number;
      readonly method: 'password' | 'oauth';
      readonly userId: number;
      readonly username: string;
      readonly vaultId: number;
      /** True when the vault asked for was not one of the user's, so auth defaulting chose one. */
      readonly defaultedVault: boolean;
      readonly sessionRef: string;
    }
  | {
      readonly type: 'login_failed';
      readonly at: number;
      /**
       * What was typed as the user name, as a keyed one-way tag: equal for equal names from
       * one emulator, never the name itself (it may be a password typed in the wrong field).
       */
      readonly nameTag: string;
      /** The directory user the name belongs to, when it names one. */
      readonly userId?: number;
      readonly reason: LoginFailureReason;
    }
  | {
      readonly type: 'account_locked';
      readonly at: number;
      /** The locked name's tag, as in `login_failed`. */
      readonly nameTag: string;
      readonly userId?: number;
      readonly until: number;
    }
  | {
      readonly type: 'oauth_failed';
      readonly at: number;
      readonly profileId: string;
      readonly reason: OAuthFailureReason;
    }
  | {
      readonly type: 'session_ended';
      readonly at: number;
      readonly userId: number;
      readonly sessionRef: string;
      readonly reason: SessionEndReason;
    }
  | {
      readonly type: 'delegation_started';
      readonly at: number;
      /** The person acting. */
      readonly actorUserId: number;
      /** The user acted for (the delegator). */
      readonly subjectUserId: number;
      readonly vaultId: number;
      readonly sessionRef: string;
      readonly actorSessionRef: string;
    }
  | {
      readonly type: 'delegation_refused';
      readonly at: number;
      readonly actorUserId: number;
      readonly reason: 'from_delegated_session' | 'no_grant';
    }
  | {
      readonly type: 'invalid_session';
      readonly at: number;
      readonly path: string;
    }
  | {
      /** A per-caller limit (discovery, invalid session IDs) refused a call. */
      readonly type: 'caller_limited';
      readonly at: number;
      readonly path: string;
    }
  | {
      readonly type: 'unexpected_error';
      readonly at: number;
      readonly executionId: string;
      readonly errorName: string;
    };
