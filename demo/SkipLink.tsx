import type { ReactNode } from 'react';
import { useDemoLanguage } from './DemoLanguageProvider';

/**
 * Props of {@link SkipLink}.
 *
 * @example
 * ```tsx
 * const props: SkipLinkProps = { target: 'main' };
 * ```
 */
export interface SkipLinkProps {
  /** ID of the element to move to; it needs `tabIndex={-1}` to take focus. */
  readonly target: string;
}

/**
 * "Skip to main content": the first stop of the Tab key, visible once focused (WCAG 2.4.1).
 * It moves focus itself, because following a fragment link does not reliably do so.
 *
 * @example
 * ```tsx
 * <SkipLink target="main" />
 * ```
 */
export function SkipLink({ target }: SkipLinkProps): ReactNode {
  const { demo } = useDemoLanguage().language;
  return (
    <a
      className="demo-skip-link"
      href={`#${target}`}
      onClick={(event) => {
        const element = document.getElementById(target);
        if (!element) return;
        event.preventDefault();
        element.focus();
        element.scrollIntoView({ block: 'start' });
      }}
    >
      {demo.skipToMain}
    </a>
  );
}
