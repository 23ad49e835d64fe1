import type { EmulatorCall } from './EmulatorCall';
import type { LoginFailureReason } from './EmulatorEvent';
import type { EmulatorState } from './EmulatorState';
import { verifyPassword } from './hashPassword';
import { nonEmpty } from './nonEmpty';
import { replyTo } from './replyTo';
import { startSession } from './startSession';
import { vaultFailure } from './vaultResponse';

const LOCKED = 'The user account is locked. Try again later.';

/**
 * `POST /api/{v}/auth`: password login, with the auth burst limit per user name + vault
 * DNS, the lockout, and the same hashing work for every account.
 *
 * @example
 * ```ts
 * case 'auth':
 *   return expect('POST', () => handlePasswordLogin(state, call));
 * ```
 */
export async function handlePasswordLogin(
  state: EmulatorState,
  call: EmulatorCall,
): Promise<Response> {
  const { clock, failures } = state;
  const username = call.form.get('username') ?? '';
  const password = call.form.get('password') ?? '';
  const explicitDns = nonEmpty(call.form.get('vaultDNS'));
  // Without a body vaultDNS the service takes the vault from the host that was called.
  const targetDns = (explicitDns ?? call.url.hostname).toLowerCase();
  const key = username.toLowerCase();

  const verdict = state.burst.hit(`${key}\n${targetDns}`);
  const burstHeaders: Record<string, string> = {
    'X-VaultAPI-BurstLimit': String(verdict.limit),
    'X-VaultAPI-BurstLimitRemaining': String(verdict.remaining),
  };
  const refuse = (
    type: string,
    message: string,
    reason: LoginFailureReason,
    extra: Record<string, string> = {},
  ): Response => {
    state.emit({ type: 'login_failed', at: clock.now(), username, reason });
    return replyTo(call, vaultFailure(type, message, { authentication: true }), {
      ...burstHeaders,
      ...extra,
    });
  };

  if (!verdict.allowed) {
    return refuse(
      'API_LIMIT_EXCEEDED',
      `Too many authentication calls for this user and vault. Try again in ${verdict.retryAfterSeconds} seconds.`,
      'burst_limit',
      { 'Retry-After': String(verdict.retryAfterSeconds) },
    );
  }
  if (username === '') {
    return refuse(
      'PARAMETER_REQUIRED',
      'Missing required parameter [username].',
      'missing_username',
    );
  }
  if (password === '') {
    return refuse(
      'NO_PASSWORD_PROVIDED',
      'No password was provided for the login call.',
      'missing_password',
    );
  }
  // Every password login does the same hashing work whatever the account's state, so the
  // answer's timing tells nothing about which accounts exist, are locked or inactive
  // (ENUM-01); the state is looked at only once the password has been checked.
  const user = state.index.usersByName.get(key);
  const credential = user ? state.credentials.credentialFor(user) : undefined;
  const matches = await verifyPassword(password, await (credential ?? state.credentials.decoy()));
  if (failures.lockedUntil(key) !== undefined) {
    return refuse('USER_LOCKED_OUT', LOCKED, 'temporarily_locked');
  }
  if (user?.status === 'locked') return refuse('USER_LOCKED_OUT', LOCKED, 'account_locked');
  if (user?.status === 'inactive') {
    return refuse('INACTIVE_USER', 'The user account is inactive.', 'inactive');
  }

  if (!user || !credential || !matches) {
    const lockedUntil = failures.recordFailure(key);
    if (lockedUntil !== undefined) {
      state.emit({ type: 'account_locked', at: clock.now(), username, until: lockedUntil });
    }
    return refuse(
      'USERNAME_OR_PASSWORD_INCORRECT',
      'Authentication failed: the user name or password is incorrect.',
      user && credential ? 'wrong_password' : 'unknown_user',
    );
  }
  failures.recordSuccess(key);
  if (user.status === 'password_change_required') {
    return refuse(
      'PASSWORD_CHANGE_REQUIRED',
      'The password has expired and must be changed before signing in.',
      'password_change_required',
    );
  }
  return startSession(
    state,
    call,
    user,
    'password',
    explicitDns ?? call.url.hostname,
    explicitDns !== undefined,
    burstHeaders,
  );
}
