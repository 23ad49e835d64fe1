// BFF mode of the session engine against the real emulator behind the real proxy (with
// session secrets) over loopback HTTP. The client's fetch stands in for a browser tab: one
// cookie jar per browser, Origin on state-changing calls; everything it sent and received is
// searched for the session IDs, which the test alone reads by opening the cookies.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import { isSessionInvalidError, VaultConfigError } from '../../../src/core/errors';
import { createSessionManager } from '../../../src/core/session/createSessionManager';
import { createVaultSession } from '../../../src/core/session/createVaultSession';
import type {
  SessionManager,
  SessionManagerOptions,
} from '../../../src/core/session/SessionManager';
import type { BroadcastChannelConstructor, StorageAdapter } from '../../../src/core/session/types';
import { live } from '../../support/sessionReferences';
import { type BffBackend, startBffBackend } from './startBffBackend';
import { MARCUS_ID, OLIVIA, OLIVIA_ID, uniqueChannelName } from './startSessionBackend';

const HOUR = 3_600_000;
const WITHIN_A_SECOND = { timeout: 2_000, interval: 5 };

let backend: BffBackend;
let channelName: string;
let posted: unknown[];
const tabs: SessionManager[] = [];

/** Node's real BroadcastChannel, recording every payload a tab posts. */
class RecordingChannel extends BroadcastChannel {
  override postMessage(message: unknown): void {
    posted.push(structuredClone(message));
    super.postMessage(message);
  }
}

function memoryStorage(): StorageAdapter & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function openTab(options: Partial<SessionManagerOptions> = {}): SessionManager {
  const tab = createSessionManager({
    client: backend.client,
    channelName,
    BroadcastChannel: RecordingChannel as BroadcastChannelConstructor,
    ...options,
  });
  tabs.push(tab);
  tab.start();
  return tab;
}

async function settled(tab: SessionManager): Promise<void> {
  await vi.waitFor(() => expect(tab.getSnapshot().joining).toBeUndefined(), WITHIN_A_SECOND);
}

/** Everything a page could have seen or sent, as one text. */
function pageVisible(storages: readonly StorageAdapter[] = []): string {
  return JSON.stringify({
    exchanges: backend.exchanges,
    posted,
    storages: storages.map((storage) => [
      ...((storage as { items?: Map<string, string> }).items ?? []),
    ]),
  });
}

beforeEach(async () => {
  backend = await startBffBackend();
  channelName = uniqueChannelName();
  posted = [];
});

afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.destroy();
  await backend.close();
});

