// vault-session-kit/testing's signIn in real Chromium, against an app of the kit's
// LoginForm on the dev server: it signs a user in as the user would, and a failure comes
// back with the form's own words.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { signIn } from '../../src/testing/index';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const app = setUpBrowserAndDevServer({
  devServer: {
    root: resolve(import.meta.dirname, 'fixtures/login-app'),
    session: false,
    prebuilt: true,
  },
});

describe('signIn from vault-session-kit/testing', () => {
  it('signs olivia in through the login form', async () => {
    const page = await (await app.newContext()).newPage();
    await page.goto(app.dev.url);
    await signIn(page, { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
    await expect(page.getByRole('heading', { name: 'Signed in' }).isVisible()).resolves.toBe(true);
  });

  it('rejects with what the form says when the password is wrong', async () => {
    const page = await (await app.newContext()).newPage();
    await page.goto(app.dev.url);
    await expect(
      signIn(page, { username: 'olivia@sunrise.example', password: 'not-her-password' }),
    ).rejects.toThrow(`Sign-in of olivia@sunrise.example failed: ${en.incorrectCredentials}`);
  });
});
