import type { Page } from 'playwright-core';
import { enLoginMessages } from '../locales/en/enLoginMessages';

/**
 * Who {@link signIn} signs in, and the form's texts when the app changed them.
 *
 * @example
 * ```ts
 * const olivia: SignInOptions = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
 * ```
 */
export interface SignInOptions {
  /** The user name, as typed on the form's first step. */
  readonly username: string;
  /** Typed into the password field as it is. */
  readonly password: string;
  /**
   * The labels of the app's `LoginForm`, when its `messages` differ from the English ones
   * (another language, a replaced label): the user name field, "Continue", the password
   * field and "Sign in".
   */
  readonly messages?: {
    readonly usernameLabel?: string;
    readonly continue?: string;
    readonly passwordLabel?: string;
    readonly signIn?: string;
  };
  /** How long each step may take, in milliseconds; default Playwright's own timeout. */
  readonly timeout?: number;
}

/**
 * Signs a user in through the app's `LoginForm` in a Playwright page, as the user would:
 * the user name, "Continue", the password, "Sign in". Resolves once the password step is
 * gone (the app shows what the session opens); rejects with the form's own message when
 * the sign-in fails (a wrong password, a locked account, a setup error), so a test says
 * why. For users who sign in with a password; a single sign-on user goes through the
 * identity provider's pages, which the test drives itself.
 *
 * @example
 * ```ts
 * import type { Page } from 'playwright-core';
 *
 * async function openDocuments(page: Page): Promise<void> {
 *   await page.goto('http://localhost:5173/');
 *   await signIn(page, { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
 *   await page.getByRole('heading', { name: 'Documents' }).waitFor();
 * }
 * ```
 */
export async function signIn(page: Page, options: SignInOptions): Promise<void> {
  const labels = {
    usernameLabel: enLoginMessages.usernameLabel,
    continue: enLoginMessages.continue,
    passwordLabel: enLoginMessages.passwordLabel,
    signIn: enLoginMessages.signIn,
    ...options.messages,
  };
  const timeout = options.timeout === undefined ? {} : { timeout: options.timeout };
  // The form reports failures in an alert; an empty one is the live region waiting.
  const failure = page.getByRole('alert').filter({ hasText: /\S/ }).first();
  // Settles only when the form shows a failure: its wait never decides a race by timing out.
  const failed = (): Promise<never> =>
    failure.waitFor(timeout).then(
      async () => {
        throw new Error(`Sign-in of ${options.username} failed: ${await failure.textContent()}`);
      },
      () => new Promise<never>(() => {}),
    );

  await page.getByRole('textbox', { name: labels.usernameLabel }).fill(options.username, timeout);
  await page.getByRole('button', { name: labels.continue }).click(timeout);
  const password = page.getByLabel(labels.passwordLabel, { exact: true });
  await Promise.race([password.waitFor(timeout), failed()]);
  await password.fill(options.password, timeout);
  await page.getByRole('button', { name: labels.signIn }).click(timeout);
  await Promise.race([password.waitFor({ state: 'detached', ...timeout }), failed()]);
}
