// Auth defaulting as the service documents it: a login that names no vault, or one the user
// cannot use, still opens a session, in the vault where the user last signed in, else in
// their oldest vault. The emulator runs over real loopback HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { createVaultEmulator, demoDirectory, type EmulatorData } from '../../src/emulator';
import { DEMO, type RunningEmulator, startEmulator } from './startEmulator';

let vault: RunningEmulator;
afterEach(async () => {
  await vault?.close();
});

describe('auth defaulting', () => {
  it('defaults to the vault of the last sign-in, as the service documents, not to a fixed vault', async () => {
    vault = await startEmulator();
    // No sign-in yet: the oldest of olivia's vaults.
    expect((await vault.login(...DEMO.olivia)).vaultId).toBe(1001);
    expect((await vault.login(...DEMO.olivia, 'quality.sunrise.example')).vaultId).toBe(1002);
    // From now on the vault she last signed in to, whether she names none or one she lacks.
    expect((await vault.login(...DEMO.olivia)).vaultId).toBe(1002);
    expect((await vault.login(...DEMO.olivia, 'clinical.harbor.example')).vaultId).toBe(1002);
    expect((await vault.login(...DEMO.olivia, 'promomats.sunrise.example')).vaultId).toBe(1001);
    expect((await vault.login(...DEMO.olivia, '')).vaultId).toBe(1001);
    // Each user's history is their own.
    expect((await vault.login(...DEMO.marcus)).vaultId).toBe(1002);
  });

  it('takes the oldest vault (the lowest ID) without a sign-in, whatever order the data lists', async () => {
    const user = (id: number, username: string, extra: Partial<EmulatorData['users'][number]>) => ({
      id,
      username,
      password: 'Some-Password-1',
      status: 'active' as const,
      vaultIds: [1002, 2001, 1001],
      ...extra,
    });
    const data: EmulatorData = {
      ...demoDirectory,
      users: [
        user(1, 'new@sunrise.example', {}),
        user(2, 'back@sunrise.example', { lastLoginVaultId: 2001 }),
      ],
      delegations: [],
      subjects: [],
    };
    vault = await startEmulator({ data });
    expect((await vault.login('new@sunrise.example', 'Some-Password-1')).vaultId).toBe(1001);
    // A sign-in from before the emulator started counts as the last one.
    expect((await vault.login('back@sunrise.example', 'Some-Password-1')).vaultId).toBe(2001);
    expect(() =>
      createVaultEmulator({
        data: { ...data, users: [user(3, 'x@y.example', { lastLoginVaultId: 9 })] },
      }),
    ).toThrow(/last sign-in vault 9/);
  });
});
