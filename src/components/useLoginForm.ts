'use client';
import { type FormEvent, useEffect, useId, useLayoutEffect, useReducer, useRef } from 'react';
import type { AuthProfile } from '../core/client/types';
import { isTransientError } from '../core/errors';
import { isLiveStatus } from '../core/session/sessionReducer';
import { enLoginMessages } from '../locales/en/enLoginMessages';
import { useDiscovery } from '../react/useDiscovery';
import { useLogin } from '../react/useLogin';
import { useSession } from '../react/useSession';
import { useSsoCallback } from '../react/useSsoCallback';
import { useSsoLogin } from '../react/useSsoLogin';
import { useVaultSession } from '../react/VaultSessionContext';
import { describeLoginError } from './describeLoginError';
import { reportSetupError } from './describeSetupError';
import { endNotice } from './endNotice';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import {
  type LoginFormFocusTarget,
  type LoginFormRefs,
  type LoginFormView,
  loginFormGetters,
} from './loginFormGetters';
import type { UseLoginFormOptions } from './UseLoginFormOptions';
import type { LoginFormError, UseLoginFormResult } from './UseLoginFormResult';
import { useControllableState } from './useControllableState';
import { useCountdown } from './useCountdown';

/** The form's own state besides the user name, changed a few fields at a time. */
interface State {
  readonly step: 'identifier' | 'password' | 'sso';
  /** The user name confirmed by "Continue", shown read-only on the later steps. */
  readonly identity: string;
  readonly profiles: readonly AuthProfile[];
  readonly vault: string;
  readonly shown?: LoginFormError | undefined;
  readonly blocked?: { readonly until: number; readonly seconds: number } | undefined;
  readonly busy?: boolean;
  readonly noticeDismissed?: boolean;
  readonly callbackDismissed?: boolean;
  readonly focus?: { readonly target: LoginFormFocusTarget } | undefined;
  // Live regions announce changes, not what is there on arrival: messages known at mount
  // are filled in after it.
  readonly mounted?: boolean;
  readonly seenUsername: string;
  /** Wrong passwords in a row, for the user name they were typed for. */
  readonly misses?: { readonly name: string; readonly count: number } | undefined;
}

const merge = (state: State, update: Partial<State>): State => ({ ...state, ...update });
/** What a new attempt or another step leaves behind. */
const CLEARED = { shown: undefined, blocked: undefined } as const;
/** A new attempt: the last one's message goes, and so does any notice from before it. */
const BEGIN = { ...CLEARED, noticeDismissed: true, callbackDismissed: true } as const;

/**
 * Everything {@link LoginForm} does, without its markup: the identifier step, discovery,
 * the password or single sign-on step and the vault choice, focus moves, live-region
 * errors, the rate-limit countdown, the kept last user name, single sign-on callback errors
 * and the controlled or uncontrolled user name. It returns the state a view shows and prop
 * getters that carry the ids, `autoComplete`, `aria-*` attributes, handlers and refs, so
 * markup of an app's own stays accessible: spread them first, and add classes after.
 *
 * Needs a `SessionProvider` above it. `LoginForm.Root` calls it for its parts; call it
 * directly for a form that shares nothing with the kit's markup.
 *
 * @example
 * ```tsx
 * const form = useLoginForm({ onSignedIn: () => navigate('/documents') });
 * <form {...form.getFormProps()}>
 *   <h2 {...form.getHeadingProps()}>{form.step === 'password' ? form.identity : 'Sign in'}</h2>
 *   {form.step === 'password' ? (
 *     <input {...form.getPasswordProps()} aria-label="Password" />
 *   ) : (
 *     <input {...form.getUsernameProps()} aria-label="Email" />
 *   )}
 *   <div {...form.getErrorProps()}>{form.error?.message}</div>
 *   <button {...form.getSubmitProps()}>Continue</button>
 * </form>;
 * ```
 */
