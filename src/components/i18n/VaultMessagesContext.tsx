'use client';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import {
  type DelegationMessages,
  deDelegationMessages,
  enDelegationMessages,
} from './delegationMessages';
import { deLoginMessages, enLoginMessages, type LoginMessages } from './loginMessages';
import { deSessionMessages, enSessionMessages, type SessionMessages } from './sessionMessages';

/**
 * Every user-facing string of the components, by area. Values are plain strings or, where
 * something is filled in, functions of named parameters.
 *
 * @example
 * ```ts
 * const text: VaultMessages['login']['continue'] = 'Continue';
 * ```
 */
export interface VaultMessages {
  readonly login: LoginMessages;
  readonly session: SessionMessages;
  readonly delegation: DelegationMessages;
}

/**
 * Any subset of {@link VaultMessages}: what is given replaces the default, the rest stays.
 *
 * @example
 * ```ts
 * const overrides: PartialVaultMessages = { login: { continue: 'Next' } };
 * ```
 */
export type PartialVaultMessages = {
  readonly [Area in keyof VaultMessages]?: Partial<VaultMessages[Area]>;
};

/**
 * The English messages, the default.
 *
 * @example
 * ```tsx
 * <VaultMessagesProvider messages={enMessages}>{app}</VaultMessagesProvider>
 * ```
 */
export const enMessages: VaultMessages = {
  login: enLoginMessages,
  session: enSessionMessages,
  delegation: enDelegationMessages,
};

/**
 * The German messages, shipped as the second locale.
 *
 * @example
 * ```tsx
 * <VaultMessagesProvider messages={deMessages}><LoginForm /></VaultMessagesProvider>
 * ```
 */
export const deMessages: VaultMessages = {
  login: deLoginMessages,
  session: deSessionMessages,
  delegation: deDelegationMessages,
};

const VaultMessagesContext = createContext<VaultMessages>(enMessages);

/**
 * Props of {@link VaultMessagesProvider}.
 *
 * @example
 * ```tsx
 * const props: VaultMessagesProviderProps = { messages: deMessages, children: <App /> };
 * ```
 */
export interface VaultMessagesProviderProps {
  /** A whole locale (such as `deMessages`) or just the strings to change. */
  messages: PartialVaultMessages;
  children?: ReactNode;
}

/**
 * Replaces the components' strings below it: a shipped locale, or single strings.
 *
 * @example
 * ```tsx
 * <VaultMessagesProvider messages={deMessages}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export function VaultMessagesProvider({ messages, children }: VaultMessagesProviderProps) {
  const outer = useContext(VaultMessagesContext);
  const merged = useMemo(() => mergeMessages(outer, messages), [outer, messages]);
  return <VaultMessagesContext.Provider value={merged}>{children}</VaultMessagesContext.Provider>;
}

/**
 * The messages of one area, with a component's own `messages` prop applied on top.
 *
 * @example
 * ```tsx
 * const t = useVaultMessages('login', props.messages);
 * return <button>{t.continue}</button>;
 * ```
 */
export function useVaultMessages<Area extends keyof VaultMessages>(
  area: Area,
  overrides?: Partial<VaultMessages[Area]>,
): VaultMessages[Area] {
  const all = useContext(VaultMessagesContext);
  return useMemo(
    () => (overrides ? { ...all[area], ...overrides } : all[area]),
    [all, area, overrides],
  );
}

/**
 * Lays `overrides` over `base`, area by area.
 *
 * @example
 * ```ts
 * const messages = mergeMessages(enMessages, { login: { continue: 'Next' } });
 * ```
 */
export function mergeMessages(base: VaultMessages, overrides: PartialVaultMessages): VaultMessages {
  return {
    login: { ...base.login, ...overrides.login },
    session: { ...base.session, ...overrides.session },
    delegation: { ...base.delegation, ...overrides.delegation },
  };
}
