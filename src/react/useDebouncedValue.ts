import { useEffect, useState } from 'react';
import { useVaultSession } from './VaultSessionContext';

/**
 * The value, once it has stopped changing for `delayMs` on the timers of the session above
 * (the `SessionProvider`'s), so an injected clock decides when it settles.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const { timers } = useVaultSession();
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (delayMs <= 0) {
      setSettled(value);
      return;
    }
    const handle = timers.setTimeout(() => setSettled(value), delayMs);
    return () => timers.clearTimeout(handle);
  }, [value, delayMs, timers]);
  return delayMs <= 0 ? value : settled;
}
