import type {
  ButtonHTMLAttributes,
  FormHTMLAttributes,
  HTMLAttributes,
  InputHTMLAttributes,
  Ref,
  SelectHTMLAttributes,
} from 'react';
import type { AuthProfile } from '../core/client/types';
import type { VaultError } from '../core/errors';
import type { LoginErrorDescription } from './describeLoginError';
import type { LoginMessages } from './i18n/LoginMessages';

/**
 * What the login form shows: the three steps of a sign-in, the return from single sign-on
 * while it completes, and the signed-in view. The same names are the `data-state` of
 * {@link LoginForm}'s root.
 *
 * @example
 * ```ts
 * const step: LoginFormStep = 'password';
 * ```
 */
export type LoginFormStep = 'identifier' | 'password' | 'sso' | 'sso-callback' | 'signed-in';

/**
 * A message the form shows: a failure as `describeLoginError` describes it, or a check of
 * the form's own (an empty field), which has no `error`.
 *
 * @example
 * ```ts
 * const shown: LoginFormError = { message: 'Enter your user name.', field: 'username' };
 * ```
 */
export type LoginFormError = Omit<LoginErrorDescription, 'error'> & {
  readonly error?: VaultError | undefined;
};

/**
 * A vault the user may choose on the password step (variant B of the login call).
 *
 * @example
 * ```ts
 * const vault: LoginVaultOption = { dns: 'quality.sunrise.example', name: 'Sunrise QualityDocs' };
 * ```
 */
export interface LoginVaultOption {
  readonly dns: string;
  readonly name: string;
}

/**
 * What {@link useLoginForm} gives a view: the state to show, the actions, and prop getters
 * that put the ids, `autoComplete`, `aria-*` attributes, handlers and refs on the view's own
 * elements. A getter's result is spread first; classes and text are the view's.
 *
 * @example
 * ```tsx
 * const form: UseLoginFormResult = useLoginForm();
 * <select {...form.getVaultProps()} className="my-select">
 *   {form.vaults?.map((vault) => <option key={vault.dns} value={vault.dns}>{vault.name}</option>)}
 * </select>;
 * ```
 */
export interface UseLoginFormResult {
  readonly step: LoginFormStep;
  /** The strings in use: `messages` over the nearest provider's, over English. */
  readonly messages: LoginMessages;
  /** The user name in the field (the parent's, when controlled). */
  readonly username: string;
  readonly setUsername: (username: string) => void;
  /** The user name "Continue" confirmed, shown read-only on the password and SSO steps. */
  readonly identity: string;
  /** Discovery's identity-provider profiles for that user, on the SSO step. */
  readonly profiles: readonly AuthProfile[];
  /** The vaults to choose from, as given. */
  readonly vaults: readonly LoginVaultOption[] | undefined;
  /** The chosen vault's DNS. */
  readonly vault: string;
  readonly setVault: (dns: string) => void;
  /** The message to show in the error region, once it is to be announced. */
  readonly error: LoginFormError | undefined;
  /** Why the last session ended, on the first step until the next attempt. */
  readonly notice: string | undefined;
  /**
   * On the `sso-callback` step, `'web-tab'` when the page waits for the vault around
   * it to hand its session over; `undefined` while a single sign-on is completed.
   */
  readonly via: 'web-tab' | undefined;
  /** A discovery, sign-in or single sign-on request is under way. */
  readonly pending: boolean;
  /** While a rate limit holds: the seconds left (0 once it is over) and its length. */
  readonly countdown: { readonly secondsLeft: number; readonly totalSeconds: number } | undefined;
  /** The signed-in user's name, on the `signed-in` step. */
  readonly signedInAs: string | undefined;
  /** The ids the getters use, for an app's own `aria-describedby` and the like. */
  readonly ids: {
    readonly heading: string;
    readonly username: string;
    readonly usernameHint: string;
    readonly password: string;
    readonly vault: string;
    readonly error: string;
  };
  /** Starts single sign-on with one of `profiles`. */
  startSso(profile: AuthProfile): Promise<void>;
  /** Back to the first step with the confirmed user name in the field ("Not you?"). */
  notYou(): void;
  /** Submits the current step again, after a failure offered `retry`. */
  retry(): void;
  /**
   * The root element: `data-state` (the step), and the ref that tells focus inside it. This
   * ref and the error region's fit any element (`Ref<never>`), whichever the app chooses.
   */
  getRootProps(): HTMLAttributes<HTMLElement> & { 'data-state': LoginFormStep; ref: Ref<never> };
  /** The `<form>` of the identifier and password steps: submit, `aria-labelledby`, no native validation. */
  getFormProps(): FormHTMLAttributes<HTMLFormElement> & { ref: Ref<HTMLFormElement> };
  /** The step's heading, focused on a step change. */
  getHeadingProps(): HTMLAttributes<HTMLHeadingElement> & { ref: Ref<HTMLHeadingElement> };
  /** The user name input: `autocomplete="username"`, value and change handler, error wiring. */
  getUsernameProps(): InputHTMLAttributes<HTMLInputElement> & { ref: Ref<HTMLInputElement> };
  /** The password input, uncontrolled: `autocomplete="current-password"`, error wiring. */
  getPasswordProps(): InputHTMLAttributes<HTMLInputElement> & { ref: Ref<HTMLInputElement> };
  /** The vault `<select>`: value and change handler, error wiring. */
  getVaultProps(): SelectHTMLAttributes<HTMLSelectElement> & { ref: Ref<HTMLSelectElement> };
  /** The error region: a focusable `role="alert"` the fields point to. */
  getErrorProps(): HTMLAttributes<HTMLElement> & { ref: Ref<never> };
  /** "Continue" or "Sign in": disabled while pending or rate limited. */
  getSubmitProps(): ButtonHTMLAttributes<HTMLButtonElement>;
  /** The button of `profiles[index]`, described by its description. */
  getProfileProps(index: number): ButtonHTMLAttributes<HTMLButtonElement>;
  /** The description of `profiles[index]`. */
  getProfileDescriptionProps(index: number): HTMLAttributes<HTMLElement>;
  /** "Try again". */
  getRetryProps(): ButtonHTMLAttributes<HTMLButtonElement>;
  /** "Not you?". */
  getNotYouProps(): ButtonHTMLAttributes<HTMLButtonElement>;
}
