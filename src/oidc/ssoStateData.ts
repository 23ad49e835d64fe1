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
 * const data = v.parse(ssoStateData, signinState.data);
 * ```
 */
export const ssoStateData = v.object({
  v: v.literal(1),
  profileId: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  username: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  vaultDns: v.optional(v.pipe(v.string(), v.maxLength(253))),
  returnTo: v.pipe(v.string(), v.maxLength(2048)),
});
