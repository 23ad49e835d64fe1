import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { escapeHtml } from './escapeHtml';
import { verifyPassword } from './hashPassword';

/**
 * The address of the page on every vault host, as the vault's web interface has one.
 *
 * @example
 * Behind the dev server each vault's pages are under `/vault/{dns}`, so the login form can
 * send a user whose password must change to the emulator's page:
 * ```tsx
 * <LoginForm passwordChangeUrl={`/vault/promomats.sunrise.example${PASSWORD_PAGE_PATH}`} />
 * ```
 */
export const PASSWORD_PAGE_PATH = '/ui/password';

type Outcome = 'form' | 'changed' | 'incorrect' | 'locked' | 'missing' | 'same' | 'limited';

const NOTICES: Readonly<Record<Exclude<Outcome, 'form'>, string>> = {
  changed: 'Your password was changed. Go back to the app and sign in with your new password.',
  incorrect: 'The user name or current password is incorrect.',
  locked: 'The user account is locked. Try again later.',
  missing: 'Enter your user name, your current password and a new password.',
  same: 'The new password must differ from the current one.',
  limited: 'Too many attempts for this user. Wait a minute, then try again.',
};

/**
 * `GET` and `POST /ui/password` on a vault host: a minimal password-change page, as the
 * vault's web interface offers, so an expired password (`PASSWORD_CHANGE_REQUIRED`) can be
 * changed and the user can sign in. It asks for the user name, the current password and a
 * new one; a wrong current password counts toward the lockout like a failed login, and the
 * auth burst limit applies. A change lifts "password change required".
 */
export async function handlePasswordPage(
  state: EmulatorState,
  call: EmulatorCall,
): Promise<Response> {
  const method = call.request.method.toUpperCase();
  if (method === 'GET') return page('form', 200);
  if (method !== 'POST') {
    return new Response('Use GET or POST.', { status: 405, headers: { Allow: 'GET, POST' } });
  }
  const username = call.form.get('username')?.trim() ?? '';
  const current = call.form.get('password') ?? '';
  const next = call.form.get('new_password') ?? '';
  if (username === '' || current === '' || next === '') return page('missing', 400, username);
  if (next === current) return page('same', 400, username);
  const key = username.toLowerCase();
  if (!state.burst.hit(`${key}\n${call.url.hostname.toLowerCase()}`).allowed) {
    return page('limited', 429, username);
  }

  // The same hashing work whatever the account, as at sign-in (ENUM-01).
  const user = state.index.usersByName.get(key);
  const credential = user ? state.credentials.credentialFor(user) : undefined;
  const matches = await verifyPassword(current, await (credential ?? state.credentials.decoy()));
  if (state.failures.lockedUntil(key) !== undefined || user?.status === 'locked') {
    return page('locked', 403, username);
  }
  if (!user || !credential || !matches || user.status === 'inactive') {
    state.failures.recordFailure(key);
    return page('incorrect', 403, username);
  }
  await state.credentials.replace(user.id, next);
  state.failures.recordSuccess(key);
  if (user.status === 'password_change_required') {
    const changed = { ...user, status: 'active' as const };
    state.index.usersById.set(user.id, changed);
    state.index.usersByName.set(key, changed);
  }
  return page('changed', 200);
}

function page(outcome: Outcome, status: number, username = ''): Response {
  const notice =
    outcome === 'form'
      ? ''
      : `<p role="${outcome === 'changed' ? 'status' : 'alert'}">${NOTICES[outcome]}</p>`;
  const form =
    outcome === 'changed'
      ? ''
      : `<form method="post">
<p><label for="username">User name</label><br><input id="username" name="username" autocomplete="username" required value="${escapeHtml(username)}"></p>
<p><label for="password">Current password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><label for="new_password">New password</label><br><input id="new_password" name="new_password" type="password" autocomplete="new-password" required></p>
<p><button type="submit">Change password</button></p>
</form>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Change your password · Vault</title></head>
<body><main>
<h1>Change your password</h1>
${notice}
${form}
</main></body>
</html>`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
