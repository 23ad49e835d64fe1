'use client';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { mergeMessages } from './mergeMessages';
import type { PartialVaultMessages, VaultMessages } from './VaultMessages';

// Only what providers replaced: the English defaults stay with the components that show
// them, so rendering one component does not bring in the strings of the others.
const VaultMessagesContext = createContext<PartialVaultMessages>({});

/**
 * Props of {@link VaultMessagesProvider}.
 *
 * @example
 * ```tsx
 * const props: VaultMessagesProviderProps = { messages: { login: { continue: 'Next' } } };
 * ```
 */
export interface VaultMessagesProviderProps {
  /** A whole locale (such as `deMessages`), some of its areas, or just the strings to change. */
  messages: PartialVaultMessages;
  children?: ReactNode;
}

/**
 * Replaces the components' strings below it: a shipped locale, some of its areas, or single
 * strings. Providers nest: an inner one lays its strings over the outer one's, string by
 * string, and a component's own `messages` prop wins over both. Pass a stable object
 * (a module constant or a memoised value) so the components below do not recompute.
 *
 * @example
 * ```tsx
 * import { deMessages } from 'vault-session-kit/locales/de';
 *
 * <VaultMessagesProvider messages={deMessages}>
 *   <VaultMessagesProvider messages={{ login: { title: 'Bei Sunrise Docs anmelden' } }}>
 *     <LoginForm />
 *   </VaultMessagesProvider>
 * </VaultMessagesProvider>
 * ```
 */
export function VaultMessagesProvider({ messages, children }: VaultMessagesProviderProps) {
  const outer = useContext(VaultMessagesContext);
  const merged = useMemo(() => mergeMessages(outer, messages), [outer, messages]);
  return <VaultMessagesContext.Provider value={merged}>{children}</VaultMessagesContext.Provider>;
}

/**
 * The complete messages of one area: `defaults`, then what the enclosing
 * `VaultMessagesProvider`s replaced, then `overrides` (a component's `messages` prop) on top.
 * The caller brings the defaults, usually the English catalogue of its area, so a component
 * ships only the strings it shows. The result keeps its identity until one of the three
 * inputs changes; without any replacement it is `defaults` itself.
 *
 * @example
 * ```tsx
 * function HelpLink(props: { messages?: Partial<LoginMessages> }) {
 *   const t = useVaultMessages('login', enLoginMessages, props.messages);
 *   return <a href="/help">{t.tryAgain}</a>;
 * }
 * ```
 */
export function useVaultMessages<Area extends keyof VaultMessages>(
  area: Area,
  defaults: VaultMessages[Area],
  overrides?: Partial<VaultMessages[Area]> | undefined,
): VaultMessages[Area] {
  const provided = useContext(VaultMessagesContext)[area];
  return useMemo(
    () => (provided || overrides ? { ...defaults, ...provided, ...overrides } : defaults),
    [defaults, provided, overrides],
  );
}
