import type { OAuthFailureReason } from './EmulatorEvent';

/**
 * What an RFC 7662 introspection answer must satisfy before its token may start a
 * session.
 */
export interface IntrospectionPolicy {
  readonly issuer: string;
  readonly allowedClientIds: readonly string[];
  readonly nowMs: number;
  /** Tolerated clock difference for `exp` and `nbf`. */
  readonly leewayMs: number;
}

/**
 * The outcome of {@link validateIntrospection}: the subject to map to a user, or the
 * specific reason for the refusal (for the audit stream only).
 */
export type IntrospectionVerdict =
  | { readonly ok: true; readonly issuer: string; readonly subject: string }
  | { readonly ok: false; readonly reason: OAuthFailureReason };

/**
 * Checks an introspection answer: `active` must be the boolean `true` (EXCH-02),
 * `client_id` or `aud` must name an allowed client (EXCH-03), `exp` must lie ahead and
 * `nbf` (if any) behind, `iss` must be the expected issuer, `token_type` (if any) must be
 * `Bearer` (EXCH-04), and `sub` must be present (EXCH-05).
 */
export function validateIntrospection(
  result: unknown,
  policy: IntrospectionPolicy,
): IntrospectionVerdict {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    return { ok: false, reason: 'inactive_token' };
  }
  const claims = result as Record<string, unknown>;
  if (claims.active !== true) return { ok: false, reason: 'inactive_token' };

  const allowed = new Set(policy.allowedClientIds);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const clientAllowed =
    (typeof claims.client_id === 'string' && allowed.has(claims.client_id)) ||
    audiences.some((aud) => typeof aud === 'string' && allowed.has(aud));
  if (!clientAllowed) return { ok: false, reason: 'client_not_allowed' };

  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    return { ok: false, reason: 'expired' };
  }
  if (claims.exp * 1000 + policy.leewayMs <= policy.nowMs) return { ok: false, reason: 'expired' };
  if (claims.nbf !== undefined) {
    if (typeof claims.nbf !== 'number' || claims.nbf * 1000 - policy.leewayMs > policy.nowMs) {
      return { ok: false, reason: 'not_yet_valid' };
    }
  }

  if (claims.iss !== policy.issuer) return { ok: false, reason: 'issuer_mismatch' };

  if (
    claims.token_type !== undefined &&
    (typeof claims.token_type !== 'string' || claims.token_type.toLowerCase() !== 'bearer')
  ) {
    return { ok: false, reason: 'wrong_token_type' };
  }

  if (typeof claims.sub !== 'string' || claims.sub === '') {
    return { ok: false, reason: 'missing_subject' };
  }
  return { ok: true, issuer: policy.issuer, subject: claims.sub };
}
