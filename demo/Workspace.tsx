import { type ReactNode, useCallback, useEffect } from 'react';
import { demoDirectory } from '../src/emulator/demoDirectory';
import { ActingAsBanner, useSession } from '../src/index';
import { AppHeader } from './AppHeader';
import { DemoFooter } from './DemoFooter';
import { useDemoLanguage } from './DemoLanguageProvider';
import { DOCUMENTS_HEADING_ID, DocumentsView } from './DocumentsView';
import { DEMO_PEOPLE } from './demoAccounts';
import { SkipLink } from './SkipLink';
import { useDocumentTitle } from './useDocumentTitle';

const MAIN_ID = 'main';

function focusDocumentsHeading(): void {
  document.getElementById(DOCUMENTS_HEADING_ID)?.focus();
}

/**
 * The signed-in screen: the header (who, which vault, the session timer, delegations,
 * sign-out), the kit's banner while delegated or when the service put the user in another
 * vault than the demo asked for, and the documents.
 *
 * @example
 * ```tsx
 * <RequireSession fallback={<SignInPage />}>
 *   <Workspace />
 * </RequireSession>
 * ```
 */
export function Workspace(): ReactNode {
  const { vault } = useSession();
  const vaultName = vault?.name ?? '';
  const { demo } = useDemoLanguage().language;
  useDocumentTitle(demo.documents.pageTitle, vaultName);

  // Signing in removed the form that had focus: continue at the top of the content, so a
  // screen reader says where the user landed.
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) focusDocumentsHeading();
  }, []);

  const onStopped = useCallback(focusDocumentsHeading, []);

  return (
    <div className="demo-page">
      <SkipLink target={MAIN_ID} />
      <AppHeader />
      <ActingAsBanner
        delegatorNames={DEMO_PEOPLE}
        onStopped={onStopped}
        vaults={demoDirectory.vaults}
        className="demo-acting-as"
      />
      <main id={MAIN_ID} tabIndex={-1} className="demo-main">
        <DocumentsView />
      </main>
      <DemoFooter />
    </div>
  );
}
