import { describe, expect, it } from 'vitest';
import { useCountdown } from '../../src/components/useCountdown';
import { useVaultSession } from '../../src/react/VaultSessionContext';
import { renderHookWithSession } from '../support/renderWithSession';

// The wait of a rate limit: the seconds shown step on the second and reach 0 when the wait
// is over, however far from a whole second the countdown began.

describe('useCountdown on the session clock', () => {
  it('steps on whole seconds before the end and reaches 0 exactly at it', async () => {
    let until: number | undefined;
    const { result, backend } = await renderHookWithSession(
      () => {
        const session = useVaultSession();
        until ??= session.now() + 2_500;
        return useCountdown(until);
      },
      { manualTime: true },
    );
    expect(result.current).toBe(3);

    await backend.advance(499);
    expect(result.current).toBe(3);
    await backend.advance(1);
    expect(result.current).toBe(2);
    await backend.advance(1_000);
    expect(result.current).toBe(1);
    await backend.advance(999);
    expect(result.current).toBe(1);
    await backend.advance(1);
    expect(result.current).toBe(0);
  });
});
