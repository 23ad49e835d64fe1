import { act } from '@testing-library/react';
import { OLIVIA, type SessionHandles } from './renderWithSession';

/**
 * Plays a vault's web tab: opens a session for olivia at the vault, lets `openedMs` pass on
 * the tab's clock, then lends it to the tab's session as the hand-off does.
 */
export async function lendSession(tab: SessionHandles, openedMs = 0): Promise<void> {
  const result = await tab.session.client.login(OLIVIA);
  await tab.backend.advance(openedMs);
  act(() =>
    tab.session.manager.establish(result, {
      username: OLIVIA.username,
      startedAt: tab.session.now(),
      lent: true,
    }),
  );
  await tab.backend.settle();
}
