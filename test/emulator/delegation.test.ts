import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, type RunningEmulator, startEmulator } from './startEmulator';

let vault: RunningEmulator;
afterEach(async () => {
  await vault?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GRANT = { vault_id: '1002', delegator_userid: '61002' };

interface Envelope {
  responseStatus: string;
  errors?: { type: string; message: string }[];
  delegated_sessionid?: string;
  delegated_vaults?: unknown[];
}

async function startDelegation(
  sessionId: string,
  form: Record<string, string> = GRANT,
): Promise<{ response: Response; body: Envelope }> {
  const response = await vault.post('/api/v26.1/delegation/login', form, {
    Authorization: sessionId,
  });
  return { response, body: (await response.json()) as Envelope };
}

async function keepAlive(sessionId: string): Promise<{ response: Response; status: string }> {
  const response = await vault.post('/api/v26.1/keep-alive', {}, { Authorization: sessionId });
  const body = (await response.json()) as Envelope;
  return { response, status: body.errors?.[0]?.type ?? body.responseStatus };
}

async function delegatedSessionFor(actor: string): Promise<string> {
  const { body } = await startDelegation(actor);
  expect(body.responseStatus).toBe('SUCCESS');
  return body.delegated_sessionid ?? '';
}

describe('GET delegation/vaults', () => {
  it('lists the vaults where the caller has delegate access, delegator ID as a string', async () => {
    vault = await startEmulator();
    const olivia = (await vault.login(...DEMO.olivia)).sessionId;
    const response = await vault.get('/api/v26.1/delegation/vaults', { Authorization: olivia });
    expect(await response.json()).toEqual({
      responseStatus: 'SUCCESS',
      delegated_vaults: [
        {
          id: 1002,
          name: 'Sunrise QualityDocs',
          dns: 'quality.sunrise.example',
          delegator_userid: '61002',
        },
      ],
    });
    const marcus = (await vault.login(...DEMO.marcus)).sessionId;
    const none = await vault.get('/api/v26.1/delegation/vaults', { Authorization: marcus });
    expect(await none.json()).toEqual({ responseStatus: 'SUCCESS', delegated_vaults: [] });
  });

  it('requires a session', async () => {
    vault = await startEmulator();
    const response = await vault.get('/api/v26.1/delegation/vaults');
    expect((await response.json()).errors[0].type).toBe('INVALID_SESSION_ID');
  });
});

describe('POST delegation/login', () => {
  it('starts a new session that acts as the delegator (DEL-01)', async () => {
    vault = await startEmulator();
    const actor = (await vault.login(...DEMO.olivia)).sessionId;
    const { response, body } = await startDelegation(actor);
    expect(body).toEqual({
      responseStatus: 'SUCCESS',
      delegated_sessionid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const delegated = body.delegated_sessionid ?? '';
    expect(delegated).not.toBe(actor);

    const check = await keepAlive(delegated);
    expect(check.status).toBe('SUCCESS');
    expect(check.response.headers.get('x-vaultapi-userid')).toBe('61002');
    expect(check.response.headers.get('x-vaultapi-vaultid')).toBe('1002');
    expect((await keepAlive(actor)).response.headers.get('x-vaultapi-userid')).toBe('61001');
    expect(vault.emulator.sessions().find((s) => s.actorUserId === 61001)?.userId).toBe(61002);
  });

  it('refuses to start one from a delegated session', async () => {
    vault = await startEmulator();
    const delegated = await delegatedSessionFor((await vault.login(...DEMO.olivia)).sessionId);
    const { body } = await startDelegation(delegated);
    expect(body.responseStatus).toBe('FAILURE');
    expect(body.errors?.[0]?.type).toBe('INSUFFICIENT_ACCESS');
    expect(vault.emulator.sessionCount()).toBe(2);
  });

  it('allows only grants that exist in the directory (DEL-02)', async () => {
    vault = await startEmulator();
    const olivia = (await vault.login(...DEMO.olivia)).sessionId;
    const marcus = (await vault.login(...DEMO.marcus)).sessionId;
    const refusals = [
      [olivia, { vault_id: '1001', delegator_userid: '61002' }],
      [olivia, { vault_id: '1002', delegator_userid: '61003' }],
      [olivia, { vault_id: '9999', delegator_userid: '61002' }],
      [marcus, { vault_id: '1002', delegator_userid: '61001' }],
      [olivia, { vault_id: '1002', delegator_userid: '61001' }],
    ] as const;
    for (const [session, form] of refusals) {
      const { body } = await startDelegation(session, form);
      expect(body.errors?.[0]?.type).toBe('INSUFFICIENT_ACCESS');
    }
    expect(vault.emulator.sessionCount()).toBe(2);
  });

  it('validates its parameters', async () => {
    vault = await startEmulator();
    const olivia = (await vault.login(...DEMO.olivia)).sessionId;
    const cases: [Record<string, string>, string][] = [
      [{ delegator_userid: '61002' }, 'PARAMETER_REQUIRED'],
      [{ vault_id: '1002' }, 'PARAMETER_REQUIRED'],
      [{ vault_id: '', delegator_userid: '61002' }, 'PARAMETER_REQUIRED'],
      [{ vault_id: 'abc', delegator_userid: '61002' }, 'INVALID_DATA'],
      [{ vault_id: '1002.0', delegator_userid: '61002' }, 'INVALID_DATA'],
      [{ vault_id: '1e3', delegator_userid: '61002' }, 'INVALID_DATA'],
    ];
    for (const [form, type] of cases) {
      const { body } = await startDelegation(olivia, form);
      expect(body.errors?.[0]?.type).toBe(type);
    }
    const { body } = await startDelegation('not-a-session');
    expect(body.errors?.[0]?.type).toBe('INVALID_SESSION_ID');
  });
});

describe('delegated session lifetime (DEL-03)', () => {
  it('dies when the actor ends their session; ending it leaves the actor alone', async () => {
    vault = await startEmulator();
    const actor = (await vault.login(...DEMO.olivia)).sessionId;
    const first = await delegatedSessionFor(actor);
    const end = await vault.del('/api/v26.1/session', { Authorization: first });
    expect((await end.json()).responseStatus).toBe('SUCCESS');
    expect((await keepAlive(first)).status).toBe('INVALID_SESSION_ID');
    expect((await keepAlive(actor)).status).toBe('SUCCESS');

    const second = await delegatedSessionFor(actor);
    await vault.del('/api/v26.1/session', { Authorization: actor });
    expect((await keepAlive(second)).status).toBe('INVALID_SESSION_ID');
    expect(vault.emulator.sessionCount()).toBe(0);
    expect(vault.events).toContainEqual(
      expect.objectContaining({ type: 'session_ended', reason: 'actor_ended', userId: 61002 }),
    );
  });

  it("never outlives the actor's 48 hours", async () => {
    vault = await startEmulator();
    const start = vault.clock.now();
    const actor = (await vault.login(...DEMO.olivia)).sessionId;
    for (let t = 10; t <= 47 * 60; t += 10) {
      vault.clock.set(start + t * MINUTE);
      await keepAlive(actor);
    }
    const delegated = await delegatedSessionFor(actor);
    for (const minute of [20, 40]) {
      vault.clock.set(start + 47 * HOUR + minute * MINUTE);
      expect((await keepAlive(delegated)).status).toBe('SUCCESS');
    }
    vault.clock.set(start + 47 * HOUR + 59 * MINUTE);
    expect((await keepAlive(delegated)).status).toBe('SUCCESS');
    vault.clock.set(start + 48 * HOUR);
    expect((await keepAlive(delegated)).status).toBe('INVALID_SESSION_ID');
    expect((await keepAlive(actor)).status).toBe('INVALID_SESSION_ID');
  });

  it("dies with the actor's idle timeout, while work in it counts as the actor's activity", async () => {
    vault = await startEmulator();
    const actor = (await vault.login(...DEMO.olivia)).sessionId;
    const delegated = await delegatedSessionFor(actor);
    for (let i = 0; i < 6; i++) {
      vault.clock.advance(10 * MINUTE);
      expect((await keepAlive(delegated)).status).toBe('SUCCESS');
    }
    // An hour of work as marcus: olivia's own session is still there for the way back.
    expect((await keepAlive(actor)).status).toBe('SUCCESS');

    vault.clock.advance(30 * MINUTE);
    expect((await keepAlive(delegated)).status).toBe('INVALID_SESSION_ID');
    expect((await keepAlive(actor)).status).toBe('INVALID_SESSION_ID');
  });

  it('has its own idle timeout: unused, it ends while the actor works on', async () => {
    vault = await startEmulator();
    const actor = (await vault.login(...DEMO.olivia)).sessionId;
    const delegated = await delegatedSessionFor(actor);
    for (let i = 0; i < 4; i++) {
      vault.clock.advance(10 * MINUTE);
      expect((await keepAlive(actor)).status).toBe('SUCCESS');
    }
    expect((await keepAlive(delegated)).status).toBe('INVALID_SESSION_ID');
    expect((await keepAlive(actor)).status).toBe('SUCCESS');
  });
});

describe('audit of delegation (DEL-04)', () => {
  it('records actor and subject, never a session ID', async () => {
    vault = await startEmulator();
    const actor = (await vault.login(...DEMO.olivia)).sessionId;
    const delegated = await delegatedSessionFor(actor);
    const event = vault.events.find((e) => e.type === 'delegation_started');
    expect(event).toMatchObject({ actorUserId: 61001, subjectUserId: 61002, vaultId: 1002 });
    const text = JSON.stringify(vault.events);
    expect(text).not.toContain(actor);
    expect(text).not.toContain(delegated);
  });
});
