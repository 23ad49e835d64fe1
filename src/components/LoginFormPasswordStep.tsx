'use client';
import { LoginFormError } from './LoginFormError';
import {
  classes,
  LoginFormHeading,
  LoginFormIdentity,
  type LoginFormPartProps,
  LoginFormSubmit,
  LoginFormVaultChoice,
  partContent,
  useLoginFormPart,
} from './LoginFormRoot';
import { PasswordField } from './PasswordField';

/**
 * The password step, while it is current: a `<form>` whose submit signs in. Its default
 * content is the heading, the user name with "Not you?", the password field, the vault
 * choice, the error region and "Sign in"; `children` replace them.
 */
export function LoginFormPasswordStep({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  if (form.step !== 'password') return null;
  return (
    <form {...form.getFormProps()} className={classes('vsk-login__form', className)}>
      {partContent(
        children,
        form,
        <>
          <LoginFormHeading />
          <LoginFormIdentity />
          <LoginFormPasswordField />
          <LoginFormVaultChoice />
          <LoginFormError />
          <LoginFormSubmit />
        </>,
      )}
    </form>
  );
}

/**
 * The password field of the password step, with its show/hide toggle, tied to its error;
 * beside it, the confirmed user name in a hidden field, so password managers save and fill
 * the pair (PWD-07). `children` replace the label's text.
 */
export function LoginFormPasswordField({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  const t = form.messages;
  const input = form.getPasswordProps();
  return (
    <>
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={form.identity}
        readOnly
        hidden
      />
      <PasswordField
        id={input.id}
        className={className}
        label={partContent(children, form, t.passwordLabel)}
        showPasswordLabel={t.showPassword}
        hidePasswordLabel={t.hidePassword}
        inputRef={input.ref}
        invalid={input['aria-invalid'] === true}
        describedBy={input['aria-describedby']}
      />
    </>
  );
}
