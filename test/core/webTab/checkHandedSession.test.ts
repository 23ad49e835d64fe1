// An app that passes its own fetch (tracing, its headers, a test transport) expects every
// call of the kit to go through it, the check of a session a vault's web tab handed over too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHandedSession } from '../../../src/core/webTab/checkHandedSession';
import { type EmulatorEnvironment, startEmulatorServer } from '../../support/startEmulatorServer';

let env: EmulatorEnvironment;
beforeAll(async () => {
  env = await startEmulatorServer();
});
afterAll(() => env.close());

describe('checkHandedSession in token mode', () => {
  it("asks the vault through the client's own fetch", async () => {
    const signedIn = await env.client.login({
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
    });
    if (signedIn.session.kind !== 'token' || signedIn.vault === undefined) {
      throw new Error('expected a token session in a vault');
    }
    const seen: string[] = [];
    const client = env.clientWith({
      fetch: async (input, init) => {
        seen.push(new Request(input, init).url);
        return globalThis.fetch(input, init);
      },
    });

    const checked = await checkHandedSession(client, signedIn.session.id, signedIn.vault.dns);

    expect(checked.result.vaultId).toBe(signedIn.vaultId);
    expect(checked.result.userId).toBe(signedIn.userId);
    expect(seen).toEqual([`${env.server.url}/api/v26.1/objects/users/me`]);
  });
});
