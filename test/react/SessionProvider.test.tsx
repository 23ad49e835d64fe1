import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { VaultConfigError } from '../../src/core/errors';
import { SessionProvider } from '../../src/react/SessionProvider';
import { useApiVersions } from '../../src/react/useApiVersions';
import { useSession } from '../../src/react/useSession';
import { useVaultSession } from '../../src/react/VaultSessionContext';
import {
  OLIVIA,
  renderHookWithSession,
  renderWithSession,
  startVaultBackend,
} from '../support/renderWithSession';

describe('SessionProvider and the QueryClient', () => {
  it('uses the application QueryClient when a QueryClientProvider is above it', async () => {
    const backend = await startVaultBackend();
    const appClient = new QueryClient();
    const { result } = renderHook(() => useQueryClient(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <StrictMode>
          <QueryClientProvider client={appClient}>
            <SessionProvider config={{ baseUrl: backend.env.server.url }}>
              {children}
            </SessionProvider>
          </QueryClientProvider>
        </StrictMode>
      ),
    });
    expect(result.current).toBe(appClient);
  });

  it('brings its own QueryClient otherwise, the same one across renders, and its queries work', async () => {
    const backend = await startVaultBackend();
    const { result, rerender } = renderHook(
      () => ({ queryClient: useQueryClient(), versions: useApiVersions() }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <StrictMode>
            <SessionProvider config={{ baseUrl: backend.env.server.url }}>
              {children}
            </SessionProvider>
          </StrictMode>
        ),
      },
    );
    const own = result.current.queryClient;
    expect(own).toBeInstanceOf(QueryClient);
    rerender();
    expect(result.current.queryClient).toBe(own);
    await waitFor(() => expect(result.current.versions.data?.latest).toBe('v26.2'));
    expect(backend.count('/api')).toBe(1);
  });

  it('uses the `queryClient` prop when no provider is above it', async () => {
    const backend = await startVaultBackend();
    const given = new QueryClient();
    const { result } = renderHook(() => useQueryClient(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <SessionProvider config={{ baseUrl: backend.env.server.url }} queryClient={given}>
          {children}
        </SessionProvider>
      ),
    });
    expect(result.current).toBe(given);
  });
});

describe('hooks outside a SessionProvider', () => {
  it.each<[string, () => unknown]>([
    ['useVaultSession', () => useVaultSession()],
    ['useSession', () => useSession()],
  ])('%s throws an error that names <SessionProvider>', (_, hook) => {
    // React reports the render error on the console before rethrowing it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let thrown: unknown;
    try {
      renderHook(hook);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(VaultConfigError);
    expect((thrown as Error).message).toContain('<SessionProvider>');
  });
});

describe('useApiVersions', () => {
  it('lists the versions oldest first, the newest last (it may be a beta)', async () => {
    const { result, count } = await renderHookWithSession(() => useApiVersions());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const versions = result.current.data?.versions.map((entry) => entry.version) ?? [];
    expect(versions[0]).toBe('v18.3');
    expect(versions.at(-1)).toBe('v26.2');
    expect(versions).toContain('v26.1');
    expect(count('/api')).toBe(1);
  });
});

describe('a provider that unmounts', () => {
  it('destroys the session it made, yet survives StrictMode remounting its effects', async () => {
    const backend = await startVaultBackend();
    let captured: ReturnType<typeof useVaultSession> | undefined;
    function Capture(): null {
      captured = useVaultSession();
      return null;
    }
    const view = render(
      <StrictMode>
        <SessionProvider
          config={{ baseUrl: backend.env.server.url }}
          channelName={backend.channelName}
          joinTimeoutMs={20}
        >
          <Capture />
        </SessionProvider>
      </StrictMode>,
    );
    const session = captured;
    if (!session) throw new Error('no session');
    // The StrictMode unmount-remount left a working session behind.
    await afterPendingDestroy();
    await session.manager.signIn({
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
    });
    expect(session.manager.getSnapshot().status).toBe('active');
    expect(session.keepAlive.getSnapshot().status).not.toBe('stopped');

    view.unmount();
    await afterPendingDestroy();
    expect(session.keepAlive.getSnapshot().status).toBe('stopped');
    // Destroyed: it neither signs in nor reacts any more.
    await expect(
      session.manager.signIn({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
    ).rejects.toMatchObject({ kind: 'aborted' });
    expect(backend.count('/auth')).toBe(1);
  });

  it("destroys it on the page's timers, so a session clock that never moves cannot keep it", async () => {
    const tab = await renderWithSession(<p>Documents</p>, { manualTime: true });
    await act(() => tab.session.manager.signIn(OLIVIA));
    expect(tab.session.manager.getSnapshot().status).toBe('active');

    tab.unmount();
    await afterPendingDestroy();
    await expect(tab.session.manager.signIn(OLIVIA)).rejects.toMatchObject({ kind: 'aborted' });
  });
});

/**
 * Resolves after a destroy the provider deferred: it waits one task on the page's timers,
 * and a zero-delay timer set later runs after it.
 */
function afterPendingDestroy(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
