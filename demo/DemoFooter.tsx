import type { ReactNode } from 'react';
import { demoTimeouts, timeoutsToggleHref } from './demoTimeouts';

/**
 * What the demo runs against, in the page's `contentinfo` landmark, and the switch between
 * the normal and the short idle timeout (a full page load: the session's settings are read
 * once, and the session itself survives it in sessionStorage).
 *
 * @example
 * ```tsx
 * <DemoFooter />
 * ```
 */
export function DemoFooter(): ReactNode {
  const here = new URL(window.location.href);
  const { short, idleMinutes } = demoTimeouts(here.search);
  return (
    <footer className="demo-footer">
      <p>
        Vault Docs demonstrates vault-session-kit. Its vaults are the built-in emulator, each at its
        own host behind the kit's proxy (<code>/vault/…</code>, <code>/auth</code>); single sign-on
        goes through the development OpenID Provider at <code>/oidc</code>. Nothing leaves your
        machine.
      </p>
      <p className="demo-footer__timeouts">
        Inactivity sign-out after {idleMinutes} minutes.{' '}
        <a href={timeoutsToggleHref(here, !short)}>
          {short
            ? 'Back to the 30-minute timeout'
            : 'Try short timeouts (2 minutes) to see the warning'}
        </a>
      </p>
    </footer>
  );
}
