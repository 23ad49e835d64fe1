import { afterEach, describe, expect, it } from 'vitest';
import {
  createVaultEmulator,
  demoDirectory,
  type EmulatorData,
  type VaultEmulatorOptions,
} from '../../src/emulator';
import { DEMO, type RunningEmulator, startEmulator } from './startEmulator';

let vault: RunningEmulator;
const running: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

async function start(options: VaultEmulatorOptions = {}): Promise<RunningEmulator> {
  vault = await startEmulator(options);
  running.push(vault);
  return vault;
}

const MINUTE = 60_000;
const USERS_ME = '/api/v26.1/objects/users/me';
const DOCUMENTS = '/api/v26.1/objects/documents';

interface Envelope {
  responseStatus: string;
  errors?: { type: string; message: string }[];
  users?: { user: Record<string, unknown> }[];
  responseDetails?: Record<string, unknown>;
  documents?: { document: Record<string, unknown> }[];
  delegated_sessionid?: string;
}

async function getJson(
  path: string,
  sessionId?: string,
): Promise<{ response: Response; body: Envelope }> {
  const response = await vault.get(
    path,
    sessionId === undefined ? {} : { Authorization: sessionId },
  );
  return { response, body: (await response.json()) as Envelope };
}

function errorType(body: Envelope): string | undefined {
  return body.errors?.[0]?.type;
}

function documentNumbers(body: Envelope): unknown[] {
  return (body.documents ?? []).map((entry) => entry.document.document_number__v);
}

async function actAsMarcus(oliviaSession: string): Promise<string> {
  const response = await vault.post(
    '/api/v26.1/delegation/login',
    { vault_id: '1002', delegator_userid: '61002' },
    { Authorization: oliviaSession },
  );
  const body = (await response.json()) as Envelope;
  expect(body.responseStatus).toBe('SUCCESS');
  return body.delegated_sessionid ?? '';
}

describe('GET objects/users/me (Validate Session User)', () => {
  it("returns the session's user in the service's users/user envelope", async () => {
    await start();
    const { sessionId } = await vault.login(...DEMO.olivia);
    const { response, body } = await getJson(USERS_ME, sessionId);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-vaultapi-userid')).toBe('61001');
    expect(body).toEqual({
      responseStatus: 'SUCCESS',
      users: [
        {
          user: {
            id: 61001,
            user_name__v: 'olivia@sunrise.example',
            user_first_name__v: 'Olivia',
            user_last_name__v: 'Bennett',
            user_email__v: 'olivia@sunrise.example',
            user_timezone__v: 'America/New_York',
            user_locale__v: 'en_US',
            user_language__v: 'en',
            active__v: true,
          },
        },
      ],
    });
  });

  it('names the delegator and adds delegate_user_id for a delegated session (DEL-01)', async () => {
    await start();
    const olivia = (await vault.login(...DEMO.olivia)).sessionId;
    const delegated = await actAsMarcus(olivia);
    const { body } = await getJson(USERS_ME, delegated);
    const user = body.users?.[0]?.user;
    expect(user?.id).toBe(61002);
    expect(user?.user_name__v).toBe('marcus@sunrise.example');
    expect(user?.delegate_user_id).toBe(61001);
    // The actor's own session is not delegated and says so by leaving the field out.
    const own = await getJson(USERS_ME, olivia);
    expect(own.body.users?.[0]?.user).not.toHaveProperty('delegate_user_id');
  });

  it('answers INVALID_SESSION_ID without a session, for an unknown one and after sign-out (SES-03)', async () => {
    await start();
    expect(errorType((await getJson(USERS_ME)).body)).toBe('INVALID_SESSION_ID');
    const forged = 'A'.repeat(43);
    expect(errorType((await getJson(USERS_ME, forged)).body)).toBe('INVALID_SESSION_ID');
    const { sessionId } = await vault.login(...DEMO.olivia);
    await vault.del('/api/v26.1/session', { Authorization: sessionId });
    expect(errorType((await getJson(USERS_ME, sessionId)).body)).toBe('INVALID_SESSION_ID');
  });

  it('ignores a session ID given in the query string (SES-09)', async () => {
    await start();
    const { sessionId } = await vault.login(...DEMO.olivia);
    const { body } = await getJson(`${USERS_ME}?sessionId=${encodeURIComponent(sessionId)}`);
    expect(errorType(body)).toBe('INVALID_SESSION_ID');
  });

  it('is read-only: other methods get METHOD_NOT_SUPPORTED', async () => {
    await start();
    const { sessionId } = await vault.login(...DEMO.olivia);
    const response = await vault.post(USERS_ME, {}, { Authorization: sessionId });
    expect(errorType((await response.json()) as Envelope)).toBe('METHOD_NOT_SUPPORTED');
  });
});

