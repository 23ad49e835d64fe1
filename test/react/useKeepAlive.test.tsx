import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeepAlive } from '../../src/react/useKeepAlive';
import { useLogin } from '../../src/react/useLogin';
import { useSession } from '../../src/react/useSession';
import {
  OLIVIA,
  type RenderWithSessionOptions,
  renderHookWithSession,
  startVaultBackend,
} from '../support/renderWithSession';
import { token } from '../support/sessionReferences';
import { failing, faults } from './support/faults';

// Time is the emulator's manual clock, shared by the session, its keep-alive and the
// service; timers fire only through `backend.advance`. HTTP runs for real over loopback.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const INTERVAL = 5 * MINUTE;
const CAP = 48 * HOUR;

function useTimerScreen() {
  return {
    login: useLogin(),
    session: useSession(),
    keepAlive: useKeepAlive(),
  };
}

async function signedIn(options: RenderWithSessionOptions = {}) {
  const screen = await renderHookWithSession(useTimerScreen, { manualTime: true, ...options });
  const { backend } = screen;
  const loginAt = backend.env.clock.now();
  await act(() => screen.result.current.login.login(OLIVIA));
  await backend.settle();
  const keepAlives = () => backend.requests('/keep-alive');
  return { ...screen, loginAt, keepAlives };
}

/** The user presses a key anywhere on the page. */
function userActs(): void {
  fireEvent.keyDown(document, { key: 'a' });
}

describe('useKeepAlive: one keep-alive per interval, only for an active user', () => {
  it('SES-05: an active user gets one keep-alive per interval and outlives the 30-minute idle timeout', async () => {
    const { result, backend, loginAt, keepAlives } = await signedIn();
    expect(result.current.keepAlive.isLeader).toBe(true);
    expect(result.current.keepAlive.status).toBe('scheduled');
    expect(result.current.keepAlive.nextDueAt).toBe(loginAt + INTERVAL);

    for (let interval = 0; interval < 7; interval++) {
      await backend.advance(MINUTE);
      userActs();
      await backend.advance(INTERVAL - MINUTE);
    }

    expect(keepAlives().map((request) => request.at - loginAt)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => n * INTERVAL),
    );
    expect(
      keepAlives().every((r) => r.headers.get('authorization') === backend.issued.own[0]),
    ).toBe(true);
    expect(result.current.keepAlive.lastSentAt).toBe(loginAt + 7 * INTERVAL);
    // 35 minutes in: without the keep-alives the service would have dropped the session.
    expect(backend.emulator.sessionCount()).toBe(1);
    expect(result.current.session.status).toBe('active');
  });

  it('SES-05: an idle user gets none, and the service idles the session out', async () => {
    const { result, backend, keepAlives } = await signedIn();

    await backend.advance(31 * MINUTE);
    expect(keepAlives()).toHaveLength(0);
    expect(result.current.keepAlive.status).toBe('idle');
    expect(backend.emulator.sessionCount()).toBe(0);
  });

  it('B3/SES-06: a 503 puts the keep-alive in backoff, keeps the session, and a later success recovers', async () => {
    const { result, backend, keepAlives } = await signedIn();
    backend.intercept(failing('/keep-alive', faults.unavailable));
    await backend.advance(MINUTE);
    userActs();
    await backend.advance(INTERVAL - MINUTE);

    expect(keepAlives()).toHaveLength(1);
    expect(result.current.keepAlive.status).toBe('backoff');
    expect(result.current.keepAlive.consecutiveFailures).toBe(1);
    expect(result.current.keepAlive.lastError?.kind).toBe('protocol');
    expect(result.current.session.status).toBe('active');

    backend.intercept(undefined);
    await backend.advance(INTERVAL);
    expect(keepAlives()).toHaveLength(2);
    expect(result.current.keepAlive.status).toBe('scheduled');
    expect(result.current.keepAlive.consecutiveFailures).toBe(0);
    expect(result.current.keepAlive.lastError).toBeUndefined();
    expect(result.current.session.status).toBe('active');
    expect(backend.emulator.sessionCount()).toBe(1);
  });

  it('SES-06: INVALID_SESSION_ID from the keep-alive ends the session, and nothing more is sent', async () => {
    const { result, backend, keepAlives } = await signedIn();
    await backend.env.client.endSession(token(backend.issued.own[0] ?? ''));
    await backend.advance(MINUTE);
    userActs();
    await backend.advance(INTERVAL - MINUTE);

    expect(keepAlives()).toHaveLength(1);
    expect(result.current.session).toMatchObject({
      status: 'expired',
      endReason: 'invalid-session',
      lastUsername: OLIVIA.username,
    });
    expect(result.current.keepAlive.status).toBe('stopped');

    userActs();
    await backend.advance(3 * INTERVAL);
    expect(keepAlives()).toHaveLength(1);
  });

  it('`extend()` sends one at once ("Stay signed in")', async () => {
    const { result, loginAt, keepAlives } = await signedIn();

    await act(() => result.current.keepAlive.extend());
    expect(keepAlives().map((request) => request.at)).toEqual([loginAt]);
    expect(result.current.keepAlive.lastSentAt).toBe(loginAt);
    await waitFor(() => expect(result.current.keepAlive.idleTimeLeftMs).toBe(30 * MINUTE));
  });
});

