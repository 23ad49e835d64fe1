import { afterEach, describe, expect, it, vi } from 'vitest';
import { createManualClock, createVaultEmulator, type VaultEmulator } from '../../src/emulator';
import { createBurstLimiter } from '../../src/emulator/createBurstLimiter';
import { createFailureLimiter } from '../../src/emulator/createFailureLimiter';
import { TEST_START_MS } from './startEmulator';

const MINUTE = 60_000;
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(lockout: { maxTrackedNames?: number } = {}) {
  const clock = createManualClock(TEST_START_MS);
  const emulator = createVaultEmulator({
    hosts: 'single-origin',
    clock,
    passwordHashIterations: 1_000,
    authBurstLimit: 1_000,
    callerLimits: { failedLoginsPerMinute: 10_000 },
    lockout: { maxFailures: 5, durationMs: 15 * MINUTE, ...lockout },
  });
  return { clock, emulator };
}

async function login(
  emulator: VaultEmulator,
  username: string,
  password: string,
): Promise<{ responseStatus: string; errors?: { type: string }[] }> {
  const response = await emulator.fetch(
    new Request('http://promomats.sunrise.example/api/v26.1/auth', {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
    }),
  );
  return response.json();
}

async function outcome(emulator: VaultEmulator, username: string, password: string) {
  const body = await login(emulator, username, password);
  return body.responseStatus === 'SUCCESS' ? 'SUCCESS' : body.errors?.[0]?.type;
}

async function lock(emulator: VaultEmulator, username: string): Promise<void> {
  for (let i = 0; i < 5; i++) await login(emulator, username, `wrong-${i}`);
}

