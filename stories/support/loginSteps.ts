import { expect, userEvent, within } from 'storybook/test';
import type { LoginMessages } from '../../src/components/i18n/LoginMessages';

/**
 * What a person does with the login form, for `play` functions: each step acts through
 * the form's labels and buttons, in the form's language, and waits for the next state.
 *
 * @example
 * ```ts
 * const steps = loginSteps(canvasElement, workshopMessages(globals.locale).login);
 * await steps.continueAs('olivia@sunrise.example');
 * await steps.signIn('Wrong-Password-1');
 * await steps.expectMessage(t.incorrectCredentials);
 * ```
 */
export function loginSteps(canvasElement: HTMLElement, t: LoginMessages) {
  const canvas = within(canvasElement);
  return {
    /** Enters the user name and continues; resolves on the password or SSO step. */
    async continueAs(username: string): Promise<void> {
      const field = await canvas.findByLabelText(t.usernameLabel);
      await userEvent.clear(field);
      await userEvent.type(field, username);
      await userEvent.click(canvas.getByRole('button', { name: t.continue }));
      await canvas.findByRole('heading', {
        name: (name) => name === t.passwordHeading || name === t.ssoHeading,
      });
    },
    /** Types the password and presses "Sign in". */
    async signIn(password: string): Promise<void> {
      const field = await canvas.findByLabelText(t.passwordLabel, { selector: 'input' });
      await userEvent.clear(field);
      await userEvent.type(field, password);
      await userEvent.click(canvas.getByRole('button', { name: t.signIn }));
    },
    /** Waits until the form's alert says `message`. */
    async expectMessage(message: string, timeout = 5_000): Promise<void> {
      await expect(await canvas.findByText(message, {}, { timeout })).toBeVisible();
    },
  };
}
