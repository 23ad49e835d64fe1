import { configure, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { PartialVaultMessages } from '../../src/components/i18n/VaultMessages';
import {
  useVaultMessages,
  VaultMessagesProvider,
} from '../../src/components/i18n/VaultMessagesContext';
import { LoginForm } from '../../src/components/LoginForm';
import { SignOutButton } from '../../src/components/SignOutButton';
import { deMessages } from '../../src/locales/de';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { enSessionMessages } from '../../src/locales/en/enSessionMessages';
import { renderWithSession } from '../support/renderWithSession';

configure({ asyncUtilTimeout: 5_000 });

const NO_KEEP_ALIVE = { keepAlive: false, joinTimeoutMs: 20 } as const;

describe('VaultMessagesProvider', () => {
  it('shows English without a provider', async () => {
    const tab = await renderWithSession(
      <>
        <LoginForm />
        <SignOutButton />
      </>,
      { settings: NO_KEEP_ALIVE },
    );
    expect(tab.getByRole('heading', { name: enLoginMessages.title })).toBeInTheDocument();
    expect(tab.getByRole('button', { name: enSessionMessages.signOut })).toBeInTheDocument();
  });

  it('nests: the inner provider wins string by string, the outer fills in the rest', async () => {
    const tab = await renderWithSession(
      <VaultMessagesProvider messages={deMessages}>
        <VaultMessagesProvider messages={{ login: { continue: 'Los' } }}>
          <LoginForm />
          <SignOutButton />
        </VaultMessagesProvider>
      </VaultMessagesProvider>,
      { settings: NO_KEEP_ALIVE },
    );
    expect(tab.getByRole('button', { name: 'Los' })).toBeInTheDocument();
    expect(tab.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(tab.getByRole('textbox', { name: 'Benutzername' })).toBeInTheDocument();
    expect(tab.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it("a component's messages prop wins over every provider, only where it is given", async () => {
    const tab = await renderWithSession(
      <>
        <SignOutButton />
        <VaultMessagesProvider messages={{ session: { signOut: 'Outer', signingOut: 'Leaving…' } }}>
          <SignOutButton />
          <VaultMessagesProvider messages={{ session: { signOut: 'Inner' } }}>
            <SignOutButton />
            <SignOutButton messages={{ signOut: 'Own' }} />
          </VaultMessagesProvider>
        </VaultMessagesProvider>
      </>,
      { settings: NO_KEEP_ALIVE },
    );
    const labels = tab.getAllByRole('button').map((button) => button.textContent);
    expect(labels).toEqual([enSessionMessages.signOut, 'Outer', 'Inner', 'Own']);
  });
});

describe('useVaultMessages', () => {
  function wrapperWith(messages: PartialVaultMessages) {
    return ({ children }: { children: ReactNode }) => (
      <VaultMessagesProvider messages={messages}>{children}</VaultMessagesProvider>
    );
  }

  it('returns the defaults themselves when nothing replaces them', () => {
    const { result } = renderHook(() => useVaultMessages('login', enLoginMessages));
    expect(result.current).toBe(enLoginMessages);
  });

  it('keeps the same messages across re-renders, so typing does not rebuild them', () => {
    const overrides = { continue: 'Next' };
    const { result, rerender } = renderHook(
      () => useVaultMessages('login', enLoginMessages, overrides),
      { wrapper: wrapperWith(deMessages) },
    );
    const first = result.current;
    expect(first.continue).toBe('Next');
    expect(first.title).toBe('Anmelden');
    rerender();
    expect(result.current).toBe(first);
  });

  it('is not affected by a provider that replaces another area', () => {
    const { result } = renderHook(() => useVaultMessages('session', enSessionMessages), {
      wrapper: wrapperWith({ login: { continue: 'Los' } }),
    });
    expect(result.current).toBe(enSessionMessages);
  });
});
