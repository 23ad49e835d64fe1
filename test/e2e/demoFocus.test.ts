// Where focus goes in the demo when the user comes back or acts for someone, in Debian's
// Chromium: Back at the identity provider returns to the single sign-on step with its
// heading focused, and the acting-as banner shows the focus it takes after "Act as".
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');

const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, emulator: { authBurstLimit: 1_000 }, prebuilt: true },
});

describe('focus in the demo', () => {
  it('Back at the identity provider returns to the single sign-on step, its heading focused', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await page.goto(demo.dev.url);
    await page.getByRole('textbox', { name: en.usernameLabel }).fill('sam@harbor.example');
    await page.getByRole('button', { name: en.continue }).click();
    await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
    await page.waitForURL(/\/oidc\//);
    await page.getByLabel('User name').waitFor();

    await page.goBack();
    const heading = page.getByRole('heading', { name: en.ssoHeading });
    await heading.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(en.ssoHeading);
    expect(await page.getByRole('button', { name: 'Continue with Harbor SSO' }).isEnabled()).toBe(
      true,
    );
  });

  it('after "Act as" with the mouse, the banner that took the focus shows it', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await page.goto(demo.dev.url);
    await page.getByRole('textbox', { name: en.usernameLabel }).fill('olivia@sunrise.example');
    await page.getByRole('button', { name: en.continue }).click();
    await page.getByLabel(en.passwordLabel, { exact: true }).fill('Sunrise-Demo-1');
    await page.getByRole('button', { name: en.signIn }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page.getByRole('button', { name: /^Delegations/ }).click();
    await page.getByRole('button', { name: 'Act as Marcus Reed in Sunrise QualityDocs' }).click();
    const banner = page.getByRole('region', { name: 'Delegated session' });
    await banner.waitFor();
    await expect
      .poll(() => banner.evaluate((element) => element === document.activeElement))
      .toBe(true);
    const ring = await banner.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  });
});
