import type { ReactNode } from 'react';
import { LoginForm } from '../../src/components/LoginForm';
import {
  SessionExpiryDialog,
  type SessionExpiryDialogProps,
} from '../../src/components/SessionExpiryDialog';
import { RequireSession } from '../../src/react/RequireSession';

/**
 * The expiry dialog where an application puts it, over a page with unsaved input, and the
 * login form once the session has ended.
 *
 * @example
 * ```tsx
 * const meta = { render: (args) => <DialogOverDraft {...args} /> };
 * ```
 */
export function DialogOverDraft(props: SessionExpiryDialogProps): ReactNode {
  return (
    <>
      <SessionExpiryDialog {...props} />
      <RequireSession fallback={<LoginForm />}>
        <label className="vsk-root">
          Notes
          <textarea defaultValue="Draft not saved yet" />
        </label>
      </RequireSession>
    </>
  );
}
