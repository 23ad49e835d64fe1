import type { ReactNode } from 'react';

/**
 * What the demo runs against, in the page's `contentinfo` landmark.
 *
 * @example
 * ```tsx
 * <DemoFooter />
 * ```
 */
export function DemoFooter(): ReactNode {
  return (
    <footer className="demo-footer">
      <p>
        Vault Docs demonstrates vault-session-kit. Its vault is the built-in emulator at{' '}
        <code>/api</code> and <code>/auth</code>; single sign-on goes through the development OpenID
        Provider at <code>/oidc</code>. Nothing leaves your machine.
      </p>
    </footer>
  );
}
