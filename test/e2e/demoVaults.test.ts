// Auth defaulting as a person meets it in the demo, in Debian's Chromium: the demo accepts
// any of the user's vaults (validateDns: false), and a user without access to the vault it
// signs in to is told by the kit's banner which vault they are in instead.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { axeViolations } from './support/axeViolations';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const demo = setUpBrowserAndDevServer({
  devServer: { root: resolve(import.meta.dirname, '../../demo'), prebuilt: true },
});

async function signIn(username: string, password: string): Promise<Page> {
  const context = await demo.newContext();
  const page = await context.newPage();
  await page.goto(demo.dev.url);
  await page.getByRole('textbox', { name: en.usernameLabel }).fill(username);
  await page.getByRole('button', { name: en.continue }).click();
  await page.getByLabel(en.passwordLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.signIn }).click();
  await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
  await page.getByRole('table').waitFor();
  return page;
}

describe('the vault a user lands in', () => {
  it('marcus, who has no access to PromoMats, is told he is in QualityDocs', async () => {
    const page = await signIn('marcus@sunrise.example', 'Sunrise-Demo-2');
    const banner = page.locator('.vsk-acting-as-banner[data-state="landed"]');
    await expect
      .poll(() => banner.textContent())
      .toBe('You are in Sunrise QualityDocs: your account has no access to Sunrise PromoMats.');
    expect(await banner.isVisible()).toBe(true);
    expect(await axeViolations(page, 'landed in another vault')).toEqual([]);
  });

  it('olivia, in the vault asked for, gets no such notice', async () => {
    const page = await signIn('olivia@sunrise.example', 'Sunrise-Demo-1');
    expect(await page.locator('.vsk-acting-as-banner').count()).toBe(0);
  });
});
