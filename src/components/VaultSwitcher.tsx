'use client';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { VaultInfo } from '../core/client/types';
import type { VaultApiError, VaultError } from '../core/errors';
import { enAccountMessages } from '../locales/en/enAccountMessages';
import { useVaultSwitch } from '../react/useVaultSwitch';
import { useVaultSession } from '../react/VaultSessionContext';
import type { RememberedUsers } from './createRememberedUsers';
import type { AccountMessages } from './i18n/AccountMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import { PasswordField } from './PasswordField';

/**
 * Props of {@link VaultSwitcher}. All optional.
 *
 * @example
 * ```tsx
 * const props: VaultSwitcherProps = { headingLevel: 2, onSwitched: () => navigate('/') };
 * ```
 */
export interface VaultSwitcherProps {
  /** Strings to replace; the rest come from `VaultMessagesProvider` or English. */
  messages?: Partial<AccountMessages> | undefined;
  /** Level of the open list's heading. Default 2. */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6 | undefined;
  /**
   * The names remembered on this browser (`createRememberedUsers`): the user who is signed
   * in is added to them, and the list offers "Sign out and forget me".
   */
  rememberedUsers?: RememberedUsers | undefined;
  /**
   * Called once a password switch has the session in the new vault: the place to drop an
   * app's own data of the old one. A switch by single sign-on loads the page afresh, which
   * then holds none.
   */
  onSwitched?: ((vault: VaultInfo) => void) | undefined;
  /** Added to the root element's classes (`vsk-root vsk-switcher`). */
  className?: string | undefined;
}

type Step = { readonly kind: 'closed' | 'list' } | { readonly kind: 'password'; vault: VaultInfo };

/**
 * The signed-in user's vaults, for the app's header: a button naming the vault the user is
 * in opens a list of the others, and choosing one moves the session there without signing
 * out. Password users then see only a password step, with their user name and the vault
 * already set, and "Stay in …" as the way back; SSO users go to their identity provider,
 * which returns at once while it still knows them. Acting for someone ends first (the list
 * says so). Where the user now is, is announced in every tab. Escape closes the list.
 * Renders nothing for a user with a single vault. Built on `useVaultSwitch`.
 *
 * @example
 * ```tsx
 * <header>
 *   <VaultSwitcher onSwitched={() => queryClient.removeQueries({ queryKey: ['documents'] })} />
 *   <SignOutButton />
 * </header>
 * ```
 */