describe('GET objects/documents', () => {
  it("lists the documents of the session's vault with the total in responseDetails", async () => {
    await start();
    const { sessionId } = await vault.login(...DEMO.olivia);
    const { response, body } = await getJson(DOCUMENTS, sessionId);
    expect(response.headers.get('x-vaultapi-vaultid')).toBe('1001');
    expect(body.responseStatus).toBe('SUCCESS');
    expect(body.responseDetails).toEqual({ total: 5, size: 5, start: 0, limit: 200 });
    expect(documentNumbers(body)).toEqual(['PM-0101', 'PM-0102', 'PM-0103', 'PM-0104', 'PM-0105']);
    expect(body.documents?.[0]).toEqual({
      document: {
        id: 101,
        version_id: '101_2_0',
        name__v: 'SPF 50 launch brochure',
        title__v: 'Sunrise SPF 50 mineral sunscreen: launch brochure, US market',
        document_number__v: 'PM-0101',
        type__v: 'Promotional Piece',
        lifecycle__v: 'Promotional Piece',
        status__v: 'Approved for Distribution',
        major_version_number__v: 2,
        minor_version_number__v: 0,
        format__v: 'application/pdf',
        created_by__v: 61001,
        document_creation_date__v: '2026-01-12T09:30:00.000Z',
        version_modified_date__v: '2026-02-24T14:05:00.000Z',
      },
    });
  });

  it("shows the delegated vault's documents while acting for someone, and the own vault's after", async () => {
    await start();
    const olivia = (await vault.login(...DEMO.olivia)).sessionId;
    const delegated = await actAsMarcus(olivia);
    const asMarcus = await getJson(DOCUMENTS, delegated);
    expect(documentNumbers(asMarcus.body)).toEqual([
      'QD-SOP-014',
      'QD-CAPA-2026-007',
      'QD-WI-031',
      'QD-PLN-2026-01',
    ]);
    expect(documentNumbers((await getJson(DOCUMENTS, olivia)).body)[0]).toBe('PM-0101');
  });

  it('pages with start and limit, linking the neighbouring pages', async () => {
    await start();
    const { sessionId } = await vault.login(...DEMO.olivia);
    const first = await getJson(`${DOCUMENTS}?limit=2`, sessionId);
    expect(documentNumbers(first.body)).toEqual(['PM-0101', 'PM-0102']);
    expect(first.body.responseDetails).toEqual({
      total: 5,
      size: 2,
      start: 0,
      limit: 2,
      next_page: '/api/v26.1/objects/documents?start=2&limit=2',
    });
    const next = String(first.body.responseDetails?.next_page);
    const last = await getJson(`${DOCUMENTS}?start=4&limit=2`, sessionId);
    expect(documentNumbers(last.body)).toEqual(['PM-0105']);
    expect(last.body.responseDetails).toEqual({
      total: 5,
      size: 1,
      start: 4,
      limit: 2,
      previous_page: '/api/v26.1/objects/documents?start=2&limit=2',
    });
    expect(documentNumbers((await getJson(next, sessionId)).body)).toEqual(['PM-0103', 'PM-0104']);
  });

  it('refuses a limit or start that is not a whole number in range with INVALID_DATA', async () => {
    await start();
    const { sessionId } = await vault.login(...DEMO.olivia);
    for (const query of ['limit=0', 'limit=1001', 'limit=ten', 'start=-1', 'start=1.5']) {
      const { body } = await getJson(`${DOCUMENTS}?${query}`, sessionId);
      expect(errorType(body), query).toBe('INVALID_DATA');
    }
  });

  it('returns an empty page for a vault without documents', async () => {
    const data: EmulatorData = { ...demoDirectory, documents: [] };
    await start({ data });
    const { sessionId } = await vault.login(...DEMO.olivia);
    const { body } = await getJson(DOCUMENTS, sessionId);
    expect(body).toEqual({
      responseStatus: 'SUCCESS',
      responseDetails: { total: 0, size: 0, start: 0, limit: 200 },
      documents: [],
    });
  });

  it('requires a live session and resets its idle timer like every session call (SES-05)', async () => {
    await start({ idleTimeoutMs: 10 * MINUTE });
    expect(errorType((await getJson(DOCUMENTS)).body)).toBe('INVALID_SESSION_ID');
    const { sessionId } = await vault.login(...DEMO.olivia);
    // Each listing lands within the idle timeout of the one before; together they outlast it.
    for (let step = 0; step < 3; step += 1) {
      vault.clock.advance(9 * MINUTE);
      expect((await getJson(DOCUMENTS, sessionId)).body.responseStatus).toBe('SUCCESS');
    }
    vault.clock.advance(10 * MINUTE);
    expect(errorType((await getJson(DOCUMENTS, sessionId)).body)).toBe('INVALID_SESSION_ID');
    expect(errorType((await getJson(USERS_ME, sessionId)).body)).toBe('INVALID_SESSION_ID');
  });

  it('refuses documents of an unknown vault and duplicate document IDs', () => {
    const [first] = demoDirectory.documents ?? [];
    if (!first) throw new Error('The demo directory has documents.');
    expect(() =>
      createVaultEmulator({ data: { ...demoDirectory, documents: [{ ...first, vaultId: 9999 }] } }),
    ).toThrow(/document 101: vault 9999/);
    expect(() =>
      createVaultEmulator({ data: { ...demoDirectory, documents: [first, { ...first }] } }),
    ).toThrow(/duplicate document id 101/);
  });
});
