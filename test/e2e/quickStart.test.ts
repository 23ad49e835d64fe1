// The README's quick start, as it is written there (fixtures/quick-start), served by the
// Vite plugin in BFF mode: a newcomer's app signs olivia in, reads her vault's documents,
// stays signed in across a reload and signs out, with no session ID in the page.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../src/testing/index';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const app = setUpBrowserAndDevServer({
  devServer: { root: resolve(import.meta.dirname, 'fixtures/quick-start') },
});

describe("the README's quick start", () => {
  it('signs in, lists the documents, survives a reload and signs out', async () => {
    const page = await (await app.newContext()).newPage();
    await page.goto(app.dev.url);
    await signIn(page, { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
    const heading = page.getByRole('heading', { name: /Documents of olivia@sunrise\.example/ });
    await heading.waitFor();
    await expect(heading.textContent()).resolves.toContain('Sunrise PromoMats');
    await page.getByRole('listitem').first().waitFor(); // the vault's documents

    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain('__Host-vault-session');
    expect(cookies.find((cookie) => cookie.name === '__Host-vault-session')?.httpOnly).toBe(true);

    await page.reload();
    await heading.waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('textbox', { name: 'User name' }).waitFor();
  });
});