describe('useKeepAlive: several tabs', () => {
  it('three tabs of an active user send ONE keep-alive per interval between them', async () => {
    const first = await signedIn();
    const { backend, loginAt, keepAlives } = first;
    const others = await Promise.all(
      [1, 2].map(() => renderHookWithSession(useTimerScreen, { backend, manualTime: true })),
    );
    for (const tab of others) {
      await waitFor(() => expect(tab.result.current.session.status).toBe('active'));
    }
    await backend.settle();
    expect([first, ...others].filter((tab) => tab.result.current.keepAlive.isLeader)).toHaveLength(
      1,
    );

    for (let interval = 0; interval < 3; interval++) {
      await backend.advance(MINUTE);
      userActs();
      await backend.advance(INTERVAL - MINUTE);
    }
    expect(keepAlives().map((request) => request.at - loginAt)).toEqual([
      INTERVAL,
      2 * INTERVAL,
      3 * INTERVAL,
    ]);
    expect(backend.count('/auth')).toBe(1);
  });
});

describe('useKeepAlive: the 48-hour cap (SES-04, B7)', () => {
  it('`timeLeftMs` counts down; `expiring` 5 minutes before the cap, `expired` at it, and no keep-alive after it', async () => {
    // The service's idle timeout is stretched so that only the cap can end this session.
    const { result, backend, loginAt, keepAlives } = await signedIn({
      service: { emulator: { idleTimeoutMs: 49 * HOUR } },
    });
    const timer = () => result.current.keepAlive;
    expect(timer().timeLeftMs).toBe(CAP);
    expect(timer().deadline).toBe(loginAt + CAP);

    await backend.advance(HOUR);
    expect(timer().timeLeftMs).toBe(CAP - HOUR);

    await backend.advance(CAP - HOUR - 10 * MINUTE);
    expect(timer().timeLeftMs).toBe(10 * MINUTE);
    expect(result.current.session.status).toBe('active');
    expect(keepAlives()).toHaveLength(0);

    // Back at the keyboard after a long idle stretch: one goes out at once.
    userActs();
    await backend.settle();
    expect(keepAlives()).toHaveLength(1);

    await backend.advance(5 * MINUTE);
    expect(result.current.session.status).toBe('expiring');
    expect(timer().timeLeftMs).toBe(5 * MINUTE);

    // Still before the cap: activity is still kept alive.
    await backend.advance(MINUTE);
    userActs();
    await backend.settle();
    expect(keepAlives()).toHaveLength(2);

    // The next interval would end past the cap: nothing is planned.
    await backend.advance(2 * MINUTE);
    userActs();
    await backend.settle();
    expect(keepAlives()).toHaveLength(2);

    await backend.advance(2 * MINUTE);
    expect(backend.env.clock.now()).toBe(loginAt + CAP);
    expect(result.current.session).toMatchObject({
      status: 'expired',
      endReason: 'expired',
      lastUsername: OLIVIA.username,
    });
    expect(timer().timeLeftMs).toBeUndefined();
    expect(timer().status).toBe('stopped');

    userActs();
    await backend.advance(3 * INTERVAL);
    expect(keepAlives()).toHaveLength(2);
    expect(keepAlives().every((request) => request.at < loginAt + CAP)).toBe(true);
  });

  it('a clock given only to the session also drives its keep-alive and its timer', async () => {
    const backend = await startVaultBackend();
    const clock = backend.env.clock;
    // The session's clock and timers only; the keep-alive gets no clock of its own.
    const { result } = await renderHookWithSession(useTimerScreen, {
      backend,
      settings: {
        now: () => clock.now(),
        timers: backend.scheduler.timers,
        keepAlive: {
          channelName: `${backend.channelName}:keep-alive`,
          environment: {
            navigator: { onLine: true, locks: backend.locks },
            window,
            document,
            BroadcastChannel: null,
          },
        },
      },
    });
    const loginAt = clock.now();
    await act(() => result.current.login.login(OLIVIA));
    await backend.settle();

    expect(result.current.keepAlive.nextDueAt).toBe(loginAt + INTERVAL);
    expect(result.current.keepAlive.timeLeftMs).toBe(CAP);
    await backend.advance(MINUTE);
    userActs();
    await backend.advance(INTERVAL - MINUTE);
    expect(backend.requests('/keep-alive').map((request) => request.at - loginAt)).toEqual([
      INTERVAL,
    ]);
    // The timer re-reads the clock on the session's timers too.
    await backend.advance(MINUTE);
    expect(result.current.keepAlive.timeLeftMs).toBe(CAP - INTERVAL - MINUTE);
  });
});
