import type { EmulatorData } from '../../src/emulator';
import { demoDirectory } from '../../src/emulator';

const OLIVIA_ID = 61001;
const colleagues = [
  ['Amara Okafor', 'Regulatory Submissions'],
  ['Bruno Lindqvist', 'Clinical Operations'],
  ['Chen Wei', 'Quality Events'],
  ['Dana Kowalski', 'Medical Affairs'],
  ['Elif Demir', 'Promotional Review'],
  ['Farid Haddad', 'Training Records'],
  ['Greta Holm', 'Labelling'],
  ['Hiro Tanaka', 'Safety Documents'],
  ['Isabel Moreno', 'Manufacturing Batch Records'],
  ['Jonas Weber', 'Supplier Quality'],
  ['Kavya Rao', 'Study Startup'],
  ['Liam Byrne', 'Trial Master File'],
] as const;

/**
 * The demo directory plus twelve colleagues who each gave olivia delegate access in a
 * vault of their own: enough entries for the delegation picker to offer its filter.
 *
 * @example
 * ```ts
 * const parameters = { vault: { emulator: { data: manyDelegationsData } } };
 * ```
 */
export const manyDelegationsData: EmulatorData = {
  ...demoDirectory,
  vaults: [
    ...demoDirectory.vaults,
    ...colleagues.map(([, vault], i) => ({
      id: 3001 + i,
      name: `Sunrise ${vault}`,
      dns: `${vault.toLowerCase().replaceAll(' ', '-')}.sunrise.example`,
    })),
  ],
  users: [
    ...demoDirectory.users,
    ...colleagues.map(([name], i) => ({
      id: 62001 + i,
      username: `${name.split(' ')[0]?.toLowerCase()}@sunrise.example`,
      password: `Sunrise-Colleague-${i + 1}`,
      status: 'active' as const,
      lastLoginVaultId: 3001 + i,
      vaultIds: [3001 + i],
    })),
  ],
  delegations: [
    ...demoDirectory.delegations,
    ...colleagues.map((_, i) => ({
      vaultId: 3001 + i,
      delegatorUserId: 62001 + i,
      delegateUserId: OLIVIA_ID,
    })),
  ],
};

/**
 * Display names of the colleagues in {@link manyDelegationsData}, by user ID.
 *
 * @example
 * ```tsx
 * <DelegationPicker delegatorNames={manyDelegatorNames} />
 * ```
 */
export const manyDelegatorNames: Readonly<Record<string, string>> = Object.fromEntries(
  colleagues.map(([name], i) => [String(62001 + i), name]),
);
