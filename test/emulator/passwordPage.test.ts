import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, type RunningEmulator, startEmulator } from './startEmulator';

let vault: RunningEmulator;
afterEach(async () => {
  await vault?.close();
});

const PAGE = '/ui/password';
const AUTH = '/api/v26.1/auth';
const [NEWHIRE, NEWHIRE_PASSWORD] = DEMO.newhire;

async function authError(username: string, password: string): Promise<string | undefined> {
  const body = (await (await vault.post(AUTH, { username, password })).json()) as {
    responseStatus: string;
    errors?: { type: string }[];
  };
  return body.responseStatus === 'SUCCESS' ? undefined : body.errors?.[0]?.type;
}

describe('the vault password page', () => {
  it('serves a labelled form for the user name, the current and the new password', async () => {
    vault = await startEmulator();
    const response = await vault.get(PAGE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Change your password</h1>');
    for (const autocomplete of ['username', 'current-password', 'new-password']) {
      expect(html).toContain(`autocomplete="${autocomplete}"`);
    }
  });

  it('lets newhire change an expired password and then sign in with the new one', async () => {
    vault = await startEmulator();
    expect(await authError(NEWHIRE, NEWHIRE_PASSWORD)).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await vault.post(PAGE, {
      username: NEWHIRE,
      password: NEWHIRE_PASSWORD,
      new_password: 'Sunrise-Fresh-4',
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Your password was changed.');

    expect(await authError(NEWHIRE, NEWHIRE_PASSWORD)).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    expect(await authError(NEWHIRE, 'Sunrise-Fresh-4')).toBeUndefined();
  });

  it('refuses a wrong current password, counted toward the lockout, and keeps the user name', async () => {
    vault = await startEmulator({ lockout: { maxFailures: 2 } });
    const wrong = await vault.post(PAGE, {
      username: NEWHIRE,
      password: 'not-it',
      new_password: 'Sunrise-Fresh-4',
    });
    expect(wrong.status).toBe(403);
    const html = await wrong.text();
    expect(html).toContain('<p role="alert">The user name or current password is incorrect.</p>');
    expect(html).toContain(`value="${NEWHIRE}"`);

    await vault.post(PAGE, { username: NEWHIRE, password: 'not-it-either', new_password: 'x-1' });
    expect(await authError(NEWHIRE, NEWHIRE_PASSWORD)).toBe('USER_LOCKED_OUT');
  });

  it('asks for every field, a new password that differs, and escapes what it echoes', async () => {
    vault = await startEmulator();
    const missing = await vault.post(PAGE, {
      username: '<b>x</b>',
      password: 'a',
      new_password: '',
    });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain('Enter your user name, your current password and a new password.');
    expect(html).not.toContain('<b>x</b>');
    const same = await vault.post(PAGE, { username: NEWHIRE, password: 'a', new_password: 'a' });
    expect(same.status).toBe(400);
    expect(await vault.get(PAGE, {})).toHaveProperty('status', 200);
  });
});
