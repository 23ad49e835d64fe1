import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { serveFetch } from '../../../server/serveFetch';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import {
  VaultAbortedError,
  VaultApiError,
  VaultConfigError,
  VaultError,
} from '../../../src/core/errors';
import { createSessionManager } from '../../../src/core/session/createSessionManager';
import type {
  SessionManager,
  SessionManagerOptions,
} from '../../../src/core/session/SessionManager';
import type { SessionClient } from '../../../src/core/session/types';
import { live } from '../../support/sessionReferences';
import {
  MARCUS,
  MARCUS_ID,
  OLIVIA,
  OLIVIA_ID,
  type SessionBackend,
  startSessionBackend,
} from './startSessionBackend';

const HOUR = 3_600_000;

let backend: SessionBackend;
const managers: SessionManager[] = [];

function manager(options: Partial<SessionManagerOptions> = {}): SessionManager {
  const created = createSessionManager({
    client: backend.client,
    BroadcastChannel: null,
    ...options,
  });
  managers.push(created);
  return created;
}

async function apiError(promise: Promise<unknown>): Promise<VaultError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof VaultError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** A door a request waits at until the test opens it: a race staged without a clock. */
function gate(): { readonly opened: Promise<void>; open(): void } {
  let open = (): void => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Holds the service's answers to sign-ins of `username` until `open()`; `arrived` resolves
 * once the first such request has reached the service.
 */
function holdLoginsOf(username: string) {
  const door = gate();
  const reached = gate();
  backend.intercept(async (request, emulator) => {
    const body = await request.clone().text();
    if (body.includes(encodeURIComponent(username))) {
      reached.open();
      await door.opened;
    }
    return emulator(request);
  });
  onTestFinished(door.open);
  return { arrived: reached.opened, open: door.open };
}

beforeEach(async () => {
  backend = await startSessionBackend();
});

afterEach(async () => {
  for (const created of managers.splice(0)) created.destroy();
  await backend.close();
});

describe('createSessionManager against the emulator', () => {
  it('signs olivia in, acts as marcus in 1002, stops, signs out; the server ends both sessions', async () => {
    const session = manager();
    expect(session.getSnapshot().status).toBe('signed-out');

    await session.signIn(OLIVIA);
    const signedIn = session.getSnapshot();
    expect(signedIn.status).toBe('active');
    expect(signedIn.user).toMatchObject({
      userId: String(OLIVIA_ID),
      username: OLIVIA.username,
      vaultId: 1001,
      vault: { id: 1001, name: 'Sunrise PromoMats', dns: 'promomats.sunrise.example' },
    });
    expect(signedIn.user?.vaults.map((v) => v.id)).toEqual([1001, 1002]);
    const ownId = session.getOwnSession();
    expect(ownId).toBeDefined();
    expect(session.getSession()).toEqual(ownId);
    // The snapshot never carries an ID (so no UI can render or log it).
    expect(JSON.stringify(signedIn)).not.toContain(ownId);

    const [offer] = await backend.client.getDelegations(live(ownId));
    expect(offer).toMatchObject({ id: 1002, delegatorUserId: String(MARCUS_ID) });
    await session.startDelegation({ vaultId: 1002, delegatorUserId: String(MARCUS_ID) });
    const delegated = session.getSnapshot();
    expect(delegated.status).toBe('delegated');
    // Name and DNS were looked up from the delegation list because they were not passed.
    expect(delegated.delegation).toEqual({
      vaultId: 1002,
      vaultName: 'Sunrise QualityDocs',
      dns: 'quality.sunrise.example',
      delegatorUserId: String(MARCUS_ID),
    });
    const delegatedId = session.getSession();
    expect(delegatedId).toBeDefined();
    expect(delegatedId).not.toBe(ownId);
    expect(session.getOwnSession()).toEqual(ownId);
    // The delegated session acts as marcus on the server.
    expect(backend.emulator.sessions()).toContainEqual(
      expect.objectContaining({ userId: MARCUS_ID, actorUserId: OLIVIA_ID, vaultId: 1002 }),
    );

    await session.stopDelegation();
    expect(session.getSnapshot().status).toBe('active');
    expect(session.getSnapshot().delegation).toBeUndefined();
    expect(session.getSession()).toEqual(ownId);
    // Stopping ended the delegated session on the server; the own one lives on.
    expect(await apiError(backend.client.keepAlive(live(delegatedId)))).toMatchObject({
      type: 'INVALID_SESSION_ID',
    });
    await backend.client.keepAlive(live(ownId));

    await session.signOut();
    expect(session.getSnapshot()).toMatchObject({
      status: 'ended',
      endReason: 'signed-out',
      lastUsername: OLIVIA.username,
    });
    expect(session.getSnapshot().user).toBeUndefined();
    expect(session.getSession()).toBeUndefined();
    expect(session.getOwnSession()).toBeUndefined();
    expect(backend.emulator.sessionCount()).toBe(0);
    expect(await apiError(backend.client.keepAlive(live(ownId)))).toMatchObject({
      type: 'INVALID_SESSION_ID',
    });
  });

  it('signs out of a delegated session by ending both sessions on the server (SES-07)', async () => {
    const session = manager();
    await session.signIn(OLIVIA);
    await session.startDelegation({
      vaultId: 1002,
      delegatorUserId: String(MARCUS_ID),
      vaultName: 'Sunrise QualityDocs',
      dns: 'quality.sunrise.example',
    });
    expect(backend.emulator.sessionCount()).toBe(2);
    await session.signOut();
    expect(backend.emulator.sessionCount()).toBe(0);
    // Idempotent: a second sign-out neither throws nor changes anything.
    const ended = session.getSnapshot();
    await session.signOut();
    expect(session.getSnapshot()).toBe(ended);
  });

  it('rejects a wrong password, shows the error and keeps the user name', async () => {
    const session = manager();
    const error = await apiError(session.signIn({ ...OLIVIA, password: 'wrong' }));
    expect(error).toBeInstanceOf(VaultApiError);
    expect(error).toMatchObject({ type: 'USERNAME_OR_PASSWORD_INCORRECT' });
    expect(session.getSnapshot()).toMatchObject({
      status: 'signed-out',
      error,
      lastUsername: OLIVIA.username,
    });
    expect(session.getSession()).toBeUndefined();
  });

  it('signs in to the vault named by its DNS, and fails on a vault the user lacks', async () => {
    const session = manager();
    await session.signIn({ ...OLIVIA, vaultDns: 'quality.sunrise.example' });
    expect(session.getSnapshot().user).toMatchObject({
      vaultId: 1002,
      vault: { name: 'Sunrise QualityDocs', dns: 'quality.sunrise.example' },
    });
    await session.signOut();
    const error = await apiError(
      session.signIn({ ...MARCUS, vaultDns: 'promomats.sunrise.example' }),
    );
    expect(error.kind).toBe('dns-mismatch');
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-out', error });
    expect(backend.liveSessionsOf(MARCUS_ID)).toBe(0);
  });

  it('computes the deadline from when the login request was sent, not when it returned (B7)', async () => {
    // The local clock is three days ahead of the service's: no server time is compared with it.
    let localNow = backend.clock.now() + 72 * HOUR;
    backend.intercept(async (request, emulator) => {
      localNow += 10_000; // the answer takes 10 s of local time
      return emulator(request);
    });
    const session = manager({ now: () => localNow });
    const sentAt = localNow;
    await session.signIn(OLIVIA);
    expect(session.getSnapshot()).toMatchObject({
      status: 'active',
      startedAt: sentAt,
      deadline: sentAt + 48 * HOUR,
    });
  });

  it('still ends locally when the end-session call answers 503 (SES-07)', async () => {
    const session = manager();
    await session.signIn(OLIVIA);
    let endCalls = 0;
    backend.intercept(async (request, emulator) => {
      if (request.method === 'DELETE') {
        endCalls += 1;
        return new Response('<html>Service Unavailable</html>', {
          status: 503,
          headers: { 'Content-Type': 'text/html' },
        });
      }
      return emulator(request);
    });
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getSnapshot().status));
    const done = session.signOut();
    // Local state is cleared before the call is even answered.
    expect(session.getSnapshot().status).toBe('ended');
    expect(session.getSession()).toBeUndefined();
    await expect(done).resolves.toBeUndefined();
    expect(endCalls).toBe(1);
    expect(seen).toEqual(['ended']);
  });

  it('still ends locally when the service cannot be reached at all (SES-07, B6)', async () => {
    const session = manager();
    await session.signIn(OLIVIA);
    await backend.close();
    await expect(session.signOut()).resolves.toBeUndefined();
    expect(session.getSnapshot()).toMatchObject({ status: 'ended', endReason: 'signed-out' });
    expect(session.getSession()).toBeUndefined();
  });

  it('ends the session as invalid-session on INVALID_SESSION_ID from any call (SES-06, B14)', async () => {
    const session = manager();
    await session.signIn(OLIVIA);
    const id = live(session.getSession());
    // The session dies on the server (e.g. ended from elsewhere).
    await backend.client.endSession(id);
    const error = await apiError(backend.client.getDelegations(id));
    expect(session.reportError(error, { session: id })).toBe(true);
    expect(session.getSnapshot()).toMatchObject({
      status: 'expired',
      endReason: 'invalid-session',
      lastUsername: OLIVIA.username,
    });
    expect(session.getSession()).toBeUndefined();
    // Reporting again is harmless.
    expect(session.reportError(error)).toBe(false);
  });

  it('ignores INVALID_SESSION_ID about a session it no longer uses', async () => {
    const session = manager();
    await session.signIn(OLIVIA);
    await session.startDelegation({ vaultId: 1002, delegatorUserId: String(MARCUS_ID) });
    const oldDelegatedId = live(session.getSession());
    await session.stopDelegation();
    const late = await apiError(backend.client.keepAlive(oldDelegatedId));
    expect(late).toMatchObject({ type: 'INVALID_SESSION_ID' });
    expect(session.reportError(late, { session: oldDelegatedId })).toBe(false);
    expect(session.getSnapshot().status).toBe('active');
  });

  it('never ends the session on transient faults: 5xx, HTML, timeout, network (SES-06, B2-B6)', async () => {
    const session = manager();
    await session.signIn(OLIVIA);
    const id = live(session.getSession());
    let mode: 'status-500' | 'html-200' | 'hang' = 'status-500';
    backend.intercept(async (request, emulator) => {
      if (!new URL(request.url).pathname.endsWith('/keep-alive')) return emulator(request);
      if (mode === 'status-500') {
        return Response.json({ problem: 'down' }, { status: 500 });
      }
      if (mode === 'html-200') {
        return new Response('<html>captive portal</html>', {
          headers: { 'Content-Type': 'text/html' },
        });
      }
      await answerHeld.opened;
      return emulator(request);
    });
    // The hanging answer is held until the test lets it go, after the client gave up on it.
    const answerHeld = gate();
    const failures: VaultError[] = [];
    failures.push(await apiError(backend.client.keepAlive(id)));
    mode = 'html-200';
    failures.push(await apiError(backend.client.keepAlive(id)));
    mode = 'hang';
    failures.push(await apiError(backend.client.keepAlive(id, { timeoutMs: 50 })));
    answerHeld.open();
    const offline = createVaultClient({ baseUrl: await closedOrigin() });
    failures.push(await apiError(offline.keepAlive(id)));
    expect(failures.map((f) => f.kind)).toEqual(['protocol', 'protocol', 'timeout', 'network']);
    for (const failure of failures) expect(session.reportError(failure)).toBe(false);
    expect(session.reportError(new Error('anything else'))).toBe(false);
    expect(session.getSnapshot().status).toBe('active');
    expect(session.getSession()).toEqual(id);
  });

  it('lets the last sign-in win when the first answer is slow (B11)', async () => {
    const oliviaAnswer = holdLoginsOf(OLIVIA.username);
    const session = manager();
    const first = session.signIn(OLIVIA);
    await oliviaAnswer.arrived;
    const second = session.signIn(MARCUS);
    await expect(first).rejects.toBeInstanceOf(VaultAbortedError);
    await second;
    oliviaAnswer.open();
    expect(session.getSnapshot().user?.username).toBe(MARCUS.username);
    await backend.client.keepAlive(live(session.getSession()));
    expect(backend.liveSessionsOf(MARCUS_ID)).toBe(1);
  });

  it('ignores and ends a superseded login whose request could not be cancelled (B11)', async () => {
    const oliviaAnswer = holdLoginsOf(OLIVIA.username);
    // A client that cannot cancel: the slow answer still arrives after the second login.
    const stubborn: SessionClient = {
      ...backend.client,
      login: (credentials) => backend.client.login(credentials),
    };
    const session = manager({ client: stubborn });
    const first = session.signIn(OLIVIA);
    await oliviaAnswer.arrived;
    await session.signIn(MARCUS);
    expect(session.getSnapshot().user?.username).toBe(MARCUS.username);
    // Only now does the first answer come back, signed in as olivia.
    oliviaAnswer.open();
    await expect(first).rejects.toBeInstanceOf(VaultAbortedError);
    expect(session.getSnapshot().user?.username).toBe(MARCUS.username);
    // The unwanted olivia session was ended on the server, not left open.
    await expect.poll(() => backend.liveSessionsOf(OLIVIA_ID)).toBe(0);
    expect(backend.liveSessionsOf(MARCUS_ID)).toBe(1);
  });

  it('cancels a sign-in through the caller signal without showing an error', async () => {
    const answer = holdLoginsOf(OLIVIA.username);
    const session = manager();
    const controller = new AbortController();
    const pending = session.signIn(OLIVIA, { signal: controller.signal });
    expect(session.getSnapshot().status).toBe('signing-in');
    await answer.arrived;
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(VaultAbortedError);
    expect(session.getSnapshot().status).toBe('signed-out');
    expect(session.getSnapshot().error).toBeUndefined();
    answer.open();
  });

  it('signs the previous user out everywhere before a different user signs in', async () => {
    const session = manager();
    await session.signIn(OLIVIA);
    const oliviaId = live(session.getSession());
    await session.signIn(MARCUS);
    expect(session.getSnapshot().user?.username).toBe(MARCUS.username);
    await expect.poll(() => backend.liveSessionsOf(OLIVIA_ID)).toBe(0);
    expect(await apiError(backend.client.keepAlive(oliviaId))).toMatchObject({
      type: 'INVALID_SESSION_ID',
    });
  });

  it('establishes a session obtained elsewhere (the SSO path)', async () => {
    const sentAt = Date.now();
    const result = await backend.client.login(OLIVIA);
    const session = manager();
    session.establish(result, { username: OLIVIA.username, startedAt: sentAt });
    expect(session.getSnapshot()).toMatchObject({
      status: 'active',
      startedAt: sentAt,
      deadline: sentAt + 48 * HOUR,
      user: { username: OLIVIA.username, vaultId: 1001 },
    });
    expect(session.getSession()).toEqual(result.session);
  });

  it("signs out of a session a vault's web tab lent without ending it at the vault", async () => {
    const result = await backend.client.login(OLIVIA);
    const session = manager();
    session.establish(result, { username: OLIVIA.username, startedAt: Date.now(), lent: true });
    // The UI learns that the deadline is only an outer bound, not the vault's own end.
    expect(session.getSnapshot()).toMatchObject({ status: 'active', lent: true });
    await session.signOut();
    expect(session.getSnapshot()).toMatchObject({ status: 'ended', endReason: 'signed-out' });
    // Still alive at the vault: the vault window around the app owns it.
    await backend.client.keepAlive(result.session);
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(1);
  });

  it('ends a lent session at the vault when the user asks to sign out of the vault too', async () => {
    const result = await backend.client.login(OLIVIA);
    const session = manager();
    session.establish(result, { username: OLIVIA.username, startedAt: Date.now(), lent: true });
    await session.signOut({ endLentSession: true });
    expect(session.getSnapshot()).toMatchObject({ status: 'ended', endReason: 'signed-out' });
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(0);
    expect(await apiError(backend.client.keepAlive(result.session))).toMatchObject({
      type: 'INVALID_SESSION_ID',
    });
  });

  it('says the vault ended a lent session that the service no longer knows', async () => {
    const result = await backend.client.login(OLIVIA);
    const session = manager();
    session.establish(result, { username: OLIVIA.username, startedAt: Date.now(), lent: true });
    // The user signs out of the vault window around the app.
    await backend.client.endSession(result.session);
    const error = await apiError(backend.client.getDelegations(result.session));
    expect(session.reportError(error, { session: result.session })).toBe(true);
    expect(session.getSnapshot()).toMatchObject({
      status: 'expired',
      endReason: 'vault-ended',
      lastUsername: OLIVIA.username,
    });
  });

  it('refuses to delegate without a session', async () => {
    const session = manager();
    await expect(
      session.startDelegation({ vaultId: 1002, delegatorUserId: '61002' }),
    ).rejects.toBeInstanceOf(VaultConfigError);
  });

  it('rejects a delegation the service refuses and keeps the own session', async () => {
    const session = manager();
    await session.signIn(OLIVIA);
    const error = await apiError(
      session.startDelegation({
        vaultId: 1001,
        delegatorUserId: String(MARCUS_ID),
        vaultName: 'x',
        dns: 'x',
      }),
    );
    expect(error).toBeInstanceOf(VaultApiError);
    expect(session.getSnapshot().status).toBe('active');
  });

  it('keeps snapshots referentially stable between changes', async () => {
    const session = manager();
    const initial = session.getSnapshot();
    expect(session.getSnapshot()).toBe(initial);
    session.checkDeadline();
    expect(session.getSnapshot()).toBe(initial);
    await session.signIn(OLIVIA);
    const active = session.getSnapshot();
    expect(active).not.toBe(initial);
    session.checkDeadline();
    session.reportError(new Error('transient'));
    expect(session.getSnapshot()).toBe(active);
  });

  it('notifies subscribers on each change and stops after unsubscribe', async () => {
    const session = manager();
    const statuses: string[] = [];
    const unsubscribe = session.subscribe(() => statuses.push(session.getSnapshot().status));
    await session.signIn(OLIVIA);
    unsubscribe();
    await session.signOut();
    expect(statuses).toEqual(['signing-in', 'active']);
  });
});

async function closedOrigin(): Promise<string> {
  const server = await serveFetch(() => new Response('unused'));
  await server.close();
  return server.url;
}
