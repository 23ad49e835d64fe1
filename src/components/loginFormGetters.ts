import type { FormEvent, RefObject } from 'react';
import type { LoginFormError, UseLoginFormResult } from './UseLoginFormResult';

/**
 * Where the form sends the focus: a step's heading, a field with an error, or the error
 * region itself.
 */
export type LoginFormFocusTarget = 'heading' | 'username' | 'password' | 'vault' | 'alert';

/**
 * The elements the form reads, focuses or submits, by their role in it.
 */
export interface LoginFormRefs {
  readonly root: RefObject<HTMLElement | null>;
  readonly form: RefObject<HTMLFormElement | null>;
  readonly heading: RefObject<HTMLHeadingElement | null>;
  readonly username: RefObject<HTMLInputElement | null>;
  readonly password: RefObject<HTMLInputElement | null>;
  readonly vault: RefObject<HTMLSelectElement | null>;
  readonly alert: RefObject<HTMLElement | null>;
}

/**
 * {@link UseLoginFormResult} without its ids and prop getters: what the state alone says.
 */
export type LoginFormView = Omit<UseLoginFormResult, `get${string}` | 'ids'>;

/**
 * Adds the ids and prop getters to the form's state. One place builds every attribute the
 * form's elements carry, so the kit's markup and an app's own cannot drift apart.
 */
export function loginFormGetters(
  view: LoginFormView,
  id: string,
  refs: LoginFormRefs,
  /** The field the message on screen concerns, which gets `aria-invalid` and the message. */
  field: LoginFormError['field'],
  onSubmit: (event: FormEvent<HTMLFormElement>) => void,
): UseLoginFormResult {
  const ids = {
    heading: `${id}-heading`,
    username: `${id}-username`,
    usernameHint: `${id}-username-hint`,
    password: `${id}-password`,
    vault: `${id}-vault`,
    error: `${id}-error`,
  };
  const { pending: busy, profiles, messages: t } = view;
  const invalid = (name: LoginFormError['field']) => (field === name ? true : undefined);
  const describedBy = (name: LoginFormError['field'], ...more: (string | false)[]) =>
    [...more, field === name && ids.error].filter(Boolean).join(' ') || undefined;
  const fieldProps = (name: 'password' | 'vault') => ({
    id: ids[name],
    name: name === 'vault' ? 'vaultDns' : name,
    'aria-invalid': invalid(name),
    'aria-describedby': describedBy(name),
  });
  const textInput = {
    autoCapitalize: 'none',
    autoCorrect: 'off',
    spellCheck: false,
    dir: 'auto',
    required: true,
  } as const;
  const profileDescription = (index: number) => `${id}-profile-${index}`;

  return {
    ...view,
    ids,
    getRootProps: () => ({
      ref: refs.root as RefObject<never>,
      'data-state': view.step,
      'aria-busy': view.step === 'sso-callback' || undefined,
    }),
    getFormProps: () => ({
      ref: refs.form,
      noValidate: true,
      'aria-labelledby': ids.heading,
      onSubmit,
    }),
    getHeadingProps: () => ({ ref: refs.heading, id: ids.heading, tabIndex: -1 }),
    getUsernameProps: () => ({
      ref: refs.username,
      id: ids.username,
      name: 'username',
      type: 'text',
      inputMode: 'email',
      autoComplete: 'username',
      ...textInput,
      value: view.username,
      onChange: (event) => view.setUsername(event.target.value),
      'aria-invalid': invalid('username'),
      'aria-describedby': describedBy('username', !!t.usernameHint && ids.usernameHint),
    }),
    getPasswordProps: () => ({
      ref: refs.password,
      ...fieldProps('password'),
      type: 'password',
      autoComplete: 'current-password',
      ...textInput,
    }),
    getVaultProps: () => ({
      ref: refs.vault,
      ...fieldProps('vault'),
      value: view.vault,
      onChange: (event) => view.setVault(event.target.value),
    }),
    getErrorProps: () => ({
      ref: refs.alert as RefObject<never>,
      id: ids.error,
      role: 'alert',
      tabIndex: -1,
      'data-field': field,
    }),
    getSubmitProps: () => ({
      type: 'submit',
      // Discovery has no rate limit of its own to wait for; signing in does (THR-04).
      disabled: busy || (view.step === 'password' && (view.countdown?.secondsLeft ?? 0) > 0),
      'aria-busy': busy,
    }),
    getProfileProps: (index) => ({
      type: 'button',
      disabled: busy,
      'aria-busy': busy,
      'aria-describedby': profiles[index]?.description ? profileDescription(index) : undefined,
      onClick: () => {
        const profile = profiles[index];
        if (profile) void view.startSso(profile);
      },
    }),
    getProfileDescriptionProps: (index) => ({ id: profileDescription(index) }),
    getRetryProps: () => ({ type: 'button', onClick: view.retry, disabled: busy }),
    getNotYouProps: () => ({ type: 'button', onClick: view.notYou }),
  };
}
