import type { AuthResult } from '../client/types';
import { normalizeError, VaultAbortedError } from '../errors';
import { buildSessionRecord } from './buildSessionRecord';
import { endSessionQuietly } from './endSessionQuietly';
import type { SessionCore } from './SessionCore';
import type { SessionManager } from './SessionManager';
import type { SessionRecord } from './types';

/**
 * The password sign-in of a session manager.
 */
export interface SignInFlow {
  /** {@link SessionManager.signIn}. */
  readonly signIn: SessionManager['signIn'];
  /** Drops the sign-in in flight: its answer will be discarded (and its session ended). */
  cancel(): void;
  /** When the sign-in in flight was sent; `undefined` when none is. */
  startedAt(): number | undefined;
}

/**
 * Creates the password sign-in of a session manager. A sign-in ends a session already held
 * (`signOut`) before it asks for the new one, and hands the new one to every tab. Only the
 * latest sign-in counts (B11): an earlier one still in flight is aborted, and a session it
 * gets anyway is ended on the server.
 */
export function createSignInFlow(
  core: SessionCore,
  maxSessionMs: number,
  signOut: () => unknown,
): SignInFlow {
  // A newer action bumps the generation; a call whose generation is stale when its answer
  // arrives discards that answer (B11: the last action wins).
  let generation = 0;
  let controller: AbortController | undefined;
  let startedAt: number | undefined;

  function cancel(): void {
    generation += 1;
    controller?.abort();
    controller = undefined;
    startedAt = undefined;
  }

  return {
    async signIn(credentials, requestOptions) {
      // Read first: a call without credentials fails before it touches the open session.
      const { username, password, vaultDns } = credentials;
      const external = requestOptions?.signal;
      if (!core.ready() || external?.aborted) throw new VaultAbortedError();
      // Switching users: the old session ends everywhere before the new one is asked for.
      if (core.getState().record) void signOut();
      cancel();
      const current = generation;
      const own = new AbortController();
      controller = own;
      const forwardAbort = (): void => own.abort();
      external?.addEventListener('abort', forwardAbort, { once: true });
      core.dispatch({ type: 'sign-in-started', username });
      const sentAt = core.now();
      startedAt = sentAt;

      let result: AuthResult;
      try {
        result = await core.client.login({ username, password, vaultDns }, { signal: own.signal });
      } catch (error) {
        const failure = normalizeError(error);
        if (current !== generation) throw new VaultAbortedError({ cause: failure });
        controller = undefined;
        startedAt = undefined;
        core.dispatch(
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
        void endSessionQuietly(core.client, result.session, result.vault?.dns);
        throw new VaultAbortedError();
      }
      controller = undefined;
      startedAt = undefined;
      let record: SessionRecord;
      try {
        record = buildSessionRecord(result, { username, startedAt: sentAt, maxSessionMs });
      } catch (error) {
        const failure = normalizeError(error);
        void endSessionQuietly(core.client, result.session, result.vault?.dns);
        core.dispatch({ type: 'sign-in-failed', error: failure });
        throw failure;
      }
      core.adopt(record);
      core.handOff();
    },
    cancel,
    startedAt: () => startedAt,
  };
}
