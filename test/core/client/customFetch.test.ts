import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFetch } from '../../../server/serveFetch';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import {
  isTransientError,
  VaultAbortedError,
  VaultNetworkError,
  VaultTimeoutError,
  VaultUnexpectedError,
} from '../../../src/core/errors';
import { createSessionManager } from '../../../src/core/session/createSessionManager';
import { type LoopbackServer, startLoopbackServer } from '../../support/startLoopbackServer';

// An app may pass its own `fetch` (to add tracing, a header, a test double). When the
// network fails under it, that is a network fault like any other: transient, retried. When
// its own code throws, that is a bug: the kit must not call it a connection problem and
// retry it forever, but surface it with the original error as the cause.

const SESSION_ID = 'Zq3x9VbN2mK7pL0sR5tW8yA1cE4gH6jJ-uIoP_dFfGh';
const CREDENTIALS = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const GOOD_LOGIN = {
  responseStatus: 'SUCCESS',
  sessionId: SESSION_ID,
  userId: 61001,
  vaultId: 1001,
  vaultIds: [{ id: 1001, name: 'Sunrise PromoMats', url: 'https://promomats.sunrise.example/api' }],
};

let server: LoopbackServer;
let closedUrl: string;

beforeAll(async () => {
  server = await startLoopbackServer(() => Response.json(GOOD_LOGIN));
  const closed = await serveFetch(() => new Response('unused'));
  await closed.close();
  closedUrl = closed.url;
});
afterAll(() => server.close());

async function loginWith(
  fetch: typeof globalThis.fetch,
  baseUrl = server.url,
  signal?: AbortSignal,
) {
  const client = createVaultClient({ baseUrl, fetch });
  try {
    return {
      resolvedWith: await client.login(CREDENTIALS, {
        ...(signal ? { signal } : {}),
        timeoutMs: 5_000,
      }),
    };
  } catch (error) {
    return error;
  }
}

describe('a custom fetch whose network fails', () => {
  it('passing the platform error on (a tracing wrapper, port closed) is a transient network error', async () => {
    const wrapper: typeof fetch = async (input, init) => globalThis.fetch(input, init);
    const error = await loginWith(wrapper, closedUrl);
    expect(error).toBeInstanceOf(VaultNetworkError);
    expect(isTransientError(error)).toBe(true);
  });

  it('wrapping the platform error in its own (cause kept) is still a network error', async () => {
    const wrapper: typeof fetch = async (input, init) => {
      try {
        return await globalThis.fetch(input, init);
      } catch (cause) {
        throw new Error('The request to the vault failed.', { cause });
      }
    };
    expect(await loginWith(wrapper, closedUrl)).toBeInstanceOf(VaultNetworkError);
  });

  it.each([
    ['Chromium', new TypeError('Failed to fetch')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
    ['older Safari', new TypeError('The network connection was lost.')],
    ['a polyfill', new TypeError('Network request failed')],
    [
      'a cancellation by the browser',
      new DOMException('The user aborted a request.', 'AbortError'),
    ],
  ])('rejecting as %s does offline is a network error', async (_, thrown) => {
    const error = await loginWith(() => Promise.reject(thrown));
    expect(error).toBeInstanceOf(VaultNetworkError);
    expect((error as VaultNetworkError).cause).toBe(thrown);
  });

  it("honouring the caller's signal gives a cancellation, and its timeout a timeout", async () => {
    const waitForAbort: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const controller = new AbortController();
    const pending = loginWith(waitForAbort, server.url, controller.signal);
    controller.abort();
    expect(await pending).toBeInstanceOf(VaultAbortedError);

    const client = createVaultClient({ baseUrl: server.url, fetch: waitForAbort });
    const timedOut = await client.login(CREDENTIALS, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(VaultTimeoutError);
  });
});

describe('a custom fetch with a bug', () => {
  it.each([
    [
      'a TypeError of its own',
      new TypeError("Cannot read properties of undefined (reading 'get')"),
    ],
    ['a RangeError', new RangeError('Invalid time value')],
    ['a thrown string', 'not configured'],
  ])('rejecting with %s is an unexpected error, not transient, cause kept', async (_, thrown) => {
    const error = await loginWith(() => Promise.reject(thrown));
    expect(error).toBeInstanceOf(VaultUnexpectedError);
    expect(error).not.toBeInstanceOf(VaultNetworkError);
    expect((error as VaultUnexpectedError).cause).toBe(thrown);
    expect(isTransientError(error)).toBe(false);
  });

  it('throwing before it returns is an unexpected error, even worded like a network failure', async () => {
    const thrown = new TypeError('Failed to fetch');
    const error = await loginWith(() => {
      throw thrown;
    });
    expect(error).toBeInstanceOf(VaultUnexpectedError);
    expect((error as VaultUnexpectedError).cause).toBe(thrown);
  });

  it('answering with something other than a Response is an unexpected error', async () => {
    const forgotReturn = (async () => undefined) as unknown as typeof fetch;
    const error = await loginWith(forgotReturn);
    expect(error).toBeInstanceOf(VaultUnexpectedError);
    expect(isTransientError(error)).toBe(false);
  });

  it('shows on the sign-in as an unexpected failure, not as a connection problem', async () => {
    const thrown = new TypeError("Cannot read properties of undefined (reading 'headers')");
    const client = createVaultClient({ baseUrl: server.url, fetch: () => Promise.reject(thrown) });
    const session = createSessionManager({ client, BroadcastChannel: null });
    try {
      await expect(session.signIn(CREDENTIALS)).rejects.toBeInstanceOf(VaultUnexpectedError);
      const { status, error } = session.getSnapshot();
      expect(status).toBe('signed-out');
      expect(error?.kind).toBe('unexpected');
      expect(error?.cause).toBe(thrown);
    } finally {
      session.destroy();
    }
  });
});
