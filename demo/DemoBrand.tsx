import type { ReactNode } from 'react';
import { useDemoLanguage } from './DemoLanguageProvider';

/**
 * The app's name and mark, for the top bar. Not a heading: the page's `h1` names the screen.
 *
 * @example
 * ```tsx
 * <header><DemoBrand /></header>
 * ```
 */
export function DemoBrand(): ReactNode {
  const { demo } = useDemoLanguage().language;
  return (
    <div className="demo-brand">
      <svg className="demo-brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" />
        <path d="M9 8h9l5 5v11H9z" />
        <path d="M18 8v5h5" />
      </svg>
      <span className="demo-brand__text">
        <span className="demo-brand__name" lang="en" dir="ltr">
          Vault Docs
        </span>
        <span className="demo-brand__tag">{demo.brandTag}</span>
      </span>
    </div>
  );
}
