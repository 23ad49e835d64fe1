'use client';
import type { ReactNode } from 'react';
import { LoginFormError } from './LoginFormError';
import {
  LoginFormIdentifierStep,
  type LoginFormIdentifierStepProps,
  LoginFormUsernameField,
} from './LoginFormIdentifierStep';
import { LoginFormPasswordField, LoginFormPasswordStep } from './LoginFormPasswordStep';
import {
  LoginFormHeading,
  LoginFormIdentity,
  type LoginFormPartProps,
  LoginFormRoot,
  type LoginFormRootProps,
  LoginFormSignedIn,
  LoginFormStatus,
  LoginFormSubmit,
  LoginFormVaultChoice,
} from './LoginFormRoot';
import {
  LoginFormProfiles,
  type LoginFormProfilesProps,
  LoginFormSsoCallback,
  LoginFormSsoStep,
} from './LoginFormSsoStep';

export type { LoginFormSignedIn } from './UseLoginFormOptions';
export type { LoginVaultOption } from './UseLoginFormResult';

/**
 * Props of {@link LoginForm}. All optional.
 *
 * @example
 * ```tsx
 * const props: LoginFormProps = {
 *   vaults: [
 *     { dns: 'promomats.sunrise.example', name: 'Sunrise PromoMats' },
 *     { dns: 'quality.sunrise.example', name: 'Sunrise QualityDocs' },
 *   ],
 *   passwordChangeUrl: 'https://promomats.sunrise.example/ui/#password',
 *   onSignedIn: () => navigate('/documents'),
 * };
 * ```
 */
export interface LoginFormProps extends Omit<LoginFormRootProps, 'children'> {
  /** Added to the root element's classes (`vsk-root vsk-login`). */
  className?: string | undefined;
  /** The first step's heading; default `messages.title`. */
  title?: string | undefined;
}

/**
 * {@link LoginForm}'s type: the component, and its parts as its properties.
 *
 * @example
 * ```tsx
 * const Form: LoginFormComponent = LoginForm;
 * <Form.Root><Form.IdentifierStep /></Form.Root>;
 * ```
 */
export interface LoginFormComponent {
  (props: LoginFormProps): ReactNode;
  /** Runs the form for the parts inside it, and renders the card. */
  Root: (props: LoginFormRootProps) => ReactNode;
  IdentifierStep: (props: LoginFormIdentifierStepProps) => ReactNode;
  PasswordStep: (props: LoginFormPartProps) => ReactNode;
  SsoStep: (props: LoginFormPartProps) => ReactNode;
  SsoCallback: (props: LoginFormPartProps) => ReactNode;
  SignedIn: (props: LoginFormPartProps) => ReactNode;
  Heading: (props: LoginFormPartProps) => ReactNode;
  Status: (props: LoginFormPartProps) => ReactNode;
  UsernameField: (props: LoginFormPartProps) => ReactNode;
  PasswordField: (props: LoginFormPartProps) => ReactNode;
  Identity: (props: LoginFormPartProps) => ReactNode;
  VaultChoice: (props: LoginFormPartProps) => ReactNode;
  Profiles: (props: LoginFormProfilesProps) => ReactNode;
  Error: (props: LoginFormPartProps) => ReactNode;
  Submit: (props: LoginFormPartProps) => ReactNode;
}

/**
 * The identifier-first sign-in: the user name first, then, as discovery says, a password
 * step or a single sign-on step, with an optional vault choice.
 *
 * - Discovery is asked while the user types, so "Continue" usually costs no round trip.
 * - Native forms (Enter submits), `autocomplete` `username` / `current-password`, paste
 *   allowed, a show-password toggle, the user name carried into the password step for
 *   password managers, the password sent exactly as typed (PWD-01 to PWD-07).
 * - The password lives in its input only. It is cleared after an attempt unless the
 *   attempt failed for a reason unrelated to it (offline, timeout, a fault of the service,
 *   a rate limit), so that "Try again" or a later submit can resend it.
 * - Every failure is a text in a live region, tied to its field with `aria-describedby` and
 *   `aria-invalid`, and focus moves to the field or the message; each step change moves
 *   focus to the new step (PWD-08, A11Y-06). A rate limit disables submitting, with a
 *   countdown, and nothing is resent on its own (THR-04). One request per submit (B12).
 * - After sign-out or expiry the last user name is filled in and the reason is told.
 * - The user name is the form's own, or the parent's with `username` and
 *   `onUsernameChange` (controlled); discovery, focus and errors work the same either way.
 *
 * Needs a `SessionProvider` above it. Style it with `vault-session-kit/styles.css` or not
 * at all (class names `vsk-login__*`, `data-state` on the root).
 *
 * It is `LoginForm.Root` with the default parts inside. The parts are its properties, to
 * put in an order of the app's own, leave out or give other content, each shown only
 * while its step is current: `Root`, `IdentifierStep`, `PasswordStep`, `SsoStep`,
 * `SsoCallback`, `SignedIn`, and within the steps `Heading`, `Status`, `UsernameField`,
 * `PasswordField`, `Identity`, `VaultChoice`, `Profiles`, `Error` and `Submit`. For markup
 * that shares nothing with the kit's, `useLoginForm` gives the same behaviour headless.
 *
 * @example
 * ```tsx
 * <SessionProvider config={{ authUrl: '', vaultUrl: '/vault/{dns}' }}>
 *   <RequireSession
 *     fallback={
 *       <LoginForm
 *         vaults={[
 *           { dns: 'promomats.sunrise.example', name: 'Sunrise PromoMats' },
 *           { dns: 'quality.sunrise.example', name: 'Sunrise QualityDocs' },
 *         ]}
 *         passwordResetUrl="https://promomats.sunrise.example/ui/#reset"
 *       />
 *     }
 *   >
 *     <App />
 *   </RequireSession>
 * </SessionProvider>
 * ```
 */
export const LoginForm: LoginFormComponent = /* @__PURE__ */ Object.assign(
  // Named so that React's tools and stack traces call it LoginForm.
  function LoginForm({ title, ...props }: LoginFormProps) {
    return (
      <LoginFormRoot {...props}>
        <LoginFormIdentifierStep title={title} />
        <LoginFormPasswordStep />
        <LoginFormSsoStep />
        <LoginFormSsoCallback />
        <LoginFormSignedIn />
      </LoginFormRoot>
    );
  },
  {
    Root: LoginFormRoot,
    IdentifierStep: LoginFormIdentifierStep,
    PasswordStep: LoginFormPasswordStep,
    SsoStep: LoginFormSsoStep,
    SsoCallback: LoginFormSsoCallback,
    SignedIn: LoginFormSignedIn,
    Heading: LoginFormHeading,
    Status: LoginFormStatus,
    UsernameField: LoginFormUsernameField,
    PasswordField: LoginFormPasswordField,
    Identity: LoginFormIdentity,
    VaultChoice: LoginFormVaultChoice,
    Profiles: LoginFormProfiles,
    Error: LoginFormError,
    Submit: LoginFormSubmit,
  },
);
