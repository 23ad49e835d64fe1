/**
 * The vault the demo signs in to by default, and the pages the sign-in form links: the
 * vault's own password page (served by the emulator on every vault host, as the vault's
 * web interface has one) for an expired password, and the demo's password-reset page for
 * a forgotten one or a locked account. `VITE_VAULT_DNS` names another vault when the dev
 * server proxies real ones (`VAULT_HOSTS`).
 *
 * @example
 * ```tsx
 * <LoginForm passwordChangeUrl={demoVault.passwordChangeUrl} passwordResetUrl={demoVault.passwordResetUrl} />
 * ```
 */
export const demoVault: {
  readonly dns: string;
  readonly passwordChangeUrl: string;
  readonly passwordResetUrl: string;
} = (() => {
  const dns: string = import.meta.env.VITE_VAULT_DNS || 'promomats.sunrise.example';
  return {
    dns,
    passwordChangeUrl: `/vault/${dns}/ui/password`,
    passwordResetUrl: '/password-reset.html',
  };
})();
