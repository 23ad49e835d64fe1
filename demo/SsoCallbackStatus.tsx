import type { ReactNode } from 'react';
import { useSsoCallback } from '../src/index';
import { useDemoLanguage } from './DemoLanguageProvider';

/**
 * What the page says while the single sign-on callback is completed, or while a vault's web
 * tab hands its session over: the same status that
 * `index.html` paints before any module has loaded, so the words stay put from the first
 * paint until the documents replace them. Nothing otherwise (a new tab joining an open
 * session takes a split second, too short to show anything).
 *
 * @example
 * ```tsx
 * <RequireSession fallback={<SignInPage />} pending={<SsoCallbackStatus />}>
 *   <Workspace />
 * </RequireSession>
 * ```
 */
export function SsoCallbackStatus(): ReactNode {
  const callback = useSsoCallback();
  const { language } = useDemoLanguage();
  if (callback.status !== 'processing') return null;
  return (
    <p className="demo-boot" role="status">
      {callback.via === 'web-tab'
        ? language.messages.login.webTabConnecting
        : language.messages.login.ssoCompleting}
    </p>
  );
}