describe('lockout that cannot be flushed', () => {
  it("keeps a name's spent burst window through a spray of other names, in a bounded table", () => {
    const clock = createManualClock(TEST_START_MS);
    const burst = createBurstLimiter({ clock, limit: 2, windowMs: MINUTE, maxKeys: 100 });
    burst.hit('olivia@sunrise.example');
    burst.hit('olivia@sunrise.example');
    let counted = 0;
    for (let i = 0; i < 10_000; i++) {
      if (burst.hit(`spray-${i}@example.com`).allowed) counted += 1;
    }
    expect(counted).toBe(99);
    expect(burst.hit('olivia@sunrise.example').allowed).toBe(false);
    // Once the windows close, new names are counted again.
    clock.advance(MINUTE);
    expect(burst.hit('someone-new@example.com').allowed).toBe(true);
    expect(burst.hit('olivia@sunrise.example').allowed).toBe(true);
  });

  it('keeps a lock and a failure count through a spray of other names, in a bounded table', () => {
    const clock = createManualClock(TEST_START_MS);
    const limiter = createFailureLimiter({
      clock,
      maxFailures: 5,
      durationMs: 15 * MINUTE,
      maxTrackedNames: 1_000,
    });
    let until: number | undefined;
    for (let i = 0; i < 5; i++) until = limiter.recordFailure('olivia@sunrise.example');
    expect(until).toBe(TEST_START_MS + 15 * MINUTE);
    for (let i = 0; i < 4; i++) limiter.recordFailure('marcus@sunrise.example');
    let admitted = 0;
    for (let i = 0; i < 100_000; i++) {
      const name = `spray-${i}@example.com`;
      if (!limiter.admits(name)) continue;
      admitted += 1;
      limiter.recordFailure(name);
    }
    expect(admitted).toBe(998);
    expect(limiter.lockedUntil('olivia@sunrise.example')).toBe(TEST_START_MS + 15 * MINUTE);
    // marcus's four failures were kept: the fifth locks him.
    expect(limiter.admits('marcus@sunrise.example')).toBe(true);
    expect(limiter.recordFailure('marcus@sunrise.example')).toBe(TEST_START_MS + 15 * MINUTE);
  });

  it('refuses the right password of a locked account after a spray of failed logins', async () => {
    const { clock, emulator } = setup({ maxTrackedNames: 50 });
    await lock(emulator, OLIVIA.username);
    for (let i = 0; i < 200; i++) await login(emulator, `spray-${i}@example.com`, 'x');
    expect(await outcome(emulator, OLIVIA.username, OLIVIA.password)).toBe('USER_LOCKED_OUT');
    clock.advance(15 * MINUTE);
    expect(await outcome(emulator, OLIVIA.username, OLIVIA.password)).toBe('SUCCESS');
  });

  it('never forgets the failures of a name that is not locked yet, however many names fail in between', async () => {
    const { emulator } = setup({ maxTrackedNames: 3 });
    const outcomes: (string | undefined)[] = [];
    // Four guesses, then filler names to push the count out of a small table, three times.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await login(emulator, OLIVIA.username, `guess-${round}-${i}`);
      for (let i = 0; i < 10; i++) {
        outcomes.push(await outcome(emulator, `filler-${round}-${i}@example.com`, 'x'));
      }
    }
    expect(await outcome(emulator, OLIVIA.username, OLIVIA.password)).toBe('USER_LOCKED_OUT');
    // The full table turned the fillers away instead of making room.
    expect(outcomes).toContain('API_LIMIT_EXCEEDED');
  });

  it('refuses new names while the table is full, and makes room only as failures expire', async () => {
    const { clock, emulator } = setup({ maxTrackedNames: 2 });
    await login(emulator, 'ghost-1@example.com', 'x');
    await login(emulator, 'ghost-2@example.com', 'x');
    // The refusal comes before the password is looked at, so it says nothing about the account.
    expect(await outcome(emulator, OLIVIA.username, OLIVIA.password)).toBe('API_LIMIT_EXCEEDED');
    expect(await outcome(emulator, 'ghost-1@example.com', 'y')).toBe(
      'USERNAME_OR_PASSWORD_INCORRECT',
    );
    clock.advance(24 * 60 * MINUTE);
    expect(await outcome(emulator, OLIVIA.username, OLIVIA.password)).toBe('SUCCESS');
  });

  it('locks a second time for longer than the first, and a success resets the schedule', async () => {
    const { clock, emulator } = setup();
    await lock(emulator, OLIVIA.username);
    clock.advance(15 * MINUTE);
    await lock(emulator, OLIVIA.username);
    clock.advance(15 * MINUTE);
    expect(await outcome(emulator, OLIVIA.username, OLIVIA.password)).toBe('USER_LOCKED_OUT');
    clock.advance(15 * MINUTE);
    expect(await outcome(emulator, OLIVIA.username, OLIVIA.password)).toBe('SUCCESS');

    // After a successful login the next lock is a first lock again.
    await lock(emulator, OLIVIA.username);
    clock.advance(15 * MINUTE);
    expect(await outcome(emulator, OLIVIA.username, OLIVIA.password)).toBe('SUCCESS');
  });

  it('doubles each further lock up to a day', () => {
    const clock = createManualClock(TEST_START_MS);
    const limiter = createFailureLimiter({ clock, maxFailures: 1, durationMs: 15 * MINUTE });
    const lengths: number[] = [];
    for (let round = 0; round < 9; round++) {
      const until = limiter.recordFailure('olivia@sunrise.example') ?? 0;
      lengths.push((until - clock.now()) / MINUTE);
      clock.set(until);
    }
    expect(lengths).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
  });
});

describe('the same hashing work for every account state', () => {
  it('derives exactly one key per login, whether the account is unknown, locked, inactive, temporarily locked, or the password right or wrong, from the first attempt on', async () => {
    const { emulator } = setup();
    // Lets the hashing that starts with the emulator finish before keys are counted.
    await login(emulator, 'warm-up@example.com', 'x');
    const derive = vi.spyOn(globalThis.crypto.subtle, 'deriveBits');
    await lock(emulator, 'marcus@sunrise.example');
    const cases: [string, string, string][] = [
      ['unknown user', 'nobody@sunrise.example', 'whatever'],
      ['wrong password', OLIVIA.username, 'not-it'],
      ['right password', OLIVIA.username, OLIVIA.password],
      ['locked account', 'locked@sunrise.example', 'whatever'],
      ['inactive account', 'inactive@sunrise.example', 'whatever'],
      ['temporarily locked', 'marcus@sunrise.example', 'Sunrise-Demo-2'],
      ['password change required', 'newhire@sunrise.example', 'Sunrise-Demo-3'],
    ];
    // The first attempt of each account: no directory password is hashed on first use.
    const counts: Record<string, number> = {};
    for (const [name, username, password] of cases) {
      derive.mockClear();
      await login(emulator, username, password);
      counts[name] = derive.mock.calls.length;
    }
    expect(counts).toEqual(Object.fromEntries(cases.map(([name]) => [name, 1])));
  });
});
