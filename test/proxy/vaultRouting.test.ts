// Every call made with a session reaches the vault that session belongs to: the kit's
// session layer talks to the real proxy over loopback HTTP, and the proxy forwards to the
// emulator (each vault at its own host) over loopback HTTP too. The proxy's log says which
// host each call went to.
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import { createVaultClient, createVaultSession, type VaultSession } from '../../src/core';
import {
  createManualClock,
  createVaultEmulator,
  DEFAULT_LOGIN_HOST,
  type VaultEmulator,
} from '../../src/emulator';
import { createVaultProxy, type VaultProxyLogEvent } from '../../src/proxy';
import { createLoopbackUpstream } from '../../src/proxy-node/createLoopbackUpstream';
import { DEMO, TEST_START_MS } from '../emulator/startEmulator';
import { live, token } from '../support/sessionReferences';

const PROMOMATS = 'promomats.sunrise.example';
const QUALITY = 'quality.sunrise.example';

let servers: ServedFetch[] = [];
let sessions: VaultSession[] = [];
afterEach(async () => {
  for (const session of sessions) session.destroy();
  sessions = [];
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

interface Deployment {
  readonly emulator: VaultEmulator;
  readonly session: VaultSession;
  /** `METHOD host path` of every call the proxy forwarded since the last `take()`. */
  take(): string[];
}

async function deploy(): Promise<Deployment> {
  const emulator = createVaultEmulator({
    clock: createManualClock(TEST_START_MS),
    passwordHashIterations: 1_000,
  });
  const vault = await serveFetch(emulator.fetch);
  const upstream = createLoopbackUpstream(vault.port);
  const seen: string[] = [];
  const proxy = await serveFetch(
    createVaultProxy({
      loginHost: DEFAULT_LOGIN_HOST,
      allowHosts: ['*.sunrise.example', '*.harbor.example'],
      fetch: (request) => {
        const url = new URL(request.url);
        seen.push(`${request.method} ${url.host} ${url.pathname.replace('/api/v26.1', '')}`);
        return upstream(request);
      },
      log: (event: VaultProxyLogEvent) => {
        if (event.error) seen.push(`refused ${event.error}`);
      },
    }),
  );
  servers.push(vault, proxy);
  const client = createVaultClient({
    baseUrl: `${proxy.url}/vault/${PROMOMATS}`,
    authUrl: proxy.url,
    vaultUrl: `${proxy.url}/vault/{dns}`,
  });
  const session = createVaultSession({ client, BroadcastChannel: null, keepAlive: false });
  sessions.push(session);
  session.connect();
  return {
    emulator,
    session,
    take: () => seen.splice(0),
  };
}

describe('calls made with a session go to its vault, through the proxy', () => {
  it('a session in the vault it asked for: every call at promomats', async () => {
    const { session, take, emulator } = await deploy();
    await session.manager.signIn({ username: DEMO.olivia[0], password: DEMO.olivia[1] });
    expect(session.manager.getSnapshot().vault).toEqual({
      id: 1001,
      name: 'Sunrise PromoMats',
      dns: PROMOMATS,
    });
    await session.client.keepAlive(live(session.manager.getOwnSession()), {
      vaultDns: PROMOMATS,
    });
    await session.request('/objects/users/me');
    await session.manager.signOut();
    expect(take()).toEqual([
      `POST ${PROMOMATS} /auth`,
      `POST ${PROMOMATS} /keep-alive`,
      `GET ${PROMOMATS} /objects/users/me`,
      `DELETE ${PROMOMATS} /session`,
    ]);
    expect(emulator.sessionCount()).toBe(0);
  });

  it('an auth-defaulted session: signed in at promomats, every later call at quality', async () => {
    const { session, take, emulator } = await deploy();
    await session.manager.signIn({ username: DEMO.marcus[0], password: DEMO.marcus[1] });
    expect(session.manager.getSnapshot().vault?.dns).toBe(QUALITY);
    const me = await session.request<{ users: { user: { user_name__v: string } }[] }>(
      '/objects/users/me',
    );
    expect(me.users[0]?.user.user_name__v).toBe(DEMO.marcus[0]);
    const documents = await session.request<{ responseDetails: { total: number } }>(
      '/objects/documents',
    );
    expect(documents.responseDetails.total).toBeGreaterThan(0);
    await session.manager.signOut();
    expect(take()).toEqual([
      `POST ${PROMOMATS} /auth`,
      `GET ${QUALITY} /objects/users/me`,
      `GET ${QUALITY} /objects/documents`,
      `DELETE ${QUALITY} /session`,
    ]);
    expect(emulator.sessionCount()).toBe(0);
  });

  it('a delegated session: olivia acting as marcus works in quality, her own calls stay at promomats', async () => {
    const { session, take, emulator } = await deploy();
    await session.manager.signIn({ username: DEMO.olivia[0], password: DEMO.olivia[1] });
    await session.manager.startDelegation({ vaultId: 1002, delegatorUserId: '61002' });
    expect(session.manager.getSnapshot().vault).toEqual({
      id: 1002,
      name: 'Sunrise QualityDocs',
      dns: QUALITY,
    });
    const me = await session.request<{ users: { user: { user_name__v: string } }[] }>(
      '/objects/users/me',
    );
    expect(me.users[0]?.user.user_name__v).toBe(DEMO.marcus[0]);
    await session.manager.stopDelegation();
    expect(session.manager.getSnapshot().vault?.dns).toBe(PROMOMATS);
    await session.request('/objects/users/me');
    await session.manager.signOut();
    expect(take()).toEqual([
      `POST ${PROMOMATS} /auth`,
      `GET ${PROMOMATS} /delegation/vaults`,
      `POST ${PROMOMATS} /delegation/login`,
      `GET ${QUALITY} /objects/users/me`,
      `DELETE ${QUALITY} /session`,
      `GET ${PROMOMATS} /objects/users/me`,
      `DELETE ${PROMOMATS} /session`,
    ]);
    expect(emulator.sessionCount()).toBe(0);
  });

  it('keep-alive while delegated reaches both vaults, each with its own session', async () => {
    const { session, take } = await deploy();
    const keepAliveSession = createVaultSession({
      client: session.client,
      BroadcastChannel: null,
      keepAlive: { environment: { navigator: { onLine: true }, BroadcastChannel: null } },
    });
    sessions.push(keepAliveSession);
    keepAliveSession.connect();
    await keepAliveSession.manager.signIn({ username: DEMO.olivia[0], password: DEMO.olivia[1] });
    await keepAliveSession.manager.startDelegation({
      vaultId: 1002,
      delegatorUserId: '61002',
      vaultName: 'Sunrise QualityDocs',
      dns: QUALITY,
    });
    take();
    await keepAliveSession.keepAlive.extend();
    expect(take()).toEqual([`POST ${PROMOMATS} /keep-alive`, `POST ${QUALITY} /keep-alive`]);
  });

  it('never sends a session to a vault the proxy does not allow', async () => {
    const { session, take } = await deploy();
    const client = session.client;
    await expect(
      client.keepAlive(token('A'.repeat(40)), { vaultDns: 'intranet.corp.example' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(take()).toEqual(['refused PROXY_HOST_NOT_ALLOWED']);
  });
});
