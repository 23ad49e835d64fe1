import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  type RenderHookResult,
  type RenderResult,
  render,
  renderHook,
} from '@testing-library/react';
import { type ReactElement, type ReactNode, StrictMode } from 'react';
import { expect, onTestFinished, vi } from 'vitest';
import type { FetchHandler } from '../../server/serveFetch';
import type { VaultClientConfig } from '../../src/core/client/types';
import { loadKeepAliveRun } from '../../src/core/keepAlive/loadKeepAliveRun';
import type { KeepAliveEnvironment } from '../../src/core/resolveEnvironment';
import type { VaultSession, VaultSessionOptions } from '../../src/core/session/VaultSession';
import type { VaultEmulator } from '../../src/emulator/index';
import { SessionProvider } from '../../src/react/SessionProvider';
import { useVaultSession } from '../../src/react/VaultSessionContext';
import {
  createManualScheduler,
  type ManualScheduler,
} from '../core/keepAlive/support/createManualScheduler';
import {
  createMemoryLockManager,
  type MemoryLockManager,
} from '../core/keepAlive/support/createMemoryLockManager';
import { type EmulatorEnvironment, startEmulatorServer } from './startEmulatorServer';

/**
 * Olivia's demo credentials: password route, vaults 1001 and 1002, delegate of marcus.
 *
 * @example
 * ```ts
 * await act(() => result.current.login.login(OLIVIA));
 * ```
 */
export const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' } as const;

/**
 * One request as it reached the emulator's loopback server, with the emulator clock's time.
 *
 * @example
 * ```ts
 * const [first]: LoggedRequest[] = backend.requests('/keep-alive');
 * ```
 */
export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  /** The emulator clock when the request arrived. */
  readonly at: number;
  readonly headers: Headers;
  readonly form: URLSearchParams;
}

/**
 * The service side of a test: an emulator on a manual clock over real loopback HTTP, a
 * request log, fault injection, the session IDs it issued (kept in memory for assertions,
 * never printed) and manual timers shared by every "tab" rendered against it.
 *
 * @example
 * ```ts
 * const backend = await startVaultBackend();
 * backend.intercept((emulator) => (request) => emulator(request));
 * backend.count('/auth'); // 0
 * ```
 */
export interface VaultBackend {
  readonly env: EmulatorEnvironment;
  readonly emulator: VaultEmulator;
  /** A BroadcastChannel name unique to this backend, shared by all tabs rendered on it. */
  readonly channelName: string;
  /** Timers on the emulator clock (used by tabs rendered with `manualTime`). */
  readonly scheduler: ManualScheduler;
  /** The Web Locks stand-in the `manualTime` tabs share. */
  readonly locks: MemoryLockManager;
  /** Every request, in arrival order. */
  readonly log: readonly LoggedRequest[];
  /** Requests whose path ends with `path` (e.g. `/auth`, `/auth/discovery`, `/keep-alive`). */
  requests(path: string): LoggedRequest[];
  count(path: string): number;
  /** Session IDs the emulator issued, in order: own logins and delegated ones. */
  readonly issued: { readonly own: string[]; readonly delegated: string[] };
  /** Puts `wrap(emulator)` in front of the emulator; `undefined` removes it. */
  intercept(wrap: ((emulatorFetch: FetchHandler) => FetchHandler) | undefined): void;
  /** The sessions of the tabs rendered on this backend. */
  readonly tabs: VaultSession[];
  /**
   * Moves manual time forward inside `act`, firing due timers in order and letting every
   * keep-alive they start finish over the socket before the next one fires.
   */
  advance(ms: number): Promise<void>;
  /** Waits inside `act` until no tab has a keep-alive in flight. */
  settle(): Promise<void>;
}

/**
 * Starts a {@link VaultBackend}; it is closed when the current test finishes.
 *
 * @example
 * ```ts
 * const backend = await startVaultBackend({ emulator: { idleTimeoutMs: 49 * 3_600_000 } });
 * ```
 */
