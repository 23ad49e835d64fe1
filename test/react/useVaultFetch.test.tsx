import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  isTransientError,
  VaultApiError,
  type VaultError,
  type VaultErrorKind,
} from '../../src/core/errors';
import { useLogin } from '../../src/react/useLogin';
import { useSession } from '../../src/react/useSession';
import { useVaultFetch } from '../../src/react/useVaultFetch';
import { OLIVIA, renderHookWithSession } from '../support/renderWithSession';
import { token } from '../support/sessionReferences';
import { failing, faults, USERS_ME } from './support/faults';

const ALONE = { joinTimeoutMs: 20 } as const;
const HOUR = 3_600_000;

function useDocumentScreen() {
  return { login: useLogin(), session: useSession(), vaultFetch: useVaultFetch() };
}

async function signedIn() {
  const screen = await renderHookWithSession(useDocumentScreen, { settings: ALONE });
  await act(() => screen.result.current.login.login(OLIVIA));
  expect(screen.result.current.session.status).toBe('active');
  return screen;
}

async function failureOf(call: Promise<unknown>): Promise<VaultError> {
  let failure: unknown;
  await act(() =>
    call.then(
      () => expect.fail('the call should have failed'),
      (error: unknown) => {
        failure = error;
      },
    ),
  );
  return failure as VaultError;
}

describe('useVaultFetch: REST calls with the session', () => {
  it('a call made before sign-in waits for the session, then completes with it', async () => {
    // Requests are seen as they leave the page, so one sent too early shows without waiting
    // for it to arrive.
    const outgoing: string[] = [];
    const { result, backend } = await renderHookWithSession(useDocumentScreen, {
      settings: ALONE,
      manualTime: true,
      client: {
        fetch: (input, init) => {
          outgoing.push(input instanceof Request ? input.url : String(input));
          return fetch(input, init);
        },
      },
    });
    let answer: Record<string, unknown> | undefined;
    const call = result.current.vaultFetch(USERS_ME).then((body) => {
      answer = body;
    });

    // No other tab hands a session over: the wait for one ends, and the call keeps waiting.
    expect(result.current.session.joining).toBe(true);
    await backend.advance(ALONE.joinTimeoutMs);
    expect(result.current.session.joining).toBeUndefined();
    expect(result.current.session.status).toBe('signed-out');
    expect(outgoing).toEqual([]);
    expect(answer).toBeUndefined();

    await act(() => result.current.login.login(OLIVIA));
    await act(() => call);
    expect(answer).toMatchObject({
      responseStatus: 'SUCCESS',
      users: [{ user: { user_name__v: 'olivia@sunrise.example' } }],
    });
    expect(backend.count(USERS_ME)).toBe(1);
    const [sent] = backend.requests(USERS_ME);
    expect(sent?.headers.get('authorization') === backend.issued.own[0]).toBe(true);
    // The session ID travels only in the header (SES-09).
    expect(sent?.path).toBe(`/api/v26.1${USERS_ME}`);
  });

  it('B14: INVALID_SESSION_ID after the 48-hour cap turns the session `expired`, user name kept', async () => {
    const { result, backend } = await signedIn();
    backend.env.clock.advance(48 * HOUR + 1_000);

    // A call the emulator serves itself, so the answer is the service's own verdict.
    const failure = await failureOf(result.current.vaultFetch('/delegation/vaults'));
    expect(failure).toBeInstanceOf(VaultApiError);
    expect((failure as VaultApiError).type).toBe('INVALID_SESSION_ID');
    expect(result.current.session).toMatchObject({
      status: 'expired',
      endReason: 'invalid-session',
      lastUsername: OLIVIA.username,
    });
    expect(result.current.session.user).toBeUndefined();
  });

  it('B14: a session ended on the server turns `expired` at the next call', async () => {
    const { result, backend, session } = await signedIn();
    const [own] = backend.issued.own;
    await backend.env.client.endSession(token(own ?? ''));
    expect(backend.emulator.sessionCount()).toBe(0);

    const failure = await failureOf(result.current.vaultFetch('/delegation/vaults'));
    expect((failure as VaultApiError).type).toBe('INVALID_SESSION_ID');
    expect(result.current.session.status).toBe('expired');
    expect(result.current.session.lastUsername).toBe(OLIVIA.username);
    expect(session.manager.getSession()).toBeUndefined();
  });

  // Only the call that gets no answer has a short timeout: a dropped connection or an error
  // page can take longer than that to arrive on a loaded machine, and must not be taken for
  // a timeout then.
  it.each<[string, () => Response | Promise<Response>, VaultErrorKind, number]>([
    ['B3: a 503 page', faults.unavailable, 'protocol', 10_000],
    ['an HTML page with status 200', faults.htmlPage, 'protocol', 10_000],
    ['B4: no answer before the timeout', faults.hang, 'timeout', 100],
    ['B6: a dropped connection', faults.connectionDropped, 'network', 10_000],
  ])(
    '%s rejects with a transient error and the session stays active',
    async (_, fault, kind, timeoutMs) => {
      const { result, backend } = await signedIn();
      backend.intercept((emulator) => failing(USERS_ME, fault)(emulator));

      const failure = await failureOf(result.current.vaultFetch(USERS_ME, {}, { timeoutMs }));
      expect(failure.kind).toBe(kind);
      expect(isTransientError(failure)).toBe(true);
      expect(result.current.session.status).toBe('active');
      expect(result.current.session.user?.username).toBe(OLIVIA.username);
      expect(backend.emulator.sessionCount()).toBe(1);

      // Once the fault is gone, the same session carries on.
      backend.intercept(undefined);
      await act(() => result.current.vaultFetch(USERS_ME));
      const [first, second] = backend.requests(USERS_ME).map((r) => r.headers.get('authorization'));
      expect(first !== null && first === second).toBe(true);
      expect(backend.count('/auth')).toBe(1);
    },
  );
});
