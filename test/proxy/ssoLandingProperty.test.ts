// The latest sign-in is the browser's, and no other session it opened lives on, whatever
// order a browser's tabs sign in, come back from the identity provider, look and sign out
// in: a property over such sequences, against the real development OpenID Provider and the
// emulator, on both listeners. The provider's return is sent as a browser sends it, with no
// SameSite=Strict cookie, so the proxy never sees there the sessions the browser holds.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';
import { createSsoAppBrowser } from './createSsoAppBrowser';
import { startSsoNodeListener } from './startSsoNodeListener';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
// Fewer than the sign-ins the proxy keeps pending at once, so none is dropped for room.
const MAX_PENDING = 3;

// `twin`: two tabs sign in with a password at the same moment, each with the cookies the
// browser holds before both; the browser keeps the own cookie of the answer it takes last.
// `twin-look`: the same, but a call goes out and comes back between the two answers.
// `act-twin`: two tabs act for marcus at the same moment.
type Step =
  | 'password'
  | 'twin'
  | 'twin-look'
  | 'act'
  | 'act-twin'
  | 'start'
  | 'return'
  | 'look'
  | 'sign-out';

let served: ServedDevStack;
let node: Awaited<ReturnType<typeof startSsoNodeListener>>;

beforeAll(async () => {
  served = await serveDevStack({
    session: { secrets: [SECRET] },
    // Many sequences a minute from the one caller the proxy is, some ending a session twice
    // (two sign-ins at once both end the one they replace): no limit of the vault's in the way.
    emulator: {
      passwordHashIterations: 1_000,
      authBurstLimit: 10_000,
      callerLimits: { invalidSessionsPerMinute: 10_000 },
    },
  });
  node = await startSsoNodeListener(served, SECRET);
});

afterAll(async () => {
  await node.close();
  await served.close();
});

/** Runs the steps in one browser; resolves with who-am-I's answer at the end. */
async function run(proxyUrl: string, steps: readonly Step[]) {
  const browser = createSsoAppBrowser(served.url, proxyUrl);
  // The provider's answers not yet brought back, the oldest first.
  const pending: string[] = [];
  const password = (cookies: ReadonlyMap<string, string> = browser.jar) =>
    browser.callAsOf(cookies, '/vault/promomats.sunrise.example/api/v26.1/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: 'olivia@sunrise.example',
        password: 'Sunrise-Demo-1',
      }),
    });
  // Olivia acts for marcus; refused when the browser holds no session of hers.
  const actForMarcus = () =>
    browser.call('/vault/promomats.sunrise.example/api/v26.1/delegation/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'vault_id=1002&delegator_userid=61002',
    });
  for (const step of steps) {
    if (step === 'password') {
      await password();
    } else if (step === 'twin') {
      await Promise.all([password(), password()]);
    } else if (step === 'twin-look') {
      const before = new Map(browser.jar);
      await password();
      await browser.call('/vault-session');
      await password(before);
    } else if (step === 'act') {
      await actForMarcus();
    } else if (step === 'act-twin') {
      await Promise.all([actForMarcus(), actForMarcus()]);
    } else if (step === 'start') {
      if (pending.length < MAX_PENDING) pending.push(await browser.signInSamAtProvider());
    } else if (step === 'return') {
      const search = pending.shift();
      if (search !== undefined) await browser.returnFromProvider(search);
    } else if (step === 'look') {
      await browser.call('/vault-session');
    } else {
      await browser.call('/vault-session', { method: 'DELETE' });
    }
  }
  // The page's first look after the last step.
  return JSON.parse((await browser.call('/vault-session')).body);
}

describe.each([
  ['the fetch-style handler', () => served.url],
  ['the Node adapter', () => node.url],
])('sign-ins of one browser through %s', (_name, proxyUrl) => {
  it('leave alive only the session the browser holds, the latest one', async () => {
    const step = fc.constantFrom<Step>(
      'password',
      'twin',
      'twin-look',
      'act',
      'act-twin',
      'start',
      'return',
      'look',
      'sign-out',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const before = new Set(served.stack.emulator.sessions().map((session) => session.ref));
        const { own, delegated } = await run(proxyUrl(), steps);
        const opened = () =>
          served.stack.emulator
            .sessions()
            .filter((session) => !before.has(session.ref))
            .map((session) => session.userId)
            .sort();
        const held = [own, delegated].flatMap((session) => (session ? [session.userId] : []));
        // Ending a replaced session goes on in the background.
        await vi.waitFor(() => expect(opened()).toEqual(held.sort()), {
          timeout: 3_000,
          interval: 10,
        });
      }),
      {
        numRuns: 30,
        // Always among them: a password sign-in while single sign-on is at the provider, a
        // delegated session that a landed sign-in replaces, and two sign-ins at once.
        examples: [
          [['start', 'password', 'return']],
          [['password', 'act', 'start', 'return']],
          [['twin']],
          [['twin-look']],
          [['password', 'act-twin']],
          [['password', 'act', 'twin', 'act']],
        ],
      },
    );
  });
});
