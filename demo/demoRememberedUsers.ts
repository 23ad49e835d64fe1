import { createRememberedUsers, type RememberedUsers } from '../src/index';

/** The query parameter that turns the remembered user names off (`?remember-me=off`). */
export const REMEMBER_ME_PARAM = 'remember-me';

/**
 * The demo offers the user names last signed in on this browser: kept in localStorage (names
 * only, at most three, 30 days after the last sign-in), cleared by "Sign out and forget me"
 * or by removing a name from the list. `?remember-me=off` shows the demo as an app that
 * leaves the feature off (the kit's default).
 *
 * @example
 * ```ts
 * const users = demoRememberedUsers(window.location.search);
 * users?.list(); // ['olivia@sunrise.example']
 * ```
 */
export function demoRememberedUsers(search: string): RememberedUsers | undefined {
  if (new URLSearchParams(search).get(REMEMBER_ME_PARAM) === 'off') return undefined;
  return createRememberedUsers({ storage: window.localStorage });
}
