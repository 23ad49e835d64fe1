import type { EmulatorCall } from './EmulatorCall';
import type { OAuthFailureReason } from './EmulatorEvent';
import type { EmulatorState } from './EmulatorState';
import { nonEmpty } from './nonEmpty';
import { replyTo } from './replyTo';
import { startSession } from './startSession';
import { validateIntrospection } from './validateIntrospection';
import { vaultFailure } from './vaultResponse';

const TOKEN_LEEWAY_MS = 10_000;

/**
 * `POST /auth/oauth/session/{profileId}`: a session for the holder of an access token that
 * the profile's authorization server vouches for (RFC 7662 introspection).
 */
export async function handleOAuthLogin(
  state: EmulatorState,
  call: EmulatorCall,
  profileId: string,
): Promise<Response> {
  const { clock, index, oidc } = state;
  const refuse = (reason: OAuthFailureReason): Response => {
    state.emit({ type: 'oauth_failed', at: clock.now(), profileId, reason });
    // EXCH-08: one answer for every reason.
    return replyTo(
      call,
      vaultFailure(
        'INSUFFICIENT_ACCESS',
        'The access token could not be used to start a session.',
        { authentication: true },
      ),
    );
  };
  const profile = index.profilesById.get(profileId);
  if (!profile) return refuse('unknown_profile');
  // The access token is read from the Authorization header only, never from the URL.
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(call.request.headers.get('authorization') ?? '');
  const token = bearer?.[1];
  if (!token) return refuse('missing_token');
  if (!oidc) return refuse('not_configured');

  let introspection: unknown;
  try {
    introspection = await oidc.introspect(token);
  } catch {
    return refuse('introspection_failed');
  }
  const verdict = validateIntrospection(introspection, {
    issuer: oidc.issuer,
    allowedClientIds: oidc.allowedClientIds,
    nowMs: clock.now(),
    leewayMs: TOKEN_LEEWAY_MS,
  });
  if (!verdict.ok) return refuse(verdict.reason);
  const userId = index.subjects.get(`${profile.id}\n${verdict.subject}`);
  const user = userId === undefined ? undefined : index.usersById.get(userId);
  if (!user) return refuse('unknown_subject');
  if (user.status !== 'active' && user.status !== 'password_change_required') {
    return refuse('user_not_active');
  }
  const explicitDns = nonEmpty(call.form.get('vaultDNS'));
  return startSession(state, call, { user, method: 'oauth', vaultDns: explicitDns });
}
