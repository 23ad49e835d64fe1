import type { ReactNode } from 'react';
import type { DelegatedVault } from '../core/client/types';
import type { DelegationMessages } from './i18n/DelegationMessages';

/**
 * Props of {@link DelegationPicker}.
 *
 * @example
 * ```tsx
 * const props: DelegationPickerProps = {
 *   delegatorNames: { '61002': 'Marcus Reed' },
 *   headingLevel: 3,
 *   onStarted: () => navigate('/documents'),
 * };
 * ```
 */
export interface DelegationPickerProps {
  className?: string | undefined;
  /** Strings to replace; the rest come from `VaultMessagesProvider` or English. */
  messages?: Partial<DelegationMessages> | undefined;
  /**
   * Display names by delegator user ID. The service only gives IDs; without a name an
   * entry shows `delegatorFallback` ("User ID 61002"). Names also go into the accessible
   * names of the "Act as" buttons.
   */
  delegatorNames?: Readonly<Record<string, string>> | undefined;
  /**
   * Custom visible rendering of the delegator (an avatar, a profile link). `name` is the
   * text used for accessible names, so keep it recognisable in what you render.
   */
  renderDelegator?: ((delegation: DelegatedVault, name: string) => ReactNode) | undefined;
  /** Level of the picker's heading; each entry's heading is one below. Default 2. */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | undefined;
  /**
   * Lists longer than this get a filter field and, with `layout: 'auto'`, one row per
   * entry. Default 6.
   */
  filterThreshold?: number | undefined;
  /**
   * `cards`: a card per entry; `rows`: one compact row per entry, for long lists; `auto`
   * (the default): rows once the list is longer than `filterThreshold`, cards otherwise.
   */
  layout?: 'auto' | 'cards' | 'rows' | undefined;
  /** Called once the delegated session is in use (after the banner took focus). */
  onStarted?: ((delegation: DelegatedVault) => void) | undefined;
}
