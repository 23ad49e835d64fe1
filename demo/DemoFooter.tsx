import type { ReactNode } from 'react';
import { demoTimeouts, timeoutsToggleHref } from './demoTimeouts';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * What the demo runs against, in the page's `contentinfo` landmark, the switch between the
 * normal and the short idle timeout (a full page load: the session's settings are read
 * once, and the session itself survives it in sessionStorage), and the language switch of
 * the kit's components.
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
    // The demo's own text is English in every language the kit's components speak, so it
    // says so, and keeps its punctuation in place on a right-to-left page.
    <footer className="demo-footer" lang="en" dir="ltr">
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
      <LanguageSwitch />
    </footer>
  );
}
