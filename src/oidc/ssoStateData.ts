import * as v from 'valibot';

/**
 * What the sign-in state carries through the redirect (in session storage, never in the
 * URL): everything the callback needs to finish, and nothing secret.
 *
 * @example
 * ```ts
 * const data: SsoStateData = { v: 1, profileId: 'harbor-oidc', username: 'sam@harbor.example', returnTo: '/' };
 * ```
 */
export type SsoStateData = v.InferOutput<typeof ssoStateData>;

/**
 * Schema of {@link SsoStateData}; the stored state is read back through it, so a tampered
 * entry is refused rather than trusted.
 *
 * @example
 * ```ts
 * const result = v.safeParse(ssoStateData, signinState.data);
 * if (result.success) finish(result.output);
 * ```
 */
export const ssoStateData = v.object({
  v: v.custom<1>((value) => value === 1, 'version 1'),
  profileId: text(1, 256),
  username: text(1, 512),
  vaultDns: v.optional(text(0, 253)),
  returnTo: text(0, 2048),
});

// A predicate instead of string + length actions: the kit's schemas share one small set of
// valibot functions, so this lazily loaded part adds none of its own. Free of side
// effects, so that a bundler can drop the schema where it is not used.
/* @__NO_SIDE_EFFECTS__ */
function text(min: number, max: number) {
  return v.custom<string>(
    (value) => typeof value === 'string' && value.length >= min && value.length <= max,
    `a string of ${min} to ${max} characters`,
  );
}
