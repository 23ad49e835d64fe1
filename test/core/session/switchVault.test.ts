// A vault switch against the real emulator over loopback HTTP: the new session is asked for
// while the old one stays in use, and a switch lands in the vault chosen or nowhere.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultInfo } from '../../../src/core/client/types';
import { VaultConfigError, VaultDnsMismatchError } from '../../../src/core/errors';
import { createVaultSession } from '../../../src/core/session/createVaultSession';
import { switchVault } from '../../../src/core/session/switchVault';
import type { VaultSession } from '../../../src/core/session/VaultSession';
import {
  OLIVIA,
  OLIVIA_ID,
  type SessionBackend,
  startSessionBackend,
  uniqueChannelName,
} from './startSessionBackend';

let backend: SessionBackend;
let session: VaultSession;

beforeEach(async () => {
  backend = await startSessionBackend();
  session = createVaultSession({
    // Any vault will do for a sign-in here, so only the switch's own check can refuse.
    client: createVaultClient({ baseUrl: backend.server.url, validateDns: false }),
    keepAlive: false,
    channelName: uniqueChannelName(),
    BroadcastChannel: null,
  });
  await session.manager.signIn(OLIVIA);
});

afterEach(async () => {
  session.destroy();
  await backend.close();
});

function vault(name: string): VaultInfo {
  const found = session.manager.getSnapshot().user?.vaults.find((v) => v.name === name);
  if (!found) throw new Error(`olivia has no vault ${name}`);
  return found;
}

describe('switchVault', () => {
  it('opens the new session first, then ends the old one', async () => {
    const before = session.manager.getOwnSession();
    await switchVault(session, { vault: vault('Sunrise QualityDocs'), password: OLIVIA.password });
    expect(session.manager.getSnapshot().vault?.name).toBe('Sunrise QualityDocs');
    expect(session.manager.getOwnSession()).not.toEqual(before);
    await expect.poll(() => backend.liveSessionsOf(OLIVIA_ID)).toBe(1);
  });

  it('ends a session the service put in another vault and keeps olivia where she was, whatever validateDns says', async () => {
    // The service ignores the vault asked for (auth defaulting): the login lands in PromoMats.
    backend.intercept(async (request, emulator) => {
      if (!new URL(request.url).pathname.endsWith('/auth')) return emulator(request);
      const form = new URLSearchParams(await request.text());
      form.delete('vaultDNS');
      return emulator(
        new Request(request.url, { method: 'POST', headers: request.headers, body: form }),
      );
    });
    const before = session.manager.getOwnSession();
    await expect(
      switchVault(session, { vault: vault('Sunrise QualityDocs'), password: OLIVIA.password }),
    ).rejects.toBeInstanceOf(VaultDnsMismatchError);
    expect(session.manager.getSnapshot().vault?.name).toBe('Sunrise PromoMats');
    expect(session.manager.getOwnSession()).toEqual(before);
    await expect.poll(() => backend.liveSessionsOf(OLIVIA_ID)).toBe(1);
  });

  it('ends the new session when olivia signed out while it was on the wire', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    backend.intercept(async (request, emulator) => {
      const response = await emulator(request);
      if (new URL(request.url).pathname.endsWith('/auth')) await held;
      return response;
    });
    const switching = switchVault(session, {
      vault: vault('Sunrise QualityDocs'),
      password: OLIVIA.password,
    });
    await expect.poll(() => backend.liveSessionsOf(OLIVIA_ID)).toBe(2);
    await session.manager.signOut();
    release();
    await expect(switching).rejects.toMatchObject({ kind: 'aborted' });
    expect(session.manager.getSnapshot().status).toBe('ended');
    await expect.poll(() => backend.liveSessionsOf(OLIVIA_ID)).toBe(0);
  });

  it('refuses a vault that is not one of olivia’s, sending nothing', async () => {
    const other: VaultInfo = {
      id: 2001,
      name: 'Harbor Clinical',
      url: '',
      dns: 'clinical.harbor.example',
    };
    await expect(
      switchVault(session, { vault: other, password: OLIVIA.password }),
    ).rejects.toBeInstanceOf(VaultConfigError);
    expect(backend.liveSessionsOf(OLIVIA_ID)).toBe(1);
  });
});
