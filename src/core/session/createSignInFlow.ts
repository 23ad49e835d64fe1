import type { AuthResult } from '../client/types';
import { normalizeError, VaultAbortedError } from '../errors';
import { buildSessionRecord } from './buildSessionRecord';
import { endSessionQuietly } from './endSessionQuietly';
import { isSessionReference } from './isSessionReference';
import type { SessionManager } from './SessionManager';
import type { SessionEvent } from './sessionReducer';
import type { SessionClient, SessionRecord } from './types';

/**
 * The password sign-in of a session manager: {@link SessionManager.signIn}, the function
 * that drops the sign-in in flight (its answer will be discarded), and the one that says
 * when that sign-in was sent. A tuple, so that the manager names the parts itself.
 *
 * @example
 * ```ts
 * const [signIn, cancelSignIn, signInStartedAt]: SignInFlow = createSignInFlow(client, now, maxSessionMs, dispatch, prepare, settle);
 * ```
 */
export type SignInFlow = readonly [
  signIn: SessionManager['signIn'],
  cancelSignIn: () => void,
  signInStartedAt: () => number | undefined,
];

/**
 * Creates the password sign-in of a session manager. `prepare` runs first and says whether
 * a sign-in may begin (it also ends a session already held); `settle` takes the new
 * session. Only the latest sign-in counts (B11): an earlier one still in flight is
 * aborted, and a session it gets anyway is ended on the server.
 *
 * @example
 * ```ts
 * const flow = createSignInFlow(client, Date.now, 48 * 3_600_000, dispatch, () => true, adopt);
 * const [signIn] = flow;
 * await signIn({ username: 'olivia@sunrise.example', password });
 * ```
 */
export function createSignInFlow(
  client: SessionClient,
  now: () => number,
  maxSessionMs: number,
  dispatch: (event: SessionEvent) => void,
  prepare: (signal: AbortSignal | undefined) => boolean,
  settle: (record: SessionRecord) => void,
): SignInFlow {
  // A newer action bumps the generation; a call whose generation is stale when its answer
  // arrives discards that answer (B11: the last action wins).
  let generation = 0;
  let controller: AbortController | undefined;
  let startedAt: number | undefined;

  function cancelSignIn(): void {
    generation += 1;
    controller?.abort();
    controller = undefined;
    startedAt = undefined;
  }

  return [
    async (credentials, requestOptions) => {
      // Read first: a call without credentials fails before it touches the open session.
      const { username, password, vaultDns } = credentials;
      const external = requestOptions?.signal;
      if (!prepare(external)) throw new VaultAbortedError();
      cancelSignIn();
      const current = generation;
      const own = new AbortController();
      controller = own;
      const forwardAbort = (): void => own.abort();
      external?.addEventListener('abort', forwardAbort, { once: true });
      dispatch({ type: 'sign-in-started', username });
      const sentAt = now();
      startedAt = sentAt;

      let result: AuthResult;
      try {
        result = await client.login({ username, password, vaultDns }, { signal: own.signal });
      } catch (error) {
        const failure = normalizeError(error);
        if (current !== generation) throw new VaultAbortedError({ cause: failure });
        controller = undefined;
        startedAt = undefined;
        dispatch(
          failure.kind === 'aborted'
            ? { type: 'sign-in-cancelled' }
            : { type: 'sign-in-failed', error: failure },
        );
        throw failure;
      } finally {
        external?.removeEventListener('abort', forwardAbort);
      }

      // Destroying the manager cancels the sign-in too, so this also covers that.
      if (current !== generation) {
        // Nobody will ever use this session; do not leave it open on the server.
        void endSessionQuietly(client, result.sessionId, result.vault?.dns);
        throw new VaultAbortedError();
      }
      controller = undefined;
      startedAt = undefined;
      let record: SessionRecord;
      try {
        record = buildSessionRecord(result, username, sentAt, maxSessionMs);
      } catch (error) {
        const failure = normalizeError(error);
        void endSessionQuietly(
          client,
          isSessionReference(result.sessionId) ? result.sessionId : undefined,
          result.vault?.dns,
        );
        dispatch({ type: 'sign-in-failed', error: failure });
        throw failure;
      }
      settle(record);
    },
    cancelSignIn,
    () => startedAt,
  ];
}
