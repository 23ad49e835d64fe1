'use client';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useVaultSession } from '../react/VaultSessionContext';
import type { RememberedUsers } from './createRememberedUsers';
import type { UseLoginFormOptions } from './UseLoginFormOptions';
import type { UseLoginFormResult } from './UseLoginFormResult';
import { useLoginForm } from './useLoginForm';

/**
 * Props every part of {@link LoginForm} takes.
 *
 * @example
 * ```tsx
 * const props: LoginFormPartProps = { className: 'my-error', children: (form) => form.error?.message };
 * ```
 */
export interface LoginFormPartProps {
  /** Replaces the part's default content; a function is given the form's state and getters. */
  children?: ReactNode | ((form: UseLoginFormResult) => ReactNode) | undefined;
  /** Added to the classes of the part's own element. */
  className?: string | undefined;
}

/**
 * Props of {@link LoginFormRoot}: what the form does ({@link UseLoginFormOptions}) and the
 * few settings its parts share.
 *
 * @example
 * ```tsx
 * const props: LoginFormRootProps = { headingLevel: 1, onSignedIn: () => navigate('/') };
 * ```
 */
export interface LoginFormRootProps extends UseLoginFormOptions, LoginFormPartProps {
  /** Level of the step headings. Default 2. */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6 | undefined;
  /** Where users change an expired password (the vault's web interface), linked from that error. */
  passwordChangeUrl?: string | undefined;
  /**
   * The app's page where users reset a forgotten password, linked from the wrong-password
   * and locked-account errors. Without it those errors offer no link.
   */
  passwordResetUrl?: string | undefined;
  /**
   * Offers the user names last signed in on this browser on the first step, and adds each
   * new sign-in to them: a store made by `createRememberedUsers`. Off without it.
   */
  rememberedUsers?: RememberedUsers | undefined;
}

/**
 * What the parts read: the form and the Root's shared settings.
 */
export type LoginFormPartContext = UseLoginFormResult &
  Pick<
    LoginFormRootProps,
    'headingLevel' | 'passwordChangeUrl' | 'passwordResetUrl' | 'rememberedUsers'
  >;

const PartContext = createContext<LoginFormPartContext | null>(null);

/**
 * The form a part belongs to, from the nearest {@link LoginFormRoot}.
 */
export function useLoginFormPart(): LoginFormPartContext {
  const form = useContext(PartContext);
  if (!form) throw new Error('LoginForm parts belong inside a LoginForm.Root.');
  return form;
}

/**
 * A part's content: its `children` (called with the form when a function), or its default.
 */
export function partContent(
  children: LoginFormPartProps['children'],
  form: UseLoginFormResult,
  fallback?: ReactNode,
): ReactNode {
  return typeof children === 'function' ? children(form) : (children ?? fallback);
}

/**
 * The kit's class names for a part, then the app's.
 */
export function classes(own: string, className: string | undefined): string {
  return className ? `${own} ${className}` : own;
}

/**
 * The root of a login form built from parts: it runs {@link useLoginForm}, shares it with
 * the parts inside, and renders the card (`vsk-root vsk-login`, `data-state` the step).
 * Each step part renders only while its step is current, so the parts can be put in any
 * order, left out, or given content of an app's own, and discovery, focus moves, errors and
 * their announcements keep working.
 */
export function LoginFormRoot(props: LoginFormRootProps) {
  const {
    children,
    className,
    headingLevel = 2,
    passwordChangeUrl,
    passwordResetUrl,
    rememberedUsers,
    ...options
  } = props;
  const form = useLoginForm(options);
  const { manager } = useVaultSession();
  useEffect(() => rememberedUsers?.follow(manager), [rememberedUsers, manager]);
  return (
    <PartContext.Provider
      value={{ ...form, headingLevel, passwordChangeUrl, passwordResetUrl, rememberedUsers }}
    >
      <div {...form.getRootProps()} className={classes('vsk-root vsk-login', className)}>
        {partContent(children, form)}
      </div>
    </PartContext.Provider>
  );
}