export async function startVaultBackend(
  options: Parameters<typeof startEmulatorServer>[0] = {},
): Promise<VaultBackend> {
  const env = await startEmulatorServer(options);
  const log: LoggedRequest[] = [];
  const issued = { own: [] as string[], delegated: [] as string[] };
  const tabs: VaultSession[] = [];
  const scheduler = createManualScheduler(env.clock);

  // The log and the ID capture sit in front of any fault injection, so they see what the
  // client sent and what it got back.
  const front =
    (inner: FetchHandler): FetchHandler =>
    async (request) => {
      const path = new URL(request.url).pathname;
      const body = request.method === 'GET' ? '' : await request.clone().text();
      log.push({
        method: request.method,
        path,
        at: env.clock.now(),
        headers: new Headers(request.headers),
        form: new URLSearchParams(body),
      });
      const response = await inner(request);
      if (path.endsWith('/auth') || path.endsWith('/delegation/login')) {
        const answer = (await response
          .clone()
          .json()
          .catch(() => undefined)) as Record<string, unknown> | undefined;
        if (typeof answer?.sessionId === 'string') issued.own.push(answer.sessionId);
        if (typeof answer?.delegated_sessionid === 'string') {
          issued.delegated.push(answer.delegated_sessionid);
        }
      }
      return response;
    };
  env.server.setHandler(front(env.emulator.fetch));

  const idle = () => tabs.every((tab) => tab.keepAlive.getSnapshot().status !== 'sending');
  const waitForQuiet = async (): Promise<void> => {
    // Lock grants and the settling of a send run on microtasks; let them run before looking.
    await Promise.resolve();
    if (idle()) return;
    await vi.waitFor(() => expect(idle()).toBe(true), { timeout: 5_000, interval: 2 });
  };

  const requests = (path: string) => log.filter((entry) => entry.path.endsWith(path));
  onTestFinished(async () => {
    await env.close();
    for (const tab of tabs) tab.destroy();
  });
  return {
    env,
    emulator: env.emulator,
    channelName: `vault-session-kit:test:${globalThis.crypto.randomUUID()}`,
    scheduler,
    locks: createMemoryLockManager(),
    log,
    requests,
    count: (path) => requests(path).length,
    issued,
    intercept(wrap) {
      env.server.setHandler(front(wrap ? wrap(env.emulator.fetch) : env.emulator.fetch));
    },
    tabs,
    async advance(ms) {
      await act(() => scheduler.advance(ms, waitForQuiet));
    },
    async settle() {
      await act(waitForQuiet);
    },
  };
}

/**
 * Settings of {@link renderWithSession} and {@link renderHookWithSession}.
 *
 * @example
 * ```ts
 * const options: RenderWithSessionOptions = { manualTime: true, strict: false };
 * ```
 */
export interface RenderWithSessionOptions {
  /** Render against this backend (a second tab of the same browser). Default: a new one. */
  backend?: VaultBackend;
  /** Options of the new backend when none is given. */
  service?: Parameters<typeof startVaultBackend>[0];
  /** Wrap in `<StrictMode>`. Default `true`. */
  strict?: boolean;
  /**
   * Run the session and its keep-alive on the emulator's manual clock and the backend's
   * manual timers (`backend.advance`), with the shared in-memory Web Locks. Default `false`:
   * real timers and `Date.now`.
   */
  manualTime?: boolean;
  /** Client settings besides `baseUrl`. */
  client?: Omit<VaultClientConfig, 'baseUrl'>;
  /** Session settings, applied over the test defaults (unique channel names). */
  settings?: Omit<VaultSessionOptions, 'client'>;
}

/**
 * What {@link renderWithSession} adds to Testing Library's result.
 *
 * @example
 * ```ts
 * const { backend, session, queryClient } = await renderWithSession(<App />);
 * ```
 */
export interface SessionHandles {
  readonly backend: VaultBackend;
  readonly emulator: VaultEmulator;
  /** The session the `SessionProvider` created for this tab. */
  readonly session: VaultSession;
  /** The fresh `QueryClient` (no retries) above the provider. */
  readonly queryClient: QueryClient;
  count(path: string): number;
}

