/**
 * The demo directory's people as the stories sign them in (the emulator's default data;
 * the passwords are public by design).
 *
 * @example
 * ```ts
 * await vault.session.manager.signIn(demoUsers.olivia);
 * ```
 */
export const demoUsers = {
  olivia: { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' },
  marcus: { username: 'marcus@sunrise.example', password: 'Sunrise-Demo-2' },
  newhire: { username: 'newhire@sunrise.example', password: 'Sunrise-Demo-3' },
  locked: { username: 'locked@sunrise.example', password: 'Any-Password-1' },
  inactive: { username: 'inactive@sunrise.example', password: 'Any-Password-1' },
  sam: { username: 'sam@harbor.example' },
} as const;

/**
 * Display names for the demo users' IDs; the service itself only gives IDs.
 *
 * @example
 * ```tsx
 * <DelegationPicker delegatorNames={demoUserNames} />
 * ```
 */
export const demoUserNames: Readonly<Record<string, string>> = {
  '61001': 'Olivia Hart',
  '61002': 'Marcus Reed',
};

/**
 * The demo vaults as the login form's vault choice lists them.
 *
 * @example
 * ```tsx
 * <LoginForm vaults={demoVaults} />
 * ```
 */
export const demoVaults = [
  { dns: 'promomats.sunrise.example', name: 'Sunrise PromoMats' },
  { dns: 'quality.sunrise.example', name: 'Sunrise QualityDocs' },
] as const;
