import { check, fields, maybe } from '../core/client/readShape';

/**
 * What the sign-in state carries through the redirect (in session storage, never in the
 * URL): everything the callback needs to finish, and nothing secret.
 */
export interface SsoStateData {
  /** The layout of this record, so that one written by another release is refused. */
  readonly v: 1;
  /** The discovery profile the user chose. */
  readonly profileId: string;
  /** The user name the sign-in started with. */
  readonly username: string;
  /** The vault the sign-in is for, when the app names one. */
  readonly vaultDns?: string | undefined;
  /** Where the app goes once signed in: a same-origin path. */
  readonly returnTo: string;
}

// Free of side effects, so that a bundler can drop the reader where it is not used.
/* @__NO_SIDE_EFFECTS__ */
function text(min: number, max: number) {
  return (value: unknown): value is string =>
    typeof value === 'string' && value.length >= min && value.length <= max;
}

const readStateData = fields({
  v: check((value): value is 1 => value === 1, 'version 1'),
  profileId: check(text(1, 256), 'a string of 1 to 256 characters'),
  username: check(text(1, 512), 'a string of 1 to 512 characters'),
  vaultDns: maybe(text(0, 253), 'a string of 0 to 253 characters'),
  returnTo: check(text(0, 2048), 'a string of 0 to 2048 characters'),
});

/**
 * Reads stored sign-in state back as {@link SsoStateData}, so a tampered entry is refused
 * rather than trusted: it throws an error naming the field at fault (never its value)
 * when `value` is not of that shape.
 */
export function ssoStateData(value: unknown): SsoStateData {
  return readStateData(value, '');
}
