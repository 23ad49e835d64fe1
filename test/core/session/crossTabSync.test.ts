import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionReference } from '../../../src/core/client/SessionReference';
import { VaultError } from '../../../src/core/errors';
import { createSessionManager } from '../../../src/core/session/createSessionManager';
import { createVaultSession } from '../../../src/core/session/createVaultSession';
import type {
  SessionManager,
  SessionManagerOptions,
} from '../../../src/core/session/SessionManager';
import type {
  BroadcastChannelConstructor,
  DelegationRecord,
  SessionRecord,
} from '../../../src/core/session/types';
import { live, tokenIdOf } from '../../support/sessionReferences';
import {
  MARCUS,
  MARCUS_ID,
  OLIVIA,
  OLIVIA_ID,
  type SessionBackend,
  startSessionBackend,
  uniqueChannelName,
} from './startSessionBackend';

const HOUR = 3_600_000;
const WITHIN_A_SECOND = { timeout: 1_000, interval: 5 };
// The envelope of the session's messages on the tab channel: the kit's, on the session topic.
const SESSION_TOPIC = { ns: 'vault-session-kit', v: 1, topic: 'session' } as const;

let backend: SessionBackend;
let channelName: string;
let posted: unknown[];
let loginRequests: number;
const tabs: SessionManager[] = [];
const rawChannels: BroadcastChannel[] = [];

/** Node's real BroadcastChannel, recording every payload a tab posts (STO-03). */
class RecordingChannel extends BroadcastChannel {
  override postMessage(message: unknown): void {
    posted.push(structuredClone(message));
    super.postMessage(message);
  }
}

/**
 * Notices posted while `heldNotices` is set wait there until the test sends them on with
 * `deliverHeldNotices()`: two tabs' changes can then cross, as between busy tabs, without
 * a clock deciding the order.
 */
let heldNotices: (() => void)[] | undefined;

class HoldingChannel extends RecordingChannel {
  override postMessage(message: unknown): void {
    if (heldNotices === undefined) {
      super.postMessage(message);
      return;
    }
    posted.push(structuredClone(message));
    heldNotices.push(() => {
      // The tab may have closed its channel by then; a real late notice would be lost too.
      try {
        BroadcastChannel.prototype.postMessage.call(this, message);
      } catch {}
    });
  }
}

function deliverHeldNotices(): void {
  const notices = heldNotices ?? [];
  heldNotices = undefined;
  for (const deliver of notices) deliver();
}

function openTab(options: Partial<SessionManagerOptions> = {}): SessionManager {
  const tab = createSessionManager({
    client: backend.client,
    channelName,
    joinTimeoutMs: 30,
    BroadcastChannel: RecordingChannel as BroadcastChannelConstructor,
    ...options,
  });
  tabs.push(tab);
  // A mounted app subscribes at once, which starts the manager; tests do it explicitly.
  tab.start();
  return tab;
}

function rawChannel(): BroadcastChannel {
  const channel = new BroadcastChannel(channelName);
  rawChannels.push(channel);
  return channel;
}

/**
 * Posts a hello on `raw` as the tab `from` and resolves once a live tab has answered it:
 * the proof that the tab has handled everything posted on `raw` before.
 */
function listenForAnswers(raw: BroadcastChannel) {
  const answers: { type?: string; to?: string }[] = [];
  raw.addEventListener('message', (event) => answers.push(event.data));
  let asked = 0;
  return async (envelope: { ns: string; v: number; from: string }): Promise<void> => {
    asked += 1;
    const from = `${envelope.from}-marker-${asked}`;
    raw.postMessage({ ...envelope, from, type: 'hello' });
    await vi.waitFor(
      () => expect(answers.some((answer) => answer.to === from)).toBe(true),
      WITHIN_A_SECOND,
    );
  };
}

/** A session record as tabs send it: each session spelled as one string. */
type SentRecord = Omit<SessionRecord, 'session' | 'delegation'> & {
  readonly sessionId: string;
  readonly delegation?: Omit<DelegationRecord, 'session'> & { readonly sessionId: string };
};

