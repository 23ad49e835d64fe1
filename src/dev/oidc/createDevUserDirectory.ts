/// <reference types="node" />
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A user of the development OpenID Provider.
 */
export interface DevOidcUser {
  /** What the user types on the login page and sends in the password grant. */
  readonly username: string;
  readonly password: string;
  /** The subject identifier (`sub`), also oidc-provider's account id. */
  readonly sub: string;
  readonly email: string;
  readonly name: string;
}

/**
 * The default directory: one user, `sam`, who signs in to the Harbor vault through SSO.
 */
export const DEFAULT_DEV_OIDC_USERS: readonly DevOidcUser[] = [
  {
    username: 'sam',
    password: 'Harbor-Demo-1',
    sub: 'sam',
    email: 'sam@harbor.example',
    name: 'Sam Harbor',
  },
];

/**
 * Lookup and password check over a fixed list of development users.
 */
export interface DevUserDirectory {
  /** The user whose `sub` is given, or `undefined`. */
  bySub(sub: string): DevOidcUser | undefined;
  /** The user when user name and password both match, otherwise `undefined`. */
  verify(username: string, password: string): DevOidcUser | undefined;
  /**
   * The user name to prefill from an OIDC `login_hint` (the vault user name the person typed):
   * a known user name, the user name of a known e-mail address, or the part before `@` when it
   * is a known user name.
   */
  usernameFromHint(hint: unknown): string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Builds a {@link DevUserDirectory}; user names must be unique.
 */
export function createDevUserDirectory(users: readonly DevOidcUser[]): DevUserDirectory {
  const byUsername = new Map<string, DevOidcUser>();
  const bySub = new Map<string, DevOidcUser>();
  const byEmail = new Map<string, DevOidcUser>();
  for (const user of users) {
    if (byUsername.has(user.username)) {
      throw new Error(`Duplicate development user name: ${user.username}`);
    }
    byUsername.set(user.username, user);
    bySub.set(user.sub, user);
    byEmail.set(user.email.toLowerCase(), user);
  }
  // Compared as equal-length digests so the check takes the same time whatever the input.
  const passwordDigests = new Map(users.map((user) => [user.username, digest(user.password)]));
  const decoy = digest('');

  return {
    bySub: (sub) => bySub.get(sub),
    verify(username, password) {
      const expected = passwordDigests.get(username);
      const matches = timingSafeEqual(expected ?? decoy, digest(password));
      return expected && matches ? byUsername.get(username) : undefined;
    },
    usernameFromHint(hint) {
      if (typeof hint !== 'string' || hint === '') return undefined;
      if (byUsername.has(hint)) return hint;
      const owner = byEmail.get(hint.toLowerCase());
      if (owner) return owner.username;
      const at = hint.indexOf('@');
      const local = at > 0 ? hint.slice(0, at) : undefined;
      return local !== undefined && byUsername.has(local) ? local : undefined;
    },
  };
}
