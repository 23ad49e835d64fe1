import { loginSteps } from './loginSteps';
import { workshopMessages } from './workshopMessages';

/**
 * {@link loginSteps} for a story context, in the story's language.
 *
 * @example
 * ```ts
 * const story = {
 *   play: async (context: Parameters<typeof storySteps>[0]) => {
 *     await storySteps(context).continueAs('olivia@sunrise.example');
 *   },
 * };
 * ```
 */
export function storySteps(context: {
  readonly canvasElement: HTMLElement;
  readonly globals: Record<string, unknown>;
}) {
  return loginSteps(context.canvasElement, workshopMessages(context.globals.locale).login);
}
