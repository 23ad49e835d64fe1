import { demoDirectory } from '../src/emulator/demoDirectory';
import type { DemoAccountOutcome } from './demoMessages';

/**
 * One account of the emulator's demo directory, as the sign-in page presents it.
 *
 * @example
 * ```ts
 * const account: DemoAccount = {
 *   username: 'olivia@sunrise.example',
 *   credential: { kind: 'password', password: 'Sunrise-Demo-1' },
 *   outcome: 'olivia',
 * };
 * ```
 */
export interface DemoAccount {
  readonly username: string;
  /**
   * What to type: a password, any password at all, or credentials at the identity provider
   * for a single sign-on user.
   */
  readonly credential:
    | { readonly kind: 'password'; readonly password: string }
    | { readonly kind: 'any' }
    | {
        readonly kind: 'sso';
        readonly provider: string;
        readonly user: string;
        readonly password: string;
      };
  /** What happens when one signs in with it: its entry in the demo's catalogue. */
  readonly outcome: DemoAccountOutcome;
}

/**
 * The demo directory's accounts (the emulator's directory, listed in docs/emulator.md), in the order worth trying them.
 *
 * @example
 * ```ts
 * DEMO_ACCOUNTS.map((account) => account.username);
 * ```
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'olivia@sunrise.example',
    credential: { kind: 'password', password: 'Sunrise-Demo-1' },
    outcome: 'olivia',
  },
  {
    username: 'marcus@sunrise.example',
    credential: { kind: 'password', password: 'Sunrise-Demo-2' },
    outcome: 'marcus',
  },
  {
    username: 'sam@harbor.example',
    credential: { kind: 'sso', provider: 'Harbor SSO', user: 'sam', password: 'Harbor-Demo-1' },
    outcome: 'sam',
  },
  {
    username: 'newhire@sunrise.example',
    credential: { kind: 'password', password: 'Sunrise-Demo-3' },
    outcome: 'newhire',
  },
  {
    username: 'locked@sunrise.example',
    credential: { kind: 'any' },
    outcome: 'locked',
  },
  {
    username: 'inactive@sunrise.example',
    credential: { kind: 'any' },
    outcome: 'inactive',
  },
];

/**
 * Display names by user ID. The delegation calls of the service name people by ID only;
 * the demo knows its directory, so the picker and the banner can say "Marcus Reed".
 *
 * @example
 * ```ts
 * DEMO_PEOPLE['61002']; // 'Marcus Reed'
 * ```
 */
export const DEMO_PEOPLE: Readonly<Record<string, string>> = Object.fromEntries(
  demoDirectory.users
    .filter((user) => user.firstName !== undefined)
    .map((user) => [String(user.id), `${user.firstName} ${user.lastName ?? ''}`.trim()]),
);