/** The hand-off record another tab would send for olivia's session `result`. */
function oliviaRecord(
  result: Awaited<ReturnType<SessionBackend['client']['login']>>,
  key: string,
  startedAt: number,
): SentRecord {
  return {
    v: 1,
    key,
    sessionId: tokenIdOf(result.session),
    userId: result.userId,
    username: OLIVIA.username,
    vaultId: result.vaultId,
    vaults: result.vaults,
    startedAt,
    deadline: startedAt + 48 * HOUR,
  };
}

async function joined(tab: SessionManager): Promise<void> {
  await vi.waitFor(() => expect(tab.getSnapshot().joining).toBeUndefined(), WITHIN_A_SECOND);
}

beforeEach(async () => {
  backend = await startSessionBackend();
  channelName = uniqueChannelName();
  posted = [];
  loginRequests = 0;
  backend.intercept(async (request, emulator) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/auth')) {
      loginRequests += 1;
    }
    return emulator(request);
  });
});

afterEach(async () => {
  heldNotices = undefined;
  for (const tab of tabs.splice(0)) tab.destroy();
  for (const channel of rawChannels.splice(0)) channel.close();
  await backend.close();
});

describe('cross-tab session sync over BroadcastChannel', () => {
  it('lets a new tab join the open session without a new login', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    const b = openTab();
    expect(b.getSnapshot()).toMatchObject({ status: 'signed-out', joining: true });
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    expect(b.getSnapshot().user?.username).toBe(OLIVIA.username);
    expect(b.getSnapshot().deadline).toBe(a.getSnapshot().deadline);
    expect(b.getSession()).toEqual(a.getSession());
    // The hand-off carries the vault the session lives in, so the new tab's calls go there.
    expect(b.getSessionRoute()).toEqual({
      session: a.getSession(),
      vaultDns: 'promomats.sunrise.example',
    });
    expect(b.getSnapshot().vault).toEqual(a.getSnapshot().vault);
    expect(loginRequests).toBe(1);
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(1);
    // The joined ID works on the service.
    await backend.client.keepAlive(live(b.getSession()));
  });

  it('leaves no trace from a manager that is created but never used (StrictMode discards one)', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    const before = posted.length;
    const discarded = createSessionManager({
      client: backend.client,
      channelName,
      BroadcastChannel: RecordingChannel as BroadcastChannelConstructor,
    });
    // It looks like a joining tab from its first render, so no login form flashes...
    expect(discarded.getSnapshot()).toMatchObject({ status: 'signed-out', joining: true });
    // The marker: a tab opened after it asks and is answered; tab a handles messages in
    // order, so by then it would have answered a hello of the discarded one too.
    const marker = openTab();
    await vi.waitFor(() => expect(marker.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    // ...but it asked nobody and nobody answered it: one hello, one answer, both the marker's.
    const since = posted.slice(before) as { type: string; from: string; to?: string }[];
    expect(since.map((message) => message.type)).toEqual(['hello', 'session']);
    expect(since[1]?.to).toBe(since[0]?.from);
    expect(discarded.getSnapshot().status).toBe('signed-out');
    discarded.destroy();
  });

  it('shows a lone new tab signed out once nobody answers', async () => {
    const a = openTab({ joinTimeoutMs: 50 });
    expect(a.getSnapshot().joining).toBe(true);
    await joined(a);
    expect(a.getSnapshot().status).toBe('signed-out');
  });

  it('tells every tab that a sign-out for inactivity was made by the kit, not by the user', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    const b = openTab();
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);

    await a.signOut({ reason: 'inactive' });
    expect(a.getSnapshot()).toMatchObject({ status: 'ended', endReason: 'inactive' });
    await vi.waitFor(
      () => expect(b.getSnapshot()).toMatchObject({ status: 'ended', endReason: 'inactive' }),
      WITHIN_A_SECOND,
    );
    expect(backend.emulator.sessionCount()).toBe(0);
  });

  it('propagates sign-out to every tab; the notice carries no session ID or user (STO-03)', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    await a.startDelegation({ vaultId: 1002, delegatorUserId: String(MARCUS_ID) });
    const ownId = live(a.getOwnSession());
    const delegatedId = live(a.getSession());
    const b = openTab();
    const c = openTab();
    await vi.waitFor(() => {
      expect(b.getSnapshot().status).toBe('delegated');
      expect(c.getSnapshot().status).toBe('delegated');
    }, WITHIN_A_SECOND);

    await b.signOut();
    await vi.waitFor(() => {
      expect(a.getSnapshot()).toMatchObject({ status: 'ended', endReason: 'remote-sign-out' });
      expect(c.getSnapshot()).toMatchObject({ status: 'ended', endReason: 'remote-sign-out' });
    }, WITHIN_A_SECOND);
    for (const tab of [a, b, c]) expect(tab.getSession()).toBeUndefined();
    expect(backend.emulator.sessionCount()).toBe(0);

    const signOuts = posted.filter((m) => (m as { type?: unknown }).type === 'signed-out');
    expect(signOuts.length).toBeGreaterThan(0);
    for (const message of signOuts) {
      const text = JSON.stringify(message);
      expect(text).not.toContain(ownId);
      expect(text).not.toContain(delegatedId);
      expect(text).not.toContain(OLIVIA.username);
    }
  });

  it('never broadcasts a password, and only hand-offs carry a session ID (STO-03)', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    const ownId = live(a.getSession());
    const b = openTab();
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    const error = await backend.client
      .endSession(ownId)
      .then(() => backend.client.keepAlive(ownId))
      .catch((e: unknown) => e);
    expect(a.reportError(error)).toBe(true);
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('expired'), WITHIN_A_SECOND);

    const types = posted.map((m) => (m as { type: string }).type);
    expect(types).toEqual(expect.arrayContaining(['hello', 'session', 'expired']));
    for (const message of posted) {
      const text = JSON.stringify(message);
      expect(text).not.toContain(OLIVIA.password);
      if ((message as { type: string }).type !== 'session') expect(text).not.toContain(ownId);
    }
  });

  it('ends the session in every tab on INVALID_SESSION_ID seen by one (SES-06, STO-04)', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    const b = openTab();
    const c = openTab();
    await vi.waitFor(() => {
      expect(b.getSnapshot().status).toBe('active');
      expect(c.getSnapshot().status).toBe('active');
    }, WITHIN_A_SECOND);
    const id = live(c.getSession());
    await backend.client.endSession(id);
    const error = await backend.client.keepAlive(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultError);
    expect(c.reportError(error, { session: id })).toBe(true);
    await vi.waitFor(() => {
      for (const tab of [a, b, c]) {
        expect(tab.getSnapshot()).toMatchObject({
          status: 'expired',
          endReason: 'invalid-session',
          lastUsername: OLIVIA.username,
        });
      }
    }, WITHIN_A_SECOND);
  });

  it('propagates expiry at the deadline seen by one tab (STO-04)', async () => {
    let aNow = Date.now();
    const a = openTab({ now: () => aNow });
    await joined(a);
    await a.signIn(OLIVIA);
    const b = openTab();
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    // Tab A wakes from sleep past the cap; tab B's own clock has not got there.
    aNow += 49 * HOUR;
    a.checkDeadline();
    expect(a.getSnapshot().status).toBe('expired');
    await vi.waitFor(
      () => expect(b.getSnapshot()).toMatchObject({ status: 'expired', endReason: 'expired' }),
      WITHIN_A_SECOND,
    );
  });

  it('propagates delegation start and stop (DEL-06)', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    const b = openTab();
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    await a.startDelegation({
      vaultId: 1002,
      delegatorUserId: String(MARCUS_ID),
      vaultName: 'Sunrise QualityDocs',
      dns: 'quality.sunrise.example',
    });
    await vi.waitFor(() => {
      expect(b.getSnapshot().status).toBe('delegated');
      expect(b.getSnapshot().delegation?.vaultName).toBe('Sunrise QualityDocs');
    }, WITHIN_A_SECOND);
    expect(b.getSession()).toEqual(a.getSession());
    expect(b.getOwnSession()).toEqual(a.getOwnSession());
    expect(b.getSessionRoute()?.vaultDns).toBe('quality.sunrise.example');
    expect(b.getSessionRoute('own')?.vaultDns).toBe('promomats.sunrise.example');
    expect(b.getSnapshot().vault?.name).toBe('Sunrise QualityDocs');

    await b.stopDelegation();
    await vi.waitFor(() => expect(a.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    expect(a.getSession()).toEqual(a.getOwnSession());
    expect(backend.emulator.sessionCount()).toBe(1);
  });

  it('settles two tabs that change the delegation at the same moment on one outcome (DEL-06)', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    const b = openTab();
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    const target = {
      vaultId: 1002,
      delegatorUserId: String(MARCUS_ID),
      vaultName: 'Sunrise QualityDocs',
      dns: 'quality.sunrise.example',
    };
    // Both delegated logins are held until both have arrived, then answered together, so
    // each tab applies its own answer before the other tab's notice reaches it.
    const held: (() => void)[] = [];
    backend.intercept(async (request, emulator) => {
      if (!new URL(request.url).pathname.endsWith('/delegation/login')) return emulator(request);
      const answer = await emulator(request);
      await new Promise<void>((release) => {
        held.push(release);
        if (held.length === 2) for (const go of held) go();
      });
      return answer;
    });

    await Promise.all([a.startDelegation(target), b.startDelegation(target)]);

    await vi.waitFor(() => {
      expect(a.getSnapshot().status).toBe('delegated');
      expect(b.getSnapshot().status).toBe('delegated');
      expect(b.getSession()).toEqual(a.getSession());
      // The actor's session and the delegated session both tabs kept; the other one is ended.
      expect(backend.emulator.sessionCount()).toBe(2);
    }, WITHIN_A_SECOND);
    const kept = live(a.getSession());
    await expect(backend.client.keepAlive(kept)).resolves.toBeUndefined();

    // The tabs still agree on what comes next.
    await b.stopDelegation();
    await vi.waitFor(() => expect(a.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    expect(backend.emulator.sessionCount()).toBe(1);
  });

  it('settles a stop in one tab and a new delegation in another on the new delegation', async () => {
    const a = openTab({ BroadcastChannel: HoldingChannel as BroadcastChannelConstructor });
    await joined(a);
    await a.signIn(OLIVIA);
    const b = openTab({ BroadcastChannel: HoldingChannel as BroadcastChannelConstructor });
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    const target = { vaultId: 1002, delegatorUserId: String(MARCUS_ID), vaultName: 'Q', dns: 'q' };
    await a.startDelegation(target);
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('delegated'), WITHIN_A_SECOND);

    let releaseLogin: () => void = () => undefined;
    const loginHeld = new Promise<void>((release) => {
      releaseLogin = release;
    });
    backend.intercept(async (request, emulator) => {
      if (!new URL(request.url).pathname.endsWith('/delegation/login')) return emulator(request);
      const answer = await emulator(request);
      await loginHeld;
      return answer;
    });
    // From here the tabs' notices cross: each tab applies its own change before it hears of
    // the other's.
    heldNotices = [];
    const starting = b.startDelegation(target);
    await vi.waitFor(() => expect(backend.emulator.sessionCount()).toBe(3), WITHIN_A_SECOND);
    // Tab b has its new delegated session but has not applied it yet; tab a stops meanwhile.
    const stopping = a.stopDelegation();
    releaseLogin();
    await Promise.all([starting, stopping]);
    expect(a.getSnapshot().status).toBe('active');
    expect(b.getSnapshot().status).toBe('delegated');
    expect(heldNotices.length).toBeGreaterThan(0);
    deliverHeldNotices();

    await vi.waitFor(() => {
      expect(a.getSnapshot().status).toBe('delegated');
      expect(b.getSnapshot().status).toBe('delegated');
      expect(a.getSession()).toEqual(b.getSession());
      expect(backend.emulator.sessionCount()).toBe(2);
    }, WITHIN_A_SECOND);
  });

  it('propagates a login in another tab to a signed-out tab', async () => {
    const a = openTab();
    const b = openTab();
    await joined(a);
    await joined(b);
    await a.signIn(OLIVIA);
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    expect(b.getSession()).toEqual(a.getSession());
    // The hand-off carries the vault the session lives in, so the new tab's calls go there.
    expect(b.getSessionRoute()).toEqual({
      session: a.getSession(),
      vaultDns: 'promomats.sunrise.example',
    });
    expect(b.getSnapshot().vault).toEqual(a.getSnapshot().vault);
    expect(loginRequests).toBe(1);
  });

  it('never shows one user with another user’s session when a tab switches users (STO-07)', async () => {
    const a = openTab();
    await joined(a);
    await a.signIn(OLIVIA);
    const oliviaId = a.getSession();
    const b = openTab();
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    const seen: { username: string | undefined; session: SessionReference | undefined }[] = [];
    b.subscribe(() =>
      seen.push({ username: b.getSnapshot().user?.username, session: b.getSession() }),
    );

    await a.signIn(MARCUS);
    const marcusId = a.getSession();
    await vi.waitFor(
      () => expect(b.getSnapshot().user?.username).toBe(MARCUS.username),
      WITHIN_A_SECOND,
    );
    expect(b.getSession()).toEqual(marcusId);
    expect(seen.length).toBeGreaterThan(0);
    for (const entry of seen) {
      if (entry.username === OLIVIA.username) expect(entry.session).toEqual(oliviaId);
      else if (entry.username === MARCUS.username) expect(entry.session).toEqual(marcusId);
      else expect(entry.session).toBeUndefined();
    }
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(0);
  });

  it('ignores malformed messages and stale hand-offs, and adopts a well-formed one', async () => {
    const a = openTab();
    await joined(a);
    const result = await backend.client.login(OLIVIA);
    const record = oliviaRecord(result, 'handoff-key', Date.now() - 1_000);
    const raw = rawChannel();
    const envelope = { ...SESSION_TOPIC, from: 'other-tab' };
    // A live tab answers a hello in order, so its answer to this one proves it has handled
    // everything posted before.
    const answered = listenForAnswers(raw);
    // The junk carries a record a minute shorter than the one adopted at the end, so the
    // marker's own change cannot pass for one of the junk's.
    const junkRecord: SentRecord = { ...record, deadline: record.deadline - 60_000 };
    const seen: (number | undefined)[] = [];
    const stopWatching = a.subscribe(() => seen.push(a.getSnapshot().deadline));
    for (const junk of [
      'signed-out',
      null,
      42,
      { type: 'signed-out' },
      { ...envelope, v: 2, type: 'session', record: junkRecord },
      { ...envelope, ns: 'another-kit', type: 'session', record: junkRecord },
      // An older kit's message names no topic; the keep-alive's topic is not the session's.
      { ns: 'vault-session-kit', v: 1, from: 'other-tab', type: 'session', record: junkRecord },
      { ...envelope, topic: 'vault-session-kit:keep-alive:1', type: 'session', record: junkRecord },
      { ...envelope, type: 'session', record: { ...junkRecord, sessionId: 'bad id\r\nX: y' } },
      { ...envelope, type: 'session', record: { ...junkRecord, vaultId: '1001' } },
      { ...envelope, type: 'session', record: { ...junkRecord, revision: -1 } },
      { ...envelope, type: 'session', record: { ...junkRecord, revision: '2' } },
      // Calls are routed by the vault host, so anything but a bare host is refused.
      { ...envelope, type: 'session', record: { ...junkRecord, dns: 'evil.example/x' } },
      { ...envelope, type: 'session', record: { ...junkRecord, dns: 'https://evil.example' } },
      { ...envelope, type: 'session', record: { ...junkRecord, dns: 'evil.example:8443' } },
      {
        ...envelope,
        type: 'session',
        record: {
          ...junkRecord,
          delegation: {
            sessionId: 'x'.repeat(43),
            vaultId: 1002,
            vaultName: 'Sunrise QualityDocs',
            dns: '127.0.0.1:22/x',
            delegatorUserId: String(MARCUS_ID),
          },
        },
      },
      { ...envelope, type: 'session', record: { ...junkRecord, deadline: Date.now() - 1 } },
      { ...envelope, type: 'session', to: 'some-other-tab', record: junkRecord },
      { ...envelope, type: 'nonsense' },
    ]) {
      raw.postMessage(junk);
    }
    // The marker after the junk: once the tab has adopted it, it has handled the junk.
    raw.postMessage({ ...envelope, type: 'session', record });
    await vi.waitFor(() => expect(a.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    stopWatching();
    expect(new Set(seen)).toEqual(new Set([record.deadline]));
    expect(a.getSession()).toEqual(result.session);

    // A delegation notice older than what the tab holds changes nothing.
    const delegated: SentRecord = {
      ...record,
      revision: 2,
      delegation: {
        sessionId: 'x'.repeat(43),
        vaultId: 1002,
        vaultName: 'Sunrise QualityDocs',
        dns: 'quality.sunrise.example',
        delegatorUserId: String(MARCUS_ID),
      },
    };
    raw.postMessage({ ...envelope, type: 'session', record: delegated });
    await vi.waitFor(() => expect(a.getSnapshot().status).toBe('delegated'), WITHIN_A_SECOND);
    raw.postMessage({ ...envelope, type: 'session', record: { ...record, revision: 1 } });
    await answered(envelope);
    expect(a.getSnapshot().status).toBe('delegated');

    // An expiry notice for another session (other key) leaves this one alone.
    raw.postMessage({ ...envelope, type: 'expired', key: 'another-key', reason: 'expired' });
    raw.postMessage({ ...envelope, type: 'expired', key: 'handoff-key', reason: 'banana' });
    await answered(envelope);
    expect(a.getSnapshot().status).toBe('delegated');
  });

  it('answers a hello only with a live session', async () => {
    const a = openTab();
    await joined(a);
    const raw = rawChannel();
    const replies: unknown[] = [];
    raw.addEventListener('message', (event) => replies.push(event.data));
    raw.postMessage({ ...SESSION_TOPIC, from: 'new-tab', type: 'hello' });
    // The marker: a session handed over after the hello; once the tab has taken it, it has
    // handled the hello, which came while it had no session.
    const result = await backend.client.login(OLIVIA);
    const record = oliviaRecord(result, 'handed-over', Date.now());
    raw.postMessage({ ...SESSION_TOPIC, from: 'other-tab', type: 'session', record });
    await vi.waitFor(() => expect(a.getSnapshot().status).toBe('active'), WITHIN_A_SECOND);
    expect(replies).toEqual([]);
    // Now live, a hello gets an answer addressed to the asking tab.
    raw.postMessage({ ...SESSION_TOPIC, from: 'new-tab', type: 'hello' });
    await vi.waitFor(() => expect(replies).toHaveLength(1), WITHIN_A_SECOND);
    expect(replies[0]).toMatchObject({ type: 'session', to: 'new-tab' });
  });

  it('announces its own sign-in to every tab, with no addressee', async () => {
    const a = openTab();
    await joined(a);
    const raw = rawChannel();
    const replies: unknown[] = [];
    raw.addEventListener('message', (event) => replies.push(event.data));
    await a.signIn(OLIVIA);
    await vi.waitFor(() => expect(replies).toHaveLength(1), WITHIN_A_SECOND);
    expect(replies[0]).toMatchObject({ type: 'session' });
    expect(replies[0]).not.toHaveProperty('to');
  });
});

describe('one channel per tab', () => {
  let names: string[];
  let open: number;
  class CountingChannel extends RecordingChannel {
    constructor(name: string) {
      super(name);
      names.push(name);
      open += 1;
    }
    override close(): void {
      open -= 1;
      super.close();
    }
  }
  beforeEach(() => {
    names = [];
    open = 0;
  });

  it('a signed-in tab whose keep-alive runs and elects its leader over the channel opens one BroadcastChannel', async () => {
    // Without Web Locks, so the keep-alives' election runs its lease protocol between the tabs.
    const openSessionTab = () => {
      const session = createVaultSession({
        client: backend.client,
        channelName,
        joinTimeoutMs: 30,
        BroadcastChannel: CountingChannel as BroadcastChannelConstructor,
        keepAlive: { environment: { navigator: null } },
      });
      return { session, disconnect: session.connect() };
    };
    const a = openSessionTab();
    await joined(a.session.manager);
    await a.session.manager.signIn(OLIVIA);
    const b = openSessionTab();
    await vi.waitFor(
      () => expect(b.session.manager.getSnapshot().status).toBe('active'),
      WITHIN_A_SECOND,
    );
    const tabsOf = [a, b].map((tab) => tab.session.keepAlive);
    await vi.waitFor(
      () => expect(tabsOf.filter((tab) => tab.getSnapshot().isLeader)).toHaveLength(1),
      WITHIN_A_SECOND,
    );
    // The keep-alives hear each other on it: activity in one tab is known in the other.
    b.session.keepAlive.notifyActivity();
    await vi.waitFor(
      () => expect(a.session.keepAlive.getSnapshot().lastActivityAt).toBeDefined(),
      WITHIN_A_SECOND,
    );

    expect(names).toEqual([channelName, channelName]);
    expect(open).toBe(2);
    for (const { session, disconnect } of [a, b]) {
      disconnect();
      session.destroy();
    }
    expect(open).toBe(0);
  });

  it('a keep-alive whose environment names another BroadcastChannel keeps to a channel of its own', async () => {
    class KeepAliveChannel extends CountingChannel {}
    const session = createVaultSession({
      client: backend.client,
      channelName,
      joinTimeoutMs: 30,
      BroadcastChannel: CountingChannel as BroadcastChannelConstructor,
      keepAlive: {
        environment: { BroadcastChannel: KeepAliveChannel as BroadcastChannelConstructor },
      },
    });
    const disconnect = session.connect();
    try {
      await joined(session.manager);
      await session.manager.signIn(OLIVIA);
      expect(session.keepAlive.getSnapshot().status).not.toBe('stopped');
      expect(names).toEqual([
        channelName,
        expect.stringMatching(/^vault-session-kit:keep-alive:\d+$/),
      ]);
    } finally {
      disconnect();
      session.destroy();
    }
    expect(open).toBe(0);
  });
});

describe('without a working BroadcastChannel (STO-08, B15)', () => {
  const withoutChannel = [
    ['disabled', { BroadcastChannel: null }],
    [
      'throwing',
      {
        BroadcastChannel: class {
          constructor() {
            throw new Error('blocked');
          }
        } as unknown as BroadcastChannelConstructor,
      },
    ],
  ] as const;

  it.each(withoutChannel)('works alone when the channel is %s', async (_label, options) => {
    const tab = openTab(options);
    expect(tab.getSnapshot().joining).toBeUndefined();
    await tab.signIn(OLIVIA);
    expect(tab.getSnapshot().status).toBe('active');
    await tab.signOut();
    expect(tab.getSnapshot().status).toBe('ended');
  });

  it.each(withoutChannel)(
    'keeps the session alive alone when the channel is %s',
    async (_label, options) => {
      const session = createVaultSession({ client: backend.client, ...options });
      const disconnect = session.connect();
      try {
        await session.manager.signIn(OLIVIA);
        expect(session.keepAlive.getSnapshot()).toMatchObject({
          status: 'scheduled',
          isLeader: true,
        });
        await session.keepAlive.extend();
        expect(session.keepAlive.getSnapshot().lastSentAt).toBeDefined();
      } finally {
        disconnect();
        session.destroy();
      }
    },
  );

  it('works alone when the global BroadcastChannel is absent', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      const tab = createSessionManager({ client: backend.client });
      tabs.push(tab);
      expect(tab.getSnapshot().joining).toBeUndefined();
      await tab.signIn(OLIVIA);
      expect(tab.getSnapshot().status).toBe('active');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('server rendering and locked-down pages', () => {
  it('imports and runs without touching browser globals that are missing or throw on access', async () => {
    const names = ['window', 'document', 'sessionStorage', 'localStorage', 'BroadcastChannel'];
    const saved = names.map(
      (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
    );
    for (const name of names) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          throw new Error(`${name} touched`);
        },
      });
    }
    try {
      vi.resetModules();
      const fresh = await import('../../../src/core/session/index');
      const tab = fresh.createSessionManager({ client: backend.client });
      tabs.push(tab);
      await tab.signIn(OLIVIA);
      expect(tab.getSnapshot().status).toBe('active');
      await tab.signOut();
    } finally {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete (globalThis as Record<string, unknown>)[name];
      }
    }
  });
});
