// docs/testing.md: a Playwright test signing a user in through the app's LoginForm.
// Type-checked with the rest of the tests; test/e2e/signIn.test.ts runs signIn itself.
import type { Page } from 'playwright-core';
import { signIn } from '../../../src/testing/index';

export async function signInOlivia(page: Page): Promise<void> {
  await page.goto('/');
  await signIn(page, { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
}
