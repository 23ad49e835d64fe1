'use client';
import {
  type FormEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { AuthProfile } from '../core/client/types';
import { isTransientError } from '../core/errors';
import { isLiveStatus } from '../core/session/sessionReducer';
import type { SessionEndReason } from '../core/session/types';
import { useDiscovery } from '../react/useDiscovery';
import { useLogin } from '../react/useLogin';
import { useSession } from '../react/useSession';
import { useSsoCallback } from '../react/useSsoCallback';
import { useSsoLogin } from '../react/useSsoLogin';
import { describeLoginError, type LoginErrorDescription } from './describeLoginError';
import { enLoginMessages, type LoginMessages } from './i18n/loginMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import { PasswordField } from './PasswordField';
import { useControllableState } from './useControllableState';
import { useCountdown } from './useCountdown';

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
 * What `onSignedIn` learns: how the user signed in and, after single sign-on, where the
 * application asked to return to.
 *
 * @example
 * ```ts
 * const onSignedIn = (event: LoginFormSignedIn) => navigate(event.returnTo ?? '/');
 * ```
 */
export interface LoginFormSignedIn {
  readonly method: 'password' | 'sso';
  readonly returnTo?: string;
}

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
export interface LoginFormProps {
  /** Strings to replace; the rest come from the nearest `VaultMessagesProvider` (English by default). */
  messages?: Partial<LoginMessages> | undefined;
  /** Added to the root element's classes (`vsk-root vsk-login`). */
  className?: string | undefined;
  /** The first step's heading; default `messages.title`. */
  title?: string | undefined;
  /** Level of the step headings. Default 2. */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6 | undefined;
  /**
   * The user name field's value, for a parent that owns it (controlled), with
   * `onUsernameChange`: a list of accounts to pick from, a name from the address bar. The
   * form shows what it is given; a name given while a later step shows another one takes
   * the form back to its first step with it. Leave it out and the form keeps the name
   * itself (uncontrolled), starting from the session's last user name or `defaultUsername`.
   */
  username?: string | undefined;
  /**
   * Called with each new user name: what the user types, and what the form fills in itself
   * (at mount with an empty `username`, and when a session ends under it, the session's last
   * user name; after "Not you?", the name just used). A controlled form shows it once the
   * parent passes it back as `username`.
   */
  onUsernameChange?: ((username: string) => void) | undefined;
  /** Prefills the user name when the session knows no last user name (uncontrolled only). */
  defaultUsername?: string | undefined;
  /** Sign in to this vault (by DNS). With `vaults`, the vault chosen first. */
  vaultDns?: string | undefined;
  /** Lets the user choose the vault: a `<select>` on the password and SSO steps. */
  vaults?: readonly LoginVaultOption[] | undefined;
  /** Where users change an expired password (the vault's web interface), linked from that error. */
  passwordChangeUrl?: string | undefined;
  /** Called once a sign-in through this form has succeeded. */
  onSignedIn?: ((event: LoginFormSignedIn) => void) | undefined;
  /** Where single sign-on returns to after the identity provider (same origin). */
  returnTo?: string | undefined;
}

type Step = 'identifier' | 'password' | 'sso';
type FocusTarget = 'heading' | 'username' | 'password' | 'vault' | 'alert';
/** A message on screen: a described failure, or a check of the form's own. */
type Shown = Omit<LoginErrorDescription, 'error'>;
type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

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
 * @example
 * ```tsx
 * <SessionProvider config={{ baseUrl: '' }}>
 *   <RequireSession fallback={<LoginForm vaults={vaults} passwordChangeUrl={changeUrl} />}>
 *     <Documents />
 *   </RequireSession>
 * </SessionProvider>
 * ```
 */
export function LoginForm(props: LoginFormProps) {
  const {
    messages,
    className,
    title,
    headingLevel = 2,
    username: usernameProp,
    onUsernameChange,
    defaultUsername,
    vaultDns,
    vaults,
    passwordChangeUrl,
    onSignedIn,
    returnTo,
  } = props;
  const t = useVaultMessages('login', enLoginMessages, messages);
  const session = useSession();
  const live = isLiveStatus(session.status);
  const { login } = useLogin();
  const sso = useSsoLogin();
  const callback = useSsoCallback();

  const [step, setStep] = useState<Step>('identifier');
  const [username, setUsername] = useControllableState({
    value: usernameProp,
    defaultValue: () => session.lastUsername ?? defaultUsername ?? '',
    onChange: onUsernameChange,
  });
  /** The user name confirmed by "Continue", shown read-only on the later steps. */
  const [identity, setIdentity] = useState('');
  const [profiles, setProfiles] = useState<readonly AuthProfile[]>([]);
  const [chosenVault, setChosenVault] = useState(
    () => vaults?.find((vault) => vault.dns === vaultDns)?.dns ?? vaults?.[0]?.dns ?? '',
  );
  const [shown, setShown] = useState<Shown | undefined>();
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<{ until: number; seconds: number } | undefined>();
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const [callbackDismissed, setCallbackDismissed] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget } | undefined>();
  // Live regions announce changes, not what is there on arrival: messages known at mount
  // are filled in after it.
  const [mounted, setMounted] = useState(false);
  // A name set from outside while a later step shows another one: that step no longer
  // belongs to the name on screen, so the form starts over with it (no stale "Signing in
  // as"). Adjusted while rendering, so the first step is there in the same commit.
  const [seenUsername, setSeenUsername] = useState(username);
  if (seenUsername !== username) {
    setSeenUsername(username);
    if (step !== 'identifier' && username.trim() !== identity) {
      setStep('identifier');
      setShown(undefined);
      setBlocked(undefined);
    }
  }

  const { discover } = useDiscovery(username);
  // Blocks a second submit before React has re-rendered the disabled button (B12).
  const inFlight = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const vaultRef = useRef<HTMLSelectElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const id = useId();
  const ids = {
    heading: `${id}-heading`,
    username: `${id}-username`,
    usernameHint: `${id}-username-hint`,
    password: `${id}-password`,
    vault: `${id}-vault`,
    error: `${id}-error`,
  };

  const secondsLeft = Math.min(useCountdown(blocked?.until), blocked?.seconds ?? 0);
  const isBlocked = secondsLeft > 0;
  const vaultChoice = vaults && vaults.length > 0 ? chosenVault || undefined : vaultDns;

  useEffect(() => setMounted(true), []);
  // A parent that owns the field but gave no name is offered the last one too (WCAG 3.3.7).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the name known at mount; a session that ends later is handled below.
  useEffect(() => {
    if (usernameProp === '' && session.lastUsername) setUsername(session.lastUsername);
  }, []);

  // Layout effects: focus moves in the same frame as the view changes, before a screen
  // reader or a keystroke can land on the element that just went away.
  useLayoutEffect(() => {
    if (!focusRequest) return;
    const targets: Record<FocusTarget, RefObject<HTMLElement | null>> = {
      heading: headingRef,
      username: usernameRef,
      password: passwordRef,
      vault: vaultRef,
      alert: alertRef,
    };
    (targets[focusRequest.target].current ?? alertRef.current)?.focus();
  }, [focusRequest]);

  // Signed in: the view changes under the user's hands, so the focus goes to its heading,
  // unless the user has already moved on to something outside the form.
  const wasLive = useRef(live);
  useLayoutEffect(() => {
    if (live && !wasLive.current) {
      const active = document.activeElement;
      if (!active || active === document.body || rootRef.current?.contains(active)) {
        headingRef.current?.focus();
      }
    }
    // Back to the first step when the session ends under a mounted form, with the user
    // name the session kept (WCAG 3.3.7).
    if (wasLive.current && !live) {
      setStep('identifier');
      setUsername((typed) => session.lastUsername ?? typed);
      setShown(undefined);
      setBlocked(undefined);
      setNoticeDismissed(false);
    }
    wasLive.current = live;
  }, [live, session.lastUsername, setUsername]);

  const callbackError =
    callback.status === 'error' && !callbackDismissed
      ? describeLoginError(callback.error, t, { vaults })
      : undefined;
  useEffect(() => {
    if (callback.status === 'error') setFocusRequest({ target: 'alert' });
  }, [callback.status]);
  // Back from a single sign-on that did not complete (cancelled, refused, or left with the
  // Back button): the user name typed before it is filled in again, so retrying is one
  // "Continue" (WCAG 3.3.7). A name already in the field wins over one left behind.
  useEffect(() => {
    const name = callback.username;
    if (name === undefined) return;
    if (callback.status === 'error') setUsername(name);
    else if (callback.status === 'idle') setUsername((typed) => typed || name);
  }, [callback.status, callback.username, setUsername]);
  // The latest callback, so that an inline `onSignedIn` neither re-runs the effect below nor
  // is called twice.
  const onSignedInRef = useRef(onSignedIn);
  useLayoutEffect(() => {
    onSignedInRef.current = onSignedIn;
  });
  const reportedSignIn = useRef(false);
  useEffect(() => {
    if (callback.status !== 'success' || reportedSignIn.current) return;
    reportedSignIn.current = true;
    onSignedInRef.current?.({
      method: 'sso',
      ...(callback.returnTo === undefined ? {} : { returnTo: callback.returnTo }),
    });
  }, [callback.status, callback.returnTo]);

  function show(error: unknown): void {
    const described = describeLoginError(error, t, { vaults });
    if (!described) return;
    const { error: _error, ...next } = described;
    setShown(next);
    if (next.action === 'wait' && next.retryAfterSeconds !== undefined) {
      setBlocked({
        until: Date.now() + next.retryAfterSeconds * 1_000,
        seconds: next.retryAfterSeconds,
      });
    }
    setFocusRequest({ target: next.field ?? 'alert' });
  }

  function beginAttempt(): void {
    setShown(undefined);
    setBlocked(undefined);
    setNoticeDismissed(true);
    setCallbackDismissed(true);
  }

  function goTo(next: Step, focus: FocusTarget): void {
    setStep(next);
    setShown(undefined);
    setBlocked(undefined);
    setFocusRequest({ target: focus });
  }

  async function onContinue(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (inFlight.current) return;
    beginAttempt();
    // Surrounding spaces are never part of a user name; discovery trims them too, and both
    // calls must name the same user.
    const name = username.trim();
    if (name === '') {
      setShown({ message: t.usernameRequired, field: 'username' });
      setFocusRequest({ target: 'username' });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await discover(name);
      setIdentity(name);
      setProfiles(answer.profiles);
      if (answer.authType === 'sso') goTo('sso', 'heading');
      else goTo('password', 'password');
    } catch (error) {
      show(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  async function onSignIn(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (inFlight.current || isBlocked) return;
    const input = passwordRef.current;
    if (!input) return;
    beginAttempt();
    // Exactly as typed: no trim, no normalisation (PWD-04); only emptiness is checked (PWD-05).
    const password = input.value;
    if (password === '') {
      setShown({ message: t.passwordRequired, field: 'password' });
      setFocusRequest({ target: 'password' });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      await login({ username: identity, password, vaultDns: vaultChoice });
      input.value = '';
      onSignedIn?.({ method: 'password' });
    } catch (error) {
      if (!isTransientError(error)) input.value = '';
      show(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  async function onStartSso(profile: AuthProfile): Promise<void> {
    if (inFlight.current) return;
    beginAttempt();
    inFlight.current = true;
    setBusy(true);
    try {
      const selectedVault = vaultChoice;
      await sso.startSso({
        profile,
        username: identity,
        ...(selectedVault === undefined ? {} : { vaultDns: selectedVault }),
        ...(returnTo === undefined ? {} : { returnTo }),
      });
      // Settles only when the user comes back from the provider with the Back button; until
      // the page is gone the buttons stay disabled. The pressed button lost the focus when
      // it was disabled: the restored step takes it, as on arrival.
      setFocusRequest({ target: 'heading' });
    } catch (error) {
      show(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function notYou(): void {
    if (inFlight.current) return;
    setUsername(identity);
    goTo('identifier', 'username');
  }

  function retry(): void {
    formRef.current?.requestSubmit();
  }

  const Heading = `h${headingLevel}` as HeadingTag;
  const rootClass = ['vsk-root', 'vsk-login', className].filter(Boolean).join(' ');

  if (live) {
    return (
      <div ref={rootRef} className={rootClass} data-state="signed-in">
        <Heading ref={headingRef} tabIndex={-1} className="vsk-login__heading">
          {t.signedInHeading}
        </Heading>
        <p className="vsk-login__text">
          {t.signedInAs} <bdi className="vsk-login__username">{session.user?.username}</bdi>
        </p>
      </div>
    );
  }

  if (callback.status === 'processing') {
    return (
      <div ref={rootRef} className={rootClass} data-state="sso-callback" aria-busy="true">
        <p className="vsk-login__notice" role="status">
          {t.ssoCompleting}
        </p>
      </div>
    );
  }

  const current = shown ?? (step === 'identifier' ? callbackError : undefined);
  const errorText = current && (mounted || current === shown) ? current.message : '';
  // A rate limit is one message whose seconds count down, never a fixed figure beside a
  // second, live one.
  const waiting = current?.action === 'wait' && blocked !== undefined && errorText !== '';
  const describedByError = (field: Shown['field']) =>
    current && current.field === field ? ids.error : undefined;
  const invalid = (field: Shown['field']) => (current?.field === field ? true : undefined);

  const notice =
    step === 'identifier' && !noticeDismissed && !live && session.endReason
      ? endNotice(session.endReason, t)
      : undefined;

  const messageArea = (
    <>
      <div
        ref={alertRef}
        id={ids.error}
        className="vsk-login__error"
        role="alert"
        tabIndex={-1}
        data-field={current?.field}
      >
        {waiting ? (
          secondsLeft > 0 ? (
            <>
              {/* Said once when shown; the visible copy counts down without re-announcing. */}
              <span className="vsk-visually-hidden">{errorText}</span>
              <span aria-hidden="true">{t.rateLimited({ seconds: secondsLeft })}</span>
            </>
          ) : (
            t.retryReady
          )
        ) : (
          errorText
        )}
      </div>
      {current?.action === 'retry' && step !== 'sso' ? (
        <button
          type="button"
          className="vsk-button vsk-login__retry"
          data-variant="secondary"
          onClick={retry}
          disabled={busy}
        >
          {t.tryAgain}
        </button>
      ) : null}
      {current?.action === 'change-password' && passwordChangeUrl ? (
        <a className="vsk-login__link" href={passwordChangeUrl}>
          {t.changePassword}
        </a>
      ) : null}
      <p className="vsk-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {blocked && secondsLeft > 0
          ? t.retryCountdown({ seconds: announcedSeconds(secondsLeft, blocked.seconds) })
          : ''}
      </p>
    </>
  );

  const identityLine = (
    <div className="vsk-login__identity">
      <span className="vsk-login__text">
        {t.signingInAs} <bdi className="vsk-login__username">{identity}</bdi>
      </span>
      <button type="button" className="vsk-login__link-button" onClick={notYou}>
        {t.notYou}
      </button>
    </div>
  );

  const vaultSelect =
    vaults && vaults.length > 0 ? (
      <div className="vsk-login__field">
        <label className="vsk-login__label" htmlFor={ids.vault}>
          {t.vaultLabel}
        </label>
        <select
          ref={vaultRef}
          id={ids.vault}
          className="vsk-login__input vsk-login__select"
          name="vaultDns"
          value={chosenVault}
          onChange={(event) => setChosenVault(event.target.value)}
          aria-invalid={invalid('vault')}
          aria-describedby={describedByError('vault')}
        >
          {vaults.map((vault) => (
            <option key={vault.dns} value={vault.dns}>
              {vault.name}
            </option>
          ))}
        </select>
      </div>
    ) : null;

  let content: ReactNode;
  if (step === 'identifier') {
    content = (
      <form
        ref={formRef}
        className="vsk-login__form"
        noValidate
        aria-labelledby={ids.heading}
        onSubmit={onContinue}
      >
        <Heading ref={headingRef} id={ids.heading} tabIndex={-1} className="vsk-login__heading">
          {title ?? t.title}
        </Heading>
        <p className="vsk-login__notice" role="status">
          {mounted && notice ? notice : ''}
        </p>
        <div className="vsk-login__field">
          <label className="vsk-login__label" htmlFor={ids.username}>
            {t.usernameLabel}
          </label>
          {t.usernameHint ? (
            <p id={ids.usernameHint} className="vsk-login__hint">
              {t.usernameHint}
            </p>
          ) : null}
          <input
            ref={usernameRef}
            id={ids.username}
            className="vsk-login__input"
            name="username"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            dir="auto"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={invalid('username')}
            aria-describedby={
              [t.usernameHint ? ids.usernameHint : undefined, describedByError('username')]
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
        </div>
        {messageArea}
        <button
          type="submit"
          className="vsk-button vsk-login__submit"
          disabled={busy}
          aria-busy={busy}
        >
          {t.continue}
        </button>
      </form>
    );
  } else if (step === 'password') {
    content = (
      <form
        ref={formRef}
        className="vsk-login__form"
        noValidate
        aria-labelledby={ids.heading}
        onSubmit={onSignIn}
      >
        <Heading ref={headingRef} id={ids.heading} tabIndex={-1} className="vsk-login__heading">
          {t.passwordHeading}
        </Heading>
        {identityLine}
        {/* Password managers pair the password with this user name (PWD-07). */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={identity}
          readOnly
          hidden
        />
        <PasswordField
          id={ids.password}
          label={t.passwordLabel}
          showPasswordLabel={t.showPassword}
          hidePasswordLabel={t.hidePassword}
          inputRef={passwordRef}
          invalid={invalid('password')}
          describedBy={describedByError('password')}
        />
        {vaultSelect}
        {messageArea}
        <button
          type="submit"
          className="vsk-button vsk-login__submit"
          disabled={busy || isBlocked}
          aria-busy={busy}
        >
          {t.signIn}
        </button>
      </form>
    );
  } else {
    content = (
      <section className="vsk-login__form" aria-labelledby={ids.heading}>
        <Heading ref={headingRef} id={ids.heading} tabIndex={-1} className="vsk-login__heading">
          {t.ssoHeading}
        </Heading>
        {identityLine}
        {profiles.length > 0 ? (
          <>
            <p className="vsk-login__text">{t.ssoIntro}</p>
            {vaultSelect}
            <ul className="vsk-login__profiles">
              {profiles.map((profile, index) => {
                const descriptionId = `${id}-profile-${index}`;
                return (
                  <li key={profile.id} className="vsk-login__profile">
                    <button
                      type="button"
                      className="vsk-button vsk-login__submit"
                      disabled={busy}
                      aria-busy={busy}
                      aria-describedby={profile.description ? descriptionId : undefined}
                      onClick={() => void onStartSso(profile)}
                    >
                      {profiles.length === 1
                        ? t.ssoContinueWith({ label: profile.label })
                        : profile.label}
                    </button>
                    {profile.description ? (
                      <p id={descriptionId} className="vsk-login__hint">
                        {profile.description}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p className="vsk-login__text">{t.ssoPortalOnly}</p>
        )}
        {messageArea}
        <p className="vsk-login__notice" role="status">
          {busy ? t.ssoRedirecting : ''}
        </p>
      </section>
    );
  }

  return (
    <div ref={rootRef} className={rootClass} data-state={step}>
      {content}
    </div>
  );
}

function endNotice(reason: SessionEndReason, t: LoginMessages): string {
  switch (reason) {
    case 'expired':
      return t.sessionExpired;
    case 'invalid-session':
      return t.sessionInvalid;
    case 'remote-sign-out':
      return t.signedOutElsewhere;
    case 'inactive':
      return t.signedOutInactive;
    default:
      return t.signedOut;
  }
}

/**
 * The value the polite live region carries while a countdown runs: the start, every half
 * minute, the last ten seconds, and the end. A region that changed every second would talk
 * over everything else a screen reader has to say.
 */
function announcedSeconds(secondsLeft: number, total: number): number {
  return Math.min(total, secondsLeft <= 10 ? 10 : Math.ceil(secondsLeft / 30) * 30);
}
