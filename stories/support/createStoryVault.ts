import { createVaultClient } from '../../src/core/client/createVaultClient';
import type { VaultClientConfig } from '../../src/core/client/types';
import { createVaultSession } from '../../src/core/session/createVaultSession';
import type { VaultSession, VaultSessionOptions } from '../../src/core/session/VaultSession';
import {
  createVaultEmulator,
  type VaultEmulator,
  type VaultEmulatorOptions,
} from '../../src/emulator';
import { createStoryClock, type StoryClock } from './createStoryClock';

/**
 * What a story may change about its service and session, as `parameters.vault`. The story
 * clock, the same-origin base URL and the per-story channel names are always set by
 * {@link createStoryVault}.
 *
 * @example
 * ```ts
 * const parameters: { vault: VaultStoryParameters } = {
 *   vault: { emulator: { authBurstLimit: 1 }, client: { timeoutMs: 300 } },
 * };
 * ```
 */
export interface VaultStoryParameters {
  /** Emulator settings; `passwordHashIterations` defaults to 1 000 to keep stories quick. */
  readonly emulator?: Omit<VaultEmulatorOptions, 'clock'>;
  /** Client settings besides `baseUrl`, which is `''` (the story's own origin). */
  readonly client?: Omit<VaultClientConfig, 'baseUrl'>;
  /** Session settings such as `warnBeforeMs` or `keepAlive`. */
  readonly session?: Omit<
    VaultSessionOptions,
    'client' | 'now' | 'BroadcastChannel' | 'channelName' | 'storageKey'
  >;
}

/**
 * Everything one story talks to: its own emulator (served to the page through the mock
 * service worker), the vault session the components use, and the clock both run on.
 *
 * @example
 * ```ts
 * const vault: StoryVault = createStoryVault('login--password-step');
 * await vault.session.manager.signIn({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
 * ```
 */
export interface StoryVault {
  /** Unique per created vault, so a re-render with a fresh vault remounts the tree. */
  readonly id: string;
  readonly clock: StoryClock;
  readonly emulator: VaultEmulator;
  readonly session: VaultSession;
  /** Stops the session's timers and keep-alive; idempotent. */
  destroy(): void;
}

const FAST_HASH_ITERATIONS = 1_000;
let created = 0;

/**
 * Creates the emulator, client and session of one story. The session is alone in the
 * browser: no cross-tab channel, and a keep-alive channel and lock named after this vault,
 * so stories open side by side never share a session or elect each other's leader. The
 * emulator and the session share the story clock, so advancing it moves the service's time
 * and the page's together.
 *
 * @example
 * ```ts
 * const vault = createStoryVault('login--rate-limited', { emulator: { authBurstLimit: 1 } });
 * vault.clock.advance(26 * 60_000);
 * vault.destroy();
 * ```
 */
export function createStoryVault(
  storyId: string,
  parameters: VaultStoryParameters = {},
): StoryVault {
  created += 1;
  const id = `${storyId}:${created}`;
  const clock = createStoryClock();
  const emulator = createVaultEmulator({
    hosts: 'single-origin',
    passwordHashIterations: FAST_HASH_ITERATIONS,
    ...parameters.emulator,
    clock,
  });
  const { keepAlive, ...settings } = parameters.session ?? {};
  const session = createVaultSession({
    ...settings,
    client: createVaultClient({ ...parameters.client, baseUrl: '' }),
    sso: { load: () => import('../../src/oidc/index'), ...settings.sso },
    now: clock.now,
    BroadcastChannel: null,
    channelName: `vault-session-kit:story:${id}`,
    storageKey: `vault-session-kit.story.${id}`,
    keepAlive:
      keepAlive === false
        ? false
        : { ...keepAlive, channelName: `vault-session-kit:story-keep-alive:${id}` },
  });
  let destroyed = false;
  return {
    id,
    clock,
    emulator,
    session,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      session.destroy();
    },
  };
}
