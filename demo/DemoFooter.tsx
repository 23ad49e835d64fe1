import type { ReactNode } from 'react';
import { useDemoLanguage } from './DemoLanguageProvider';
import { demoTimeouts, timeoutsToggleHref } from './demoTimeouts';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * What the demo runs against, in the page's `contentinfo` landmark, the switch between the
 * normal and the short idle timeout (a full page load: the session's settings are read
 * once, and the session itself survives it in sessionStorage), and the language switch.
 *
 * @example
 * ```tsx
 * <DemoFooter />
 * ```
 */
export function DemoFooter(): ReactNode {
  const here = new URL(window.location.href);
  const { short, idleMinutes } = demoTimeouts(here.search);
  const t = useDemoLanguage().language.demo.footer;
  return (
    <footer className="demo-footer">
      <p>{t.about}</p>
      <p className="demo-footer__timeouts">
        {t.idle(idleMinutes)}{' '}
        <a href={timeoutsToggleHref(here, !short)}>{short ? t.backToLong : t.tryShort}</a>
      </p>
      <LanguageSwitch />
    </footer>
  );
}
