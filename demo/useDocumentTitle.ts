import { useEffect } from 'react';

const APP_NAME = 'Vault Docs';

/**
 * Sets the page title for the current screen (WCAG 2.4.2), followed by the app's name.
 *
 * @example
 * ```ts
 * useDocumentTitle('Sign in'); // "Sign in · Vault Docs"
 * ```
 */
export function useDocumentTitle(...parts: readonly string[]): void {
  const title = [...parts.filter((part) => part !== ''), APP_NAME].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