export function VaultSwitcher({
  messages,
  headingLevel = 2,
  rememberedUsers,
  onSwitched,
  className,
}: VaultSwitcherProps): ReactNode {
  const t = useVaultMessages('account', enAccountMessages, messages);
  const { manager } = useVaultSession();
  const switcher = useVaultSwitch({ onSwitched });
  const { vaults, current, username, method, acting, pending, error } = switcher;
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [announcement, setAnnouncement] = useState('');
  const [missing, setMissing] = useState(false);
  const [ssoVault, setSsoVault] = useState<VaultInfo>();
  const ids = { panel: useId(), heading: useId(), error: useId(), username: useId() };
  const toggleRef = useRef<HTMLButtonElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // What Escape does in the current step: back to where the user was.
  const onEscape = useRef<() => void>(ignore);

  useEffect(() => rememberedUsers?.follow(manager), [rememberedUsers, manager]);

  // Wherever the session moved from (here, or a switch in another tab), the user hears
  // where they are now.
  const currentId = current?.id;
  const seen = useRef(currentId);
  useEffect(() => {
    if (seen.current !== undefined && currentId !== undefined && seen.current !== currentId) {
      setAnnouncement(t.switched({ vault: current?.name ?? '' }));
    }
    seen.current = currentId;
  }, [currentId, current?.name, t]);

  // Back from the identity provider after a single sign-on switch, on a page loaded afresh:
  // no vault change is seen here, so the switch itself says where the user now is.
  const { switchedTo } = switcher;
  useEffect(() => {
    if (switchedTo) setAnnouncement(t.switched({ vault: switchedTo.name }));
  }, [switchedTo, t]);

  // Escape inside the open switcher closes it (on the password step: cancels the switch).
  const open = step.kind !== 'closed';
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent): void => {
      const inside = event.target instanceof Node && rootRef.current?.contains(event.target);
      if (event.key !== 'Escape' || !inside || event.defaultPrevented) return;
      event.preventDefault();
      onEscape.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // The password step takes the focus when it opens.
  const stepKind = step.kind;
  useEffect(() => {
    if (stepKind === 'password') passwordRef.current?.focus();
  }, [stepKind]);

  if (!current || vaults.length < 2) return null;
  const currentName = current.name;

  const close = (): void => {
    setStep({ kind: 'closed' });
    setMissing(false);
    switcher.reset();
    toggleRef.current?.focus();
  };
  const cancel = (): void => {
    close();
    setAnnouncement(t.stayed({ current: currentName }));
  };
  const choose = (vault: VaultInfo): void => {
    switcher.reset();
    setMissing(false);
    if (method === 'sso') {
      setSsoVault(vault);
      setAnnouncement(t.redirecting({ vault: vault.name }));
      switcher.switchTo(vault).catch(ignore);
    } else setStep({ kind: 'password', vault });
  };
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (step.kind !== 'password' || pending) return;
    const input = passwordRef.current;
    // Exactly as typed; only emptiness is checked.
    const password = input?.value ?? '';
    if (password === '') {
      setMissing(true);
      input?.focus();
      return;
    }
    setMissing(false);
    switcher.switchTo(step.vault, password).then(
      () => {
        if (input) input.value = '';
        setStep({ kind: 'closed' });
        toggleRef.current?.focus();
      },
      () => {
        if (input) {
          input.value = '';
          input.focus();
        }
      },
    );
  };
  onEscape.current = step.kind === 'password' ? cancel : close;

  const Heading = `h${headingLevel}` as const;
  const target = step.kind === 'password' ? step.vault : undefined;
  const failure = target && error ? describe(error, t, target.name, currentName) : undefined;
  const message = missing ? t.passwordRequired : failure;

  return (
    <div
      className={['vsk-root', 'vsk-switcher', className].filter(Boolean).join(' ')}
      ref={rootRef}
      data-state={step.kind}
    >
      <button
        ref={toggleRef}
        type="button"
        className="vsk-button vsk-switcher__toggle"
        aria-expanded={step.kind !== 'closed'}
        aria-controls={ids.panel}
        aria-label={t.toggleLabel({ vault: currentName })}
        onClick={() => (step.kind === 'closed' ? setStep({ kind: 'list' }) : close())}
      >
        <bdi>{currentName}</bdi>
        <svg className="vsk-switcher__chevron" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" />
        </svg>
      </button>
      <div id={ids.panel} className="vsk-switcher__panel" hidden={step.kind === 'closed'}>
        {step.kind === 'list' ? (
          <>
            <Heading id={ids.heading} className="vsk-switcher__heading">
              {t.switchVault}
            </Heading>
            {acting ? <p className="vsk-switcher__notice">{t.actingNotice}</p> : null}
            <ul ref={listRef} className="vsk-switcher__list" aria-labelledby={ids.heading}>
              {vaults.map((vault) => (
                <li key={vault.id} className="vsk-switcher__item">
                  {vault.id === current.id ? (
                    <span className="vsk-switcher__current" aria-current="true">
                      <bdi>{vault.name}</bdi>
                      <span className="vsk-switcher__badge">{t.currentVault}</span>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="vsk-switcher__choice"
                      aria-label={t.switchToLabel({ vault: vault.name })}
                      disabled={pending}
                      onClick={() => choose(vault)}
                    >
                      <bdi>{vault.name}</bdi>
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {ssoVault && error ? (
              <p className="vsk-switcher__error" role="alert">
                {describe(error, t, ssoVault.name, currentName)}
              </p>
            ) : null}
            {rememberedUsers && username ? (
              <button
                type="button"
                className="vsk-button vsk-switcher__forget"
                data-variant="secondary"
                onClick={() => {
                  // Every tab is told before the name leaves the list, so that none of them
                  // remembers it again on its way out.
                  const signedOut = manager.signOut({ forget: true });
                  rememberedUsers.forget(username);
                  void signedOut;
                }}
              >
                {t.signOutAndForget}
              </button>
            ) : null}
          </>
        ) : target ? (
          <form
            className="vsk-switcher__form"
            aria-labelledby={ids.heading}
            noValidate
            onSubmit={submit}
          >
            <Heading id={ids.heading} className="vsk-switcher__heading">
              {t.passwordHeading({ vault: target.name })}
            </Heading>
            <p className="vsk-switcher__intro">
              {t.passwordIntro({ vault: target.name, user: username ?? '' })}
            </p>
            {acting ? <p className="vsk-switcher__notice">{t.actingNotice}</p> : null}
            <div className="vsk-switcher__field">
              <label className="vsk-login__label" htmlFor={ids.username}>
                {t.usernameLabel}
              </label>
              <input
                id={ids.username}
                className="vsk-login__input"
                name="username"
                type="text"
                autoComplete="username"
                value={username ?? ''}
                readOnly
              />
            </div>
            <PasswordField
              label={t.passwordLabel}
              showPasswordLabel={t.showPassword}
              hidePasswordLabel={t.hidePassword}
              inputRef={passwordRef}
              describedBy={message ? ids.error : undefined}
              invalid={message !== undefined}
              required
            />
            <p id={ids.error} className="vsk-switcher__error" role="alert">
              {message}
            </p>
            <div className="vsk-switcher__actions">
              <button
                type="submit"
                className="vsk-button"
                data-variant="primary"
                aria-disabled={pending || undefined}
              >
                {pending ? t.switching({ vault: target.name }) : t.submit}
              </button>
              <button
                type="button"
                className="vsk-button"
                data-variant="secondary"
                onClick={cancel}
              >
                {t.cancel({ current: currentName })}
              </button>
            </div>
          </form>
        ) : null}
      </div>
      <p role="status" className="vsk-visually-hidden">
        {announcement}
      </p>
    </div>
  );
}

function describe(error: VaultError, t: AccountMessages, vault: string, current: string): string {
  if (error.kind === 'api') {
    const { type } = error as VaultApiError;
    if (type === 'USERNAME_OR_PASSWORD_INCORRECT') return t.wrongPassword({ current });
    if (type === 'INSUFFICIENT_ACCESS' || type === 'INACTIVE_USER') {
      return t.notAvailable({ vault, current });
    }
  }
  if (error.kind === 'dns-mismatch') return t.notAvailable({ vault, current });
  return t.failed({ vault, current });
}

function ignore(): void {}
