// The demo's ways out of a refused password, in Debian's Chromium: an expired password is
// changed on the vault's own password page (served by the emulator) and the user then
// signs in; a locked account says what the service says and links the app's reset page.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { axeViolations } from './support/axeViolations';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const NEWHIRE = { username: 'newhire@sunrise.example', password: 'Sunrise-Demo-3' };
const MARCUS = { username: 'marcus@sunrise.example', password: 'Sunrise-Demo-2' };

const demo = setUpBrowserAndDevServer({ devServer: { root: DEMO_ROOT, prebuilt: true } });

async function openDemo(): Promise<Page> {
  const context = await demo.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(demo.dev.url);
  await page.getByRole('textbox', { name: en.usernameLabel }).waitFor();
  return page;
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  const field = page.getByRole('textbox', { name: en.usernameLabel });
  if (await field.isVisible()) {
    await field.fill(username);
    await page.getByRole('button', { name: en.continue }).click();
  }
  await page.getByLabel(en.passwordLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.signIn }).click();
}

function alertText(page: Page) {
  return expect.poll(() => page.locator('.vsk-login__error[role="alert"]').textContent(), {
    timeout: 10_000,
  });
}

describe('the demo, when the password is refused', () => {
  it('newhire changes an expired password on the vault password page, then signs in', async () => {
    const page = await openDemo();
    await signIn(page, NEWHIRE.username, NEWHIRE.password);
    await alertText(page).toBe(en.passwordChangeRequired);

    await page.getByRole('link', { name: en.changePassword }).click();
    await page.getByRole('heading', { level: 1, name: 'Change your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/vault/promomats.sunrise.example/ui/password');
    expect(await axeViolations(page, 'vault password page')).toEqual([]);
    await page.getByLabel('User name').fill(NEWHIRE.username);
    await page.getByLabel('Current password').fill(NEWHIRE.password);
    await page.getByLabel('New password').fill('Sunrise-Fresh-4');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').getByText('Your password was changed.').waitFor();
    expect(await axeViolations(page, 'password changed')).toEqual([]);

    await page.goto(demo.dev.url);
    await page.getByRole('textbox', { name: en.usernameLabel }).waitFor();
    await signIn(page, NEWHIRE.username, 'Sunrise-Fresh-4');
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
  });

  it('five wrong passwords lock marcus: warned from the third, the form promises no time and links the reset page', async () => {
    const page = await openDemo();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await signIn(page, MARCUS.username, `not-the-password-${attempt}`);
      await alertText(page).toBe(attempt >= 3 ? en.lockoutWarning : en.incorrectCredentials);
    }
    expect(await axeViolations(page, 'warned of the lock')).toEqual([]);
    expect(await page.getByRole('link', { name: en.resetPassword }).isVisible()).toBe(true);
    await signIn(page, MARCUS.username, MARCUS.password);
    await alertText(page).toBe(en.lockedOut);
    expect(en.lockedOut).not.toMatch(/minute/);
    expect(await axeViolations(page, 'locked')).toEqual([]);

    await page.getByRole('link', { name: en.resetPassword }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    expect(await axeViolations(page, 'reset page')).toEqual([]);
  });
});