/**
 * The current step's heading, at the Root's `headingLevel`: it takes the focus when the step
 * changes and names the step's form. By default it says what the step is ("Sign in",
 * "Enter your password", …).
 */
export function LoginFormHeading({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  const { messages: t, step } = form;
  const Tag = `h${form.headingLevel ?? 2}` as const;
  return (
    <Tag {...form.getHeadingProps()} className={classes('vsk-login__heading', className)}>
      {partContent(
        children,
        form,
        step === 'password'
          ? t.passwordHeading
          : step === 'sso'
            ? t.ssoHeading
            : step === 'signed-in'
              ? t.signedInHeading
              : t.title,
      )}
    </Tag>
  );
}

/**
 * A polite status line: on the first step, why the last session ended; on the single
 * sign-on step, that the browser is on its way to the identity provider; on the way back,
 * that the sign-in is being completed, or, in a vault's web tab, that the page is connecting
 * to the vault. Always in the page, so what arrives is announced.
 */
export function LoginFormStatus({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  const { messages: t, step } = form;
  return (
    <p className={classes('vsk-login__notice', className)} role="status">
      {partContent(
        children,
        form,
        step === 'sso'
          ? form.pending && t.ssoRedirecting
          : step === 'sso-callback'
            ? form.via
              ? t.webTabConnecting
              : t.ssoCompleting
            : form.notice,
      )}
    </p>
  );
}

/**
 * The submit button of the first step ("Continue") and of the password step ("Sign in"):
 * busy while the request runs, and disabled during a rate limit. Nothing on the other
 * steps, where each single sign-on profile has its own button. `children` replace the text.
 */
export function LoginFormSubmit({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  const { messages: t, step } = form;
  if (step !== 'identifier' && step !== 'password') return null;
  return (
    <button
      {...form.getSubmitProps()}
      className={classes('vsk-button vsk-login__submit', className)}
    >
      {partContent(children, form, step === 'identifier' ? t.continue : t.signIn)}
    </button>
  );
}

/**
 * On the password and single sign-on steps: the user name being signed in, read-only, and
 * "Not you?", which goes back to the first step with it in the field. `children` replace
 * the "Not you?" text.
 */
export function LoginFormIdentity({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  const t = form.messages;
  return (
    <div className={classes('vsk-login__identity', className)}>
      <span className="vsk-login__text">
        {t.signingInAs} <bdi className="vsk-login__username">{form.identity}</bdi>
      </span>
      <button {...form.getNotYouProps()} className="vsk-login__link-button">
        {partContent(children, form, t.notYou)}
      </button>
    </div>
  );
}

/**
 * The vault `<select>` of the password and single sign-on steps, when the Root was given
 * `vaults`; nothing otherwise. `children` replace the label's text.
 */
export function LoginFormVaultChoice({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  if (!form.vaults?.length) return null;
  return (
    <div className={classes('vsk-login__field', className)}>
      <label className="vsk-login__label" htmlFor={form.ids.vault}>
        {partContent(children, form, form.messages.vaultLabel)}
      </label>
      <select {...form.getVaultProps()} className="vsk-login__input vsk-login__select">
        {form.vaults.map((vault) => (
          <option key={vault.dns} value={vault.dns}>
            {vault.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * What the form shows once the user is signed in (until the app replaces it): a heading,
 * which takes the focus unless the user is already elsewhere, and who is signed in.
 * `children` replace both; `className` goes on the line that names the user.
 */
export function LoginFormSignedIn({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  if (form.step !== 'signed-in') return null;
  return partContent(
    children,
    form,
    <>
      <LoginFormHeading />
      <p className={classes('vsk-login__text', className)}>
        {form.messages.signedInAs} <bdi className="vsk-login__username">{form.signedInAs}</bdi>
      </p>
    </>,
  );
}
