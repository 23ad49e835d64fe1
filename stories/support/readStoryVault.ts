import type { StoryVault } from './createStoryVault';

/**
 * The {@link StoryVault} the preview's loader made for the story being rendered, from the
 * story context's `loaded` values (available to `beforeEach`, decorators and `play`).
 *
 * @example
 * ```ts
 * const story = {
 *   async beforeEach(context: { loaded: Record<string, unknown> }) {
 *     await readStoryVault(context).session.manager.signIn(OLIVIA);
 *   },
 * };
 * ```
 */
export function readStoryVault(context: { readonly loaded: Record<string, unknown> }): StoryVault {
  const vault = context.loaded.vault;
  if (!isStoryVault(vault)) {
    throw new Error(
      'This story has no vault: .storybook/preview.tsx must list the vault loader in `loaders`.',
    );
  }
  return vault;
}

function isStoryVault(value: unknown): value is StoryVault {
  return (
    typeof value === 'object' &&
    value !== null &&
    'session' in value &&
    'emulator' in value &&
    'clock' in value
  );
}