export function useLoginForm(options: UseLoginFormOptions = {}): UseLoginFormResult {
  const { username: usernameProp, vaultDns, vaults, onSignedIn, returnTo } = options;
  const t = useVaultMessages('login', enLoginMessages, options.messages);
  const session = useSession();
  const live = isLiveStatus(session.status);
  const { login } = useLogin();
  const sso = useSsoLogin();
  const callback = useSsoCallback();
  // The countdown of a rate limit reads the session's clock, so its end is set on that clock.
  const { now } = useVaultSession();

  const [username, setUsername] = useControllableState({
    value: usernameProp,
    defaultValue: () => session.lastUsername ?? options.defaultUsername ?? '',
    onChange: options.onUsernameChange,
  });
  const [state, patch] = useReducer(
    merge,
    undefined,
    (): State => ({
      step: 'identifier',
      identity: '',
      profiles: [],
      vault: vaults?.find((vault) => vault.dns === vaultDns)?.dns ?? vaults?.[0]?.dns ?? '',
      seenUsername: username,
    }),
  );
  const { step, identity, shown, blocked, busy = false } = state;
  // A name set from outside while a later step shows another one: that step no longer
  // belongs to the name on screen, so the form starts over with it (no stale "Signing in
  // as"). Adjusted while rendering, so the first step is there in the same commit.
  if (state.seenUsername !== username) {
    patch({
      seenUsername: username,
      ...(step !== 'identifier' && username.trim() !== identity
        ? { step: 'identifier', ...CLEARED }
        : {}),
    });
  }

  const { discover } = useDiscovery(username);
  // Blocks a second submit before React has re-rendered the disabled button (B12).
  const inFlight = useRef(false);
  const refs: LoginFormRefs = {
    root: useRef(null),
    form: useRef(null),
    heading: useRef(null),
    username: useRef(null),
    password: useRef(null),
    vault: useRef(null),
    alert: useRef(null),
  };
  const focus = (target: LoginFormFocusTarget) => patch({ focus: { target } });

  const secondsLeft = Math.min(useCountdown(blocked?.until), blocked?.seconds ?? 0);
  const vaultChoice = vaults && vaults.length > 0 ? state.vault || undefined : vaultDns;

  useEffect(() => patch({ mounted: true }), []);
  // A parent that owns the field but gave no name is offered the last one too (WCAG 3.3.7).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the name known at mount; a session that ends later is handled below.
  useEffect(() => {
    if (usernameProp === '' && session.lastUsername) setUsername(session.lastUsername);
  }, []);

  // Layout effects: focus moves in the same frame as the view changes, before a screen
  // reader or a keystroke can land on the element that just went away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable; each request moves the focus once.
  useLayoutEffect(() => {
    if (!state.focus) return;
    (refs[state.focus.target].current ?? refs.alert.current)?.focus();
  }, [state.focus]);

  // Signed in: the view changes under the user's hands, so the focus goes to its heading,
  // unless the user has already moved on to something outside the form.
  const wasLive = useRef(live);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable.
  useLayoutEffect(() => {
    if (live && !wasLive.current) {
      const active = document.activeElement;
      if (!active || active === document.body || refs.root.current?.contains(active)) {
        refs.heading.current?.focus();
      }
    }
    // Back to the first step when the session ends under a mounted form, with the user
    // name the session kept (WCAG 3.3.7); none after "Sign out and forget me".
    if (wasLive.current && !live) {
      patch({ step: 'identifier', ...CLEARED, noticeDismissed: false });
      setUsername(session.lastUsername ?? '');
    }
    wasLive.current = live;
  }, [live, session.lastUsername, setUsername]);

  useEffect(() => {
    if (callback.status === 'error') patch({ focus: { target: 'alert' } });
  }, [callback.status]);
  // Back from a single sign-on that did not complete (cancelled or refused): the user name
  // typed before it is filled in again, so retrying is one "Continue" (WCAG 3.3.7).
  // Left with the Back button on a page loaded afresh: the user is taken back to the step
  // they left, the single sign-on one, with the focus on its heading, as after "Continue".
  // A name already in the field wins over one left behind. A form shown after a session
  // ended in this page resumes nothing: that sign-in completed (the name the session kept
  // is filled in, or none after "Sign out and forget me").
  const resumed = useRef(session.endReason !== undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page, with the field and attempt of that render
  useEffect(() => {
    const name = callback.username;
    if (name === undefined) return;
    if (callback.status === 'error') setUsername(name);
    else if (callback.status === 'idle' && !resumed.current) {
      resumed.current = true;
      if (username !== '' && username !== name) return;
      setUsername(name);
      void attempt(async () => {
        const answer = await discover(name);
        if (answer.authType !== 'sso') return;
        patch({
          identity: name,
          profiles: answer.profiles,
          ...CLEARED,
          step: 'sso',
          focus: { target: 'heading' },
        });
      });
    }
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

  // A setup error that kept this tab from asking the proxy for its session (no session
  // route, or a proxy not in BFF mode) is shown and reported before anyone signs in, as a
  // failed sign-in's is (and once: a failed sign-in's error is the session's too).
  const setupError = !live && session.error?.kind === 'config' ? session.error : undefined;
  const origin = globalThis.location?.origin;
  const failed = useRef<unknown>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fail reads the latest state through patch.
  useEffect(() => {
    if (setupError) fail(setupError);
  }, [setupError]);

  function fail(error: unknown): void {
    if (error === failed.current) return;
    failed.current = error;
    reportSetupError(error, origin);
    // Wrong passwords in a row for the user name on screen (the failures the password field
    // is blamed for); another name starts again.
    const misses = (state.misses?.name === identity ? state.misses.count : 0) + 1;
    const described = describeLoginError(error, t, { vaults, origin, failuresInARow: misses });
    if (!described) return;
    patch({
      misses: { name: identity, count: described.field === 'password' ? misses : misses - 1 },
      shown: described,
      focus: { target: described.field ?? 'alert' },
      ...(described.action === 'wait' && described.retryAfterSeconds !== undefined
        ? {
            blocked: {
              until: now() + described.retryAfterSeconds * 1_000,
              seconds: described.retryAfterSeconds,
            },
          }
        : {}),
    });
  }

  /** Runs one attempt at a time (B12), clearing what the last one left on screen. */
  async function attempt(run: () => Promise<void>): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    patch({ ...BEGIN, busy: true });
    try {
      await run();
    } catch (error) {
      fail(error);
    } finally {
      inFlight.current = false;
      patch({ busy: false });
    }
  }

  /** A check of the form's own: nothing is sent, and the field says why. */
  function missing(field: 'username' | 'password', message: string): Promise<void> {
    patch({
      ...BEGIN,
      shown: { message, field },
      focus: { target: field },
    });
    return Promise.resolve();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (inFlight.current) return;
    if (step === 'identifier') {
      // Surrounding spaces are never part of a user name; discovery trims them too, and both
      // calls must name the same user.
      const name = username.trim();
      if (name === '') return missing('username', t.usernameRequired);
      return attempt(async () => {
        const answer = await discover(name);
        patch({
          identity: name,
          profiles: answer.profiles,
          ...CLEARED,
          ...(answer.authType === 'sso'
            ? { step: 'sso', focus: { target: 'heading' } }
            : { step: 'password', focus: { target: 'password' } }),
        });
      });
    }
    const input = refs.password.current;
    if (secondsLeft > 0 || !input) return;
    // Exactly as typed: no trim, no normalisation (PWD-04); only emptiness is checked (PWD-05).
    const password = input.value;
    if (password === '') return missing('password', t.passwordRequired);
    return attempt(async () => {
      await login({ username: identity, password, vaultDns: vaultChoice }).catch((error) => {
        if (!isTransientError(error)) input.value = '';
        throw error;
      });
      input.value = '';
      patch({ misses: undefined });
      onSignedIn?.({ method: 'password' });
    });
  }

  const startSso = (profile: AuthProfile) =>
    attempt(async () => {
      await sso.startSso({
        profile,
        username: identity,
        ...(vaultChoice === undefined ? {} : { vaultDns: vaultChoice }),
        ...(returnTo === undefined ? {} : { returnTo }),
      });
      // Settles only when the user comes back from the provider with the Back button; until
      // the page is gone the buttons stay disabled. The pressed button lost the focus when
      // it was disabled: the restored step takes it, as on arrival.
      focus('heading');
    });

  const callbackError =
    callback.status === 'error' && !state.callbackDismissed
      ? describeLoginError(callback.error, t, { vaults, origin })
      : undefined;
  const current = shown ?? (step === 'identifier' ? callbackError : undefined);
  const view: LoginFormView = {
    step: live ? 'signed-in' : callback.status === 'processing' ? 'sso-callback' : step,
    messages: t,
    username,
    setUsername,
    identity,
    profiles: state.profiles,
    vaults,
    vault: state.vault,
    setVault: (dns) => patch({ vault: dns }),
    error: current && (state.mounted || current === shown) ? current : undefined,
    notice:
      state.mounted && step === 'identifier' && !state.noticeDismissed && session.endReason
        ? endNotice(session.endReason, t)
        : undefined,
    via: callback.via,
    pending: busy,
    countdown: blocked && { secondsLeft, totalSeconds: blocked.seconds },
    signedInAs: live ? session.user?.username : undefined,
    startSso,
    notYou() {
      if (inFlight.current) return;
      setUsername(identity);
      patch({ step: 'identifier', ...CLEARED, focus: { target: 'username' } });
    },
    retry() {
      refs.form.current?.requestSubmit();
    },
  };
  return loginFormGetters(view, useId(), refs, current?.field, (event) => void onSubmit(event));
}
