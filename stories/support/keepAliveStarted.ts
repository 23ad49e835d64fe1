import { expect, waitFor } from 'storybook/test';
import type { StoryVault } from './createStoryVault';

/**
 * Resolves once the session's keep-alive runs. `SessionProvider` starts it in an effect,
 * which React may run after a `play` function has begun; a story that skips idle time must
 * wait for it, or the idle countdown would start after the skip.
 *
 * @example
 * ```ts
 * const vault = readStoryVault(context);
 * await keepAliveStarted(vault);
 * vault.clock.advance(28 * 60_000);
 * ```
 */
export async function keepAliveStarted(vault: StoryVault): Promise<void> {
  await waitFor(() => expect(vault.session.keepAlive.getSnapshot().status).not.toBe('stopped'), {
    timeout: 5_000,
  });
}
