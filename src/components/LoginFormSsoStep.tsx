'use client';
import type { ReactNode } from 'react';
import type { AuthProfile } from '../core/client/types';
import { LoginFormError } from './LoginFormError';
import {
  classes,
  LoginFormHeading,
  LoginFormIdentity,
  type LoginFormPartProps,
  LoginFormStatus,
  LoginFormVaultChoice,
  partContent,
  useLoginFormPart,
} from './LoginFormRoot';

/**
 * The single sign-on step, while it is current: a section named by its heading. Its
 * default content is the heading, the user name with "Not you?", the vault choice and one
 * button per identity-provider profile (or, with none, where to sign in instead), the
 * error region and the status line; `children` replace them.
 */
export function LoginFormSsoStep({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  const t = form.messages;
  if (form.step !== 'sso') return null;
  return (
    <section className={classes('vsk-login__form', className)} aria-labelledby={form.ids.heading}>
      {partContent(
        children,
        form,
        <>
          <LoginFormHeading />
          <LoginFormIdentity />
          {form.profiles.length > 0 ? (
            <>
              <p className="vsk-login__text">{t.ssoIntro}</p>
              <LoginFormVaultChoice />
              <LoginFormProfiles />
            </>
          ) : (
            <p className="vsk-login__text">{t.ssoPortalOnly}</p>
          )}
          <LoginFormError />
          <LoginFormStatus />
        </>,
      )}
    </section>
  );
}

/**
 * Props of {@link LoginFormProfiles}.
 *
 * @example
 * ```tsx
 * const props: LoginFormProfilesProps = { children: (profile) => `Sign in with ${profile.label}` };
 * ```
 */
export interface LoginFormProfilesProps extends Pick<LoginFormPartProps, 'className'> {
  /** Each button's text instead of the profile's label. */
  children?: ((profile: AuthProfile, index: number) => ReactNode) | undefined;
}

/**
 * The single sign-on step's buttons, one per identity-provider profile discovery named,
 * each described by the profile's description; one profile reads "Continue with …".
 * `children`, a function of the profile, label the buttons instead.
 */
export function LoginFormProfiles({ children, className }: LoginFormProfilesProps) {
  const form = useLoginFormPart();
  const { profiles, messages: t } = form;
  if (profiles.length === 0) return null;
  return (
    <ul className={classes('vsk-login__profiles', className)}>
      {profiles.map((profile, index) => (
        <li key={profile.id} className="vsk-login__profile">
          <button {...form.getProfileProps(index)} className="vsk-button vsk-login__submit">
            {children
              ? children(profile, index)
              : profiles.length === 1
                ? t.ssoContinueWith({ label: profile.label })
                : profile.label}
          </button>
          {profile.description ? (
            <p {...form.getProfileDescriptionProps(index)} className="vsk-login__hint">
              {profile.description}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the form shows while the answer of the identity provider is being turned into a
 * session, on the page single sign-on returns to: a status line saying so. `children`
 * replace it.
 */
export function LoginFormSsoCallback({ children, className }: LoginFormPartProps) {
  const form = useLoginFormPart();
  if (form.step !== 'sso-callback') return null;
  return partContent(children, form, <LoginFormStatus className={className} />);
}
