'use client';
import { LoginFormError } from './LoginFormError';
import {
  classes,
  LoginFormHeading,
  type LoginFormPartProps,
  LoginFormStatus,
  LoginFormSubmit,
  partContent,
  useLoginFormPart,
} from './LoginFormRoot';

/**
 * Props of {@link LoginFormIdentifierStep}.
 *
 * @example
 * ```tsx
 * const props: LoginFormIdentifierStepProps = { title: 'Sign in to Sunrise Docs' };
 * ```
 */
export interface LoginFormIdentifierStepProps extends LoginFormPartProps {
  /** The heading of the default content; default `messages.title`. */
  title?: string | undefined;
}

/**
 * The first step, while it is current: a `<form>` whose submit asks discovery which way
 * the user signs in. Its default content is the heading, the status line, the user name
 * field, the error region and "Continue"; `children` replace them.
 */
export function LoginFormIdentifierStep({
  children,
  className,
  title,
}: LoginFormIdentifierStepProps) {
  const form = useLoginFormPart();
  if (form.step !== 'identifier') return null;
  return (
    <form {...form.getFormProps()} className={classes('vsk-login__form', className)}>
      {partContent(
        children,
        form,
        <>
          <LoginFormHeading>{title}</LoginFormHeading>
          <LoginFormStatus />
          {form.rememberedUsers ? <form.rememberedUsers.Choices form={form} /> : null}
          <LoginFormUsernameField />
          <LoginFormError />
          <LoginFormSubmit />
        </>,
      )}
    </form>
  );
}

/**
 * The user name field of the first step: its label, the hint when the messages have one,
 * and the input (`autocomplete="username"`, no auto-correction), tied to its error.
 * `children` replace the label's text.
 */
export function LoginFormUsernameField({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  const t = form.messages;
  return (
    <div className={classes('vsk-login__field', className)}>
      <label className="vsk-login__label" htmlFor={form.ids.username}>
        {partContent(children, form, t.usernameLabel)}
      </label>
      {t.usernameHint ? (
        <p id={form.ids.usernameHint} className="vsk-login__hint">
          {t.usernameHint}
        </p>
      ) : null}
      <input {...form.getUsernameProps()} className="vsk-login__input" />
    </div>
  );
}
