import type { BurstVerdict } from './createBurstLimiter';
import type { EmulatorCall } from './EmulatorCall';
import type { LoginFailureReason } from './EmulatorEvent';
import type { EmulatorState } from './EmulatorState';
import { verifyPassword } from './hashPassword';
import { nonEmpty } from './nonEmpty';
import { replyTo } from './replyTo';
import { startSession } from './startSession';
import { vaultFailure } from './vaultResponse';

const LOCKED = 'The user account is locked. Try again later.';
/** The burst window shared by every `vaultDNS` that names none of the emulator's vaults. */
const ANY_OTHER_DNS = '*';
/** Retry-After when the lockout table is full: it makes room as its oldest entries expire. */
const TABLE_FULL_RETRY_SECONDS = 60;

/**
 * `POST /api/{v}/auth`: password login, with the auth burst limit per user name + vault,
 * the per-caller limit on failed logins, the lockout, and the same hashing work for every
 * account.
 */
export async function handlePasswordLogin(
  state: EmulatorState,
  call: EmulatorCall,
): Promise<Response> {
  const { clock, failures, index } = state;
  const username = call.form.get('username') ?? '';
  const password = call.form.get('password') ?? '';
  const explicitDns = nonEmpty(call.form.get('vaultDNS'));
  // Without a body vaultDNS the service takes the vault from the host that was called.
  const targetDns = (explicitDns ?? call.url.hostname).toLowerCase();
  const key = username.toLowerCase();
  const user = index.usersByName.get(key);

  const refuse = async (
    verdict: BurstVerdict,
    type: string,
    message: string,
    reason: LoginFailureReason,
    extra: Record<string, string> = {},
  ): Promise<Response> => {
    state.emit({
      type: 'login_failed',
      at: clock.now(),
      nameTag: await state.tagName(key),
      ...(user ? { userId: user.id } : {}),
      reason,
    });
    return replyTo(call, vaultFailure(type, message, { authentication: true }), {
      ...burstHeaders(verdict),
      ...extra,
    });
  };

  const callerLimited = (callerVerdict: BurstVerdict): Promise<Response> =>
    refuse(
      callerVerdict,
      'API_LIMIT_EXCEEDED',
      `Too many failed authentication calls from this caller. Try again in ${callerVerdict.retryAfterSeconds} seconds.`,
      'caller_limit',
      { 'Retry-After': String(callerVerdict.retryAfterSeconds) },
    );

  // A caller that failed too often this minute is refused before any name is looked at, so
  // spraying many names from one address is as limited as guessing one (THR-06).
  const callerVerdict = state.failedLoginLimit.peek(call.caller);
  if (!callerVerdict.allowed) return callerLimited(callerVerdict);
  // Each of the emulator's vaults is a window of its own, as the service counts; every
  // other vaultDNS shares one, so making up vault names opens no new window (THR-06).
  const window = index.vaultsByDns.has(targetDns) ? targetDns : ANY_OTHER_DNS;
  const verdict = state.burst.hit(`${key}\n${window}`);
  if (!verdict.allowed) {
    return refuse(
      verdict,
      'API_LIMIT_EXCEEDED',
      `Too many authentication calls for this user and vault. Try again in ${verdict.retryAfterSeconds} seconds.`,
      'burst_limit',
      { 'Retry-After': String(verdict.retryAfterSeconds) },
    );
  }
  if (username === '') {
    return refuse(
      verdict,
      'PARAMETER_REQUIRED',
      'Missing required parameter [username].',
      'missing_username',
    );
  }
  if (password === '') {
    return refuse(
      verdict,
      'NO_PASSWORD_PROVIDED',
      'No password was provided for the login call.',
      'missing_password',
    );
  }
  // A full lockout table never forgets a name's failures to make room (THR-01): a name it
  // does not track yet waits until entries expire, whether or not the account exists.
  if (!failures.admits(key)) {
    return refuse(
      verdict,
      'API_LIMIT_EXCEEDED',
      `Too many failed authentication calls. Try again in ${TABLE_FULL_RETRY_SECONDS} seconds.`,
      'lockout_table_full',
      { 'Retry-After': String(TABLE_FULL_RETRY_SECONDS) },
    );
  }
  // Every password login does the same hashing work whatever the account's state, so the
  // answer's timing tells nothing about which accounts exist, are locked or inactive
  // (ENUM-01): one key derivation, against a verifier made when the emulator started; the
  // state is looked at only once the password has been checked.
  // The attempt counts against the caller from here, before the first wait: logins in
  // flight at once each see the others, so they cannot overshoot the limit together. One
  // that does not fail is given back.
  const attemptAt = clock.now();
  const attempt = state.failedLoginLimit.hit(call.caller);
  if (!attempt.allowed) return callerLimited(attempt);
  await state.credentials.ready;
  const credential = user ? state.credentials.credentialFor(user) : undefined;
  const matches = await verifyPassword(password, await (credential ?? state.credentials.decoy()));
  const failed = (type: string, message: string, reason: LoginFailureReason): Promise<Response> =>
    refuse(verdict, type, message, reason);
  if (failures.lockedUntil(key) !== undefined) {
    return failed('USER_LOCKED_OUT', LOCKED, 'temporarily_locked');
  }
  if (user?.status === 'locked') return failed('USER_LOCKED_OUT', LOCKED, 'account_locked');
  if (user?.status === 'inactive') {
    return failed('INACTIVE_USER', 'The user account is inactive.', 'inactive');
  }

  if (!user || !credential || !matches) {
    const lockedUntil = failures.recordFailure(key);
    if (lockedUntil !== undefined) {
      state.emit({
        type: 'account_locked',
        at: clock.now(),
        nameTag: await state.tagName(key),
        ...(user ? { userId: user.id } : {}),
        until: lockedUntil,
      });
    }
    return failed(
      'USERNAME_OR_PASSWORD_INCORRECT',
      'Authentication failed: the user name or password is incorrect.',
      user && credential ? 'wrong_password' : 'unknown_user',
    );
  }
  state.failedLoginLimit.refund(call.caller, attemptAt);
  failures.recordSuccess(key);
  if (user.status === 'password_change_required') {
    return refuse(
      verdict,
      'PASSWORD_CHANGE_REQUIRED',
      'The password has expired and must be changed before signing in.',
      'password_change_required',
    );
  }
  return startSession(state, call, {
    user,
    method: 'password',
    vaultDns: explicitDns,
    hostDns: call.url.hostname,
    headers: burstHeaders(verdict),
  });
}

function burstHeaders(verdict: BurstVerdict): Record<string, string> {
  return {
    'X-VaultAPI-BurstLimit': String(verdict.limit),
    'X-VaultAPI-BurstLimitRemaining': String(verdict.remaining),
  };
}
