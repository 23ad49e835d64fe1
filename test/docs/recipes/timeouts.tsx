// docs/timeouts-and-keep-alive.md: the session's time-outs and the expiry dialog, held
// back or opened by the app. Type-checked with the rest of the tests.
import { useState } from 'react';
import type { VaultClientConfig } from '../../../src/core/index';
import { SessionExpiryDialog, SessionProvider } from '../../../src/index';

const config: VaultClientConfig = { authUrl: '', vaultUrl: '/vault/{dns}' };

export const app = (
  <SessionProvider
    config={config}
    keepAlive={{ idleTimeoutMs: 10 * 60_000, intervalMs: 2 * 60_000 }}
  >
    <SessionExpiryDialog idleWarningMs={3 * 60_000} />
  </SessionProvider>
);

export function HeldBack() {
  const [open, setOpen] = useState(false); // held back until the user asks for it
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Session
      </button>
      <SessionExpiryDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setOpen(false);
        }}
      />
    </>
  );
}