/**
 * Renders `ui` in a "tab": `<StrictMode>` (unless `strict: false`), a fresh `QueryClient`
 * with retries off, and a `SessionProvider` configured with an absolute `baseUrl` of an
 * emulator served over real loopback HTTP. Queries are scoped to the tab's own container,
 * so two tabs can be rendered side by side.
 *
 * @example
 * ```tsx
 * const tab = await renderWithSession(<RequireSession fallback={<Form />}>Docs</RequireSession>);
 * await user.click(tab.getByRole('button', { name: 'Sign in' }));
 * expect(tab.count('/auth')).toBe(1);
 * ```
 */
export async function renderWithSession(
  ui: ReactElement,
  options: RenderWithSessionOptions = {},
): Promise<RenderResult & SessionHandles> {
  const setup = await prepare(options);
  const container = document.body.appendChild(document.createElement('div'));
  const result = render(ui, { wrapper: setup.Wrapper, container, baseElement: container });
  return Object.assign(result, setup.handles());
}

/**
 * {@link renderWithSession} for hooks.
 *
 * @example
 * ```ts
 * const { result } = await renderHookWithSession(() => useLogin());
 * await act(() => result.current.login(OLIVIA));
 * ```
 */
export async function renderHookWithSession<Result>(
  hook: () => Result,
  options: RenderWithSessionOptions = {},
): Promise<RenderHookResult<Result, unknown> & SessionHandles> {
  const setup = await prepare(options);
  const result = renderHook(hook, { wrapper: setup.Wrapper });
  return Object.assign(result, setup.handles());
}

async function prepare(options: RenderWithSessionOptions): Promise<{
  Wrapper: (props: { children: ReactNode }) => ReactNode;
  handles: () => SessionHandles;
}> {
  const backend = options.backend ?? (await startVaultBackend(options.service));
  // A page fetches the keep-alive's code when it mounts, and it has normally arrived by the
  // time the user has typed a password; a sign-in does not wait for it. Tests sign in at
  // once, so they take the code first, as a page that was open for a moment has it.
  await loadKeepAliveRun();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const settings = sessionSettings(backend, options);
  const config: VaultClientConfig = { baseUrl: backend.env.server.url, ...options.client };
  let session: VaultSession | undefined;
  const capture = (next: VaultSession): void => {
    if (session === next) return;
    session = next;
    backend.tabs.push(next);
  };

  function Wrapper({ children }: { children: ReactNode }): ReactNode {
    const tree = (
      <QueryClientProvider client={queryClient}>
        <SessionProvider config={config} {...settings}>
          <SessionProbe onSession={capture} />
          {children}
        </SessionProvider>
      </QueryClientProvider>
    );
    return options.strict === false ? tree : <StrictMode>{tree}</StrictMode>;
  }

  return {
    Wrapper,
    handles() {
      if (!session) throw new Error('The SessionProvider did not render.');
      return {
        backend,
        emulator: backend.emulator,
        session,
        queryClient,
        count: backend.count,
      };
    },
  };
}

function SessionProbe({ onSession }: { onSession: (session: VaultSession) => void }): null {
  onSession(useVaultSession());
  return null;
}

function sessionSettings(
  backend: VaultBackend,
  options: RenderWithSessionOptions,
): Omit<VaultSessionOptions, 'client'> {
  const { settings = {} } = options;
  const clock = backend.env.clock;
  const manual = options.manualTime === true;
  const environment: KeepAliveEnvironment = {
    now: () => clock.now(),
    ...backend.scheduler.timers,
    navigator: { onLine: true, locks: backend.locks },
    window,
    document,
    BroadcastChannel: globalThis.BroadcastChannel,
  };
  const keepAlive =
    settings.keepAlive === false
      ? false
      : {
          channelName: `${backend.channelName}:keep-alive`,
          ...(manual ? { environment } : {}),
          ...settings.keepAlive,
        };
  return {
    channelName: backend.channelName,
    ...(manual ? { now: () => clock.now(), timers: backend.scheduler.timers } : {}),
    // An app that offers single sign-on loads its code this way.
    sso: { load: () => import('../../src/oidc/index') },
    ...settings,
    keepAlive,
  };
}
