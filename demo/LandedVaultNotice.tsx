import type { ReactNode } from 'react';
import { demoDirectory } from '../src/emulator/demoDirectory';
import { useSession } from '../src/index';
import { useDemoLanguage } from './DemoLanguageProvider';
import { demoVault } from './demoVault';

/**
 * Says where the user is when the service put them in another vault than the one the demo
 * signs in to: a user without access to it gets a session in their own vault (auth
 * defaulting), and the page says so instead of switching vaults silently. Nothing while
 * acting for someone (the banner names that vault) or in the vault asked for.
 *
 * @example
 * ```tsx
 * <main><LandedVaultNotice /><DocumentsView /></main>
 * ```
 */
export function LandedVaultNotice(): ReactNode {
  const { vault, delegation } = useSession();
  const { demo } = useDemoLanguage().language;
  const landed = vault?.dns?.toLowerCase();
  if (delegation !== undefined || landed === undefined || landed === demoVault.dns) return null;
  const asked =
    demoDirectory.vaults.find((candidate) => candidate.dns === demoVault.dns)?.name ??
    demoVault.dns;
  return (
    <p className="demo-landed" role="status">
      {demo.landedVault(vault?.name || landed, asked)}
    </p>
  );
}