describe('BFF mode (credentials: proxy)', () => {
  it('signs in with no credential in the page: no Authorization sent, none received, stored or broadcast', async () => {
    const storage = memoryStorage();
    const tab = openTab({ storage });
    await settled(tab);
    await tab.signIn({ ...OLIVIA, vaultDns: 'promomats.sunrise.example' });

    const snapshot = tab.getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.user?.username).toBe(OLIVIA.username);
    expect(tab.getSession()).toEqual({
      kind: 'proxy',
      cookie: 'own',
      tag: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    const { own } = await backend.sealedIds();
    if (own === undefined) throw new Error('The proxy set no session cookie.');
    // Beside the own cookie, a landed copy of it named by its tag, kept while a login sent
    // before this one was answered may still overwrite the own cookie.
    const { tag } = tab.getSession() as { tag: string };
    expect(backend.cookieNames()).toEqual(['__Host-vault-session', `__Host-vault-landed-${tag}`]);
    // The deadline is the proxy's: 48 hours after the session was sealed.
    const info = await backend.client.getProxySessions();
    expect(snapshot.deadline).toBe(info.own?.deadline);
    expect(snapshot.startedAt).toBe(info.own?.createdAt);
    expect((info.own?.deadline ?? 0) - (info.own?.createdAt ?? 0)).toBe(48 * HOUR);

    expect(pageVisible([storage])).not.toContain(own);
    for (const exchange of backend.exchanges) {
      expect(exchange.requestHeaders.authorization).toBeUndefined();
      expect(exchange.requestHeaders['x-vault-kit']).toBe('1');
      // A page of its own (no frame): the proxy keeps its usual cookie.
      expect(exchange.requestHeaders['x-vault-framed']).toBeUndefined();
    }
    expect(storage.items.size).toBe(1);
  });

  it('says so from a frame, and the proxy keeps the session in a partitioned cookie', async () => {
    // A vault's web tab: the app runs in a frame of the vault's page.
    vi.stubGlobal('window', { top: {} });
    try {
      const tab = openTab();
      await settled(tab);
      await tab.signIn({ ...OLIVIA, vaultDns: 'promomats.sunrise.example' });
      expect(tab.getSnapshot().status).toBe('active');
      for (const exchange of backend.exchanges) {
        expect(exchange.requestHeaders['x-vault-framed']).toBe('1');
      }
      // Each cookie the sign-in set or cleared is partitioned (the last one recorded here).
      const login = backend.exchanges.find((exchange) => exchange.url.endsWith('/auth'));
      expect(login?.responseHeaders['set-cookie']).toContain('SameSite=None; Partitioned;');
      expect((await backend.sealedIds()).own).toBeDefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a new tab learns the session from the proxy alone, with the user name and deadline', async () => {
    const first = openTab({ BroadcastChannel: null });
    await settled(first);
    await first.signIn(OLIVIA);

    // No channel: nothing is handed over, the proxy's session route is all it has.
    const second = openTab({ BroadcastChannel: null });
    expect(second.getSnapshot().joining).toBe(true);
    await settled(second);
    expect(second.getSnapshot()).toMatchObject({
      status: 'active',
      user: { userId: String(OLIVIA_ID), username: OLIVIA.username },
      deadline: first.getSnapshot().deadline,
      startedAt: first.getSnapshot().startedAt,
    });
    // The vaults as the login named them, which the proxy kept with the session: the new
    // tab names where the user is and can offer the other one.
    expect(second.getSnapshot().user?.vault?.name).toBe('Sunrise PromoMats');
    expect(second.getSnapshot().user?.vaults.map((vault) => vault.name)).toEqual([
      'Sunrise PromoMats',
      'Sunrise QualityDocs',
    ]);
    expect(second.getSession()).toEqual(first.getSession());
    await backend.client.request(live(second.getSession()), '/objects/users/me', undefined, {
      vaultDns: 'promomats.sunrise.example',
    });
  });

  it('a tab of another browser (no cookie) stays signed out despite a stored record', async () => {
    const storage = memoryStorage();
    const tab = openTab({ storage, BroadcastChannel: null });
    await settled(tab);
    await tab.signIn(OLIVIA);
    tab.destroy();
    // Same stored record, but the session has since been ended from elsewhere.
    await backend.client.clearProxySessions();
    const reloaded = openTab({ storage, BroadcastChannel: null });
    await settled(reloaded);
    expect(reloaded.getSnapshot().status).toBe('signed-out');
    expect(storage.items.size).toBe(0);
  });

  it('a tab whose question to the proxy crosses a sign-out elsewhere asks again and stays signed out', async () => {
    const first = openTab();
    await settled(first);
    await first.signIn(OLIVIA);
    // The second tab's session-route answer is held back until the first tab has signed out.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    const slowClient = createVaultClient({
      ...backend.client.config,
      credentials: 'proxy',
      fetch: async (input, init) => {
        const response = await backend.fetch(input, init);
        if (String(input).endsWith('/vault-session') && (init?.method ?? 'GET') === 'GET') {
          asked += 1;
          if (asked === 1) await held;
        }
        return response;
      },
    } as Parameters<typeof createVaultClient>[0]);
    const second = openTab({ client: slowClient });
    await vi.waitFor(() => expect(asked).toBe(1), WITHIN_A_SECOND);
    await first.signOut();
    release();
    await settled(second);
    expect(second.getSnapshot().status).toBe('signed-out');
    expect(asked).toBe(2);
  });

  it('refuses a malformed session handle without sending anything', async () => {
    const before = backend.exchanges.length;
    await expect(
      backend.client.request(
        { kind: 'proxy', cookie: 'own', tag: 'bad handle' },
        '/objects/users/me',
      ),
    ).rejects.toThrow(VaultConfigError);
    await expect(
      backend.client.keepAlive(
        { kind: 'proxy', cookie: 'own', tag: 'short' },
        { vaultDns: 'promomats.sunrise.example' },
      ),
    ).rejects.toThrow(/session is malformed/);
    expect(backend.exchanges.length).toBe(before);
  });

  it('acts as marcus on the delegated cookie and stops acting through the proxy', async () => {
    const tab = openTab();
    await settled(tab);
    await tab.signIn(OLIVIA);
    await tab.startDelegation({ vaultId: 1002, delegatorUserId: String(MARCUS_ID) });
    expect(tab.getSnapshot().status).toBe('delegated');
    expect(tab.getSession()).toMatchObject({ kind: 'proxy', cookie: 'delegated' });
    const { own, delegated } = await backend.sealedIds();
    if (own === undefined || delegated === undefined) throw new Error('Cookies missing.');

    const me = await backend.client.request(
      live(tab.getSession()),
      '/objects/users/me',
      undefined,
      {
        vaultDns: tab.getSessionRoute()?.vaultDns,
      },
    );
    expect(JSON.stringify(me)).toContain('marcus@sunrise.example');
    expect(backend.exchanges.at(-1)?.requestHeaders['x-vault-session']).toBe('delegated');

    // A new tab restores the delegation too.
    const second = openTab({ BroadcastChannel: null });
    await settled(second);
    expect(second.getSnapshot()).toMatchObject({
      status: 'delegated',
      delegation: { vaultId: 1002, delegatorUserId: String(MARCUS_ID) },
    });

    await tab.stopDelegation();
    expect(tab.getSnapshot().status).toBe('active');
    const { tag } = tab.getSession() as { tag: string };
    expect(backend.cookieNames()).toEqual(['__Host-vault-session', `__Host-vault-landed-${tag}`]);
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(1);
    expect(pageVisible()).not.toContain(own);
    expect(pageVisible()).not.toContain(delegated);
  });

  it('a tab that meets the refusal of a session a newer login replaced stays signed in and leaves the new one alive', async () => {
    const tab = openTab({ BroadcastChannel: null });
    await settled(tab);
    await tab.signIn(OLIVIA);
    const stale = tab.getSession();
    // Another tab (or this tab's vault switch) moves the browser's session to QualityDocs;
    // this tab has not heard of it yet, and its next call to PromoMats is refused.
    await backend.client.login({ ...OLIVIA, vaultDns: 'quality.sunrise.example' });
    const replaced = (await backend.client.getProxySessions()).own?.sessionTag;
    const refusal = await backend.client
      .request(live(stale), '/objects/users/me', undefined, {
        vaultDns: 'promomats.sunrise.example',
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isSessionInvalidError(refusal)).toBe(true);
    const before = backend.exchanges.length;

    tab.reportError(refusal, { session: stale });

    // The tab asks the proxy which session the browser holds before it ends anything.
    await vi.waitFor(
      () =>
        expect(
          backend.exchanges
            .slice(before)
            .some(
              (exchange) => exchange.method === 'GET' && exchange.url.endsWith('/vault-session'),
            ),
        ).toBe(true),
      WITHIN_A_SECOND,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Not signed out: the newer session reaches this tab through the tab hand-off.
    expect(tab.getSnapshot().status).toBe('active');
    expect(backend.exchanges.slice(before).map((exchange) => exchange.method)).toEqual(['GET']);
    expect((await backend.client.getProxySessions()).own?.sessionTag).toBe(replaced);
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(1);
  });

  it('a refusal of the session the proxy still holds ends it in the tab, at the vault and in the cookie', async () => {
    const tab = openTab({ BroadcastChannel: null });
    await settled(tab);
    await tab.signIn(OLIVIA);
    const session = tab.getSession();
    // The vault ends the session on its own (an administrator, its own time-out).
    backend.emulator.reset();
    const refusal = await backend.client
      .request(live(session), '/objects/users/me', undefined, {
        vaultDns: 'promomats.sunrise.example',
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isSessionInvalidError(refusal)).toBe(true);

    tab.reportError(refusal, { session });

    await vi.waitFor(
      () => expect(tab.getSnapshot().endReason).toBe('invalid-session'),
      WITHIN_A_SECOND,
    );
    // The refusal itself left the cookie; the tab clears it once the proxy says it still
    // holds that session.
    await vi.waitFor(() => expect(backend.cookieNames()).toEqual([]), WITHIN_A_SECOND);
  });

  it('signs out every tab, ends the sessions at the vault and clears the cookies', async () => {
    const a = openTab();
    await settled(a);
    await a.signIn(OLIVIA);
    const b = openTab();
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    await a.startDelegation({ vaultId: 1002, delegatorUserId: String(MARCUS_ID) });
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('delegated'), WITHIN_A_SECOND);

    const before = backend.exchanges.length;
    await b.signOut();
    expect(b.getSnapshot().status).toBe('ended');
    // One call ends both: the proxy ends the delegated session with the own one.
    const deletes = backend.exchanges.slice(before).filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => call.requestHeaders['x-vault-session'] ?? 'own')).toEqual(['own']);
    await vi.waitFor(() => expect(a.getSnapshot().status).toBe('ended'), WITHIN_A_SECOND);
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(0);
    expect(backend.liveSessionsOf(MARCUS_ID)).toBe(0);
    expect(backend.cookieNames()).toEqual([]);
  });

  it('switching users lands the new session after the old one is signed out, whichever answer is slower', async () => {
    // The sign-out's call is held until the new login has been answered, or for a moment
    // when no login goes out meanwhile.
    let loginAnswered: (() => void) | undefined;
    const slowSignOut: typeof fetch = async (input, init) => {
      const url = String(input);
      if (init?.method === 'DELETE' && url.endsWith('/vault-session')) {
        await new Promise<void>((release) => {
          loginAnswered = release;
          setTimeout(release, 100);
        });
      }
      const answer = await backend.fetch(input, init);
      if (init?.method === 'POST' && url.endsWith('/auth')) loginAnswered?.();
      return answer;
    };
    const tab = openTab({
      client: createVaultClient({
        ...backend.pageConfig,
        credentials: 'proxy',
        fetch: slowSignOut,
      }),
    });
    await settled(tab);
    await tab.signIn(OLIVIA);
    await tab.signIn(OLIVIA);
    // Both answers are in, whichever order they came in.
    await vi.waitFor(
      () => expect(backend.exchanges.some((call) => call.method === 'DELETE')).toBe(true),
      WITHIN_A_SECOND,
    );

    expect(tab.getSnapshot().status).toBe('active');
    // The first session ended, the second lives and is the cookie's.
    await vi.waitFor(() => expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(1), WITHIN_A_SECOND);
    const info = await backend.client.getProxySessions();
    const { tag } = tab.getSession() as { tag: string };
    expect(info.own?.sessionTag).toBe(tag);
    // The first session's landed copy went with it.
    expect(backend.cookieNames()).toEqual(['__Host-vault-session', `__Host-vault-landed-${tag}`]);
  });

  it('falls back to the session route when the vault cannot be told', async () => {
    const tab = openTab();
    await settled(tab);
    await tab.signIn(OLIVIA);
    backend.interceptUpstream((request) =>
      request.method === 'DELETE' ? Promise.reject(new TypeError('network down')) : undefined,
    );
    await tab.signOut();
    expect(backend.cookieNames()).toEqual([]);
    const last = backend.exchanges.at(-1);
    expect([last?.method, new URL(last?.url ?? 'http://x').pathname]).toEqual([
      'DELETE',
      '/vault-session',
    ]);
  });

  it('keeps the session alive through the proxy', async () => {
    const session = createVaultSession({
      client: backend.client,
      channelName,
      BroadcastChannel: null,
    });
    const disconnect = session.connect();
    try {
      await vi.waitFor(
        () => expect(session.manager.getSnapshot().joining).toBeUndefined(),
        WITHIN_A_SECOND,
      );
      await session.manager.signIn(OLIVIA);
      await session.keepAlive.extend();
      const sent = backend.exchanges.filter((e) => e.url.endsWith('/keep-alive'));
      expect(sent.length).toBe(1);
      expect(sent[0]?.status).toBe(200);
      expect(sent[0]?.requestHeaders.authorization).toBeUndefined();
      expect(session.keepAlive.getSnapshot().status).not.toBe('failed');
    } finally {
      disconnect();
      session.destroy();
    }
  });
});

describe('setup errors between the kit and the proxy', () => {
  it('BFF mode behind a proxy without session secrets: refused naming session.secrets, the session ended', async () => {
    await backend.close();
    backend = await startBffBackend({ session: false });
    const error = await backend.client
      .login({ ...OLIVIA, vaultDns: 'promomats.sunrise.example' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VaultConfigError);
    expect((error as Error).message).toMatch(/session: \{ secrets/);
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(0);
  });

  it('token mode behind a proxy in BFF mode: refused naming credentials: proxy', async () => {
    const tokenClient = createVaultClient({
      authUrl: backend.server.url,
      vaultUrl: `${backend.server.url}/vault/{dns}`,
    });
    const error = await tokenClient
      .login({ ...OLIVIA, vaultDns: 'promomats.sunrise.example' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VaultConfigError);
    expect((error as Error).message).toMatch(/credentials: 'proxy'/);
  });
});
