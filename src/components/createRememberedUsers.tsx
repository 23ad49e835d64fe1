'use client';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState, useSyncExternalStore } from 'react';
import { createEmitter } from '../core/createEmitter';
import type { SessionManager } from '../core/session/SessionManager';
import { isLiveStatus } from '../core/session/sessionReducer';
import type { StorageAdapter } from '../core/session/types';
import { enAccountMessages } from '../locales/en/enAccountMessages';
import { discoveryQueryOptions } from '../react/discoveryQueryOptions';
import { isPlausibleUsername } from '../react/isPlausibleUsername';
import { useVaultSession } from '../react/VaultSessionContext';
import type { AccountMessages } from './i18n/AccountMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import type { UseLoginFormResult } from './UseLoginFormResult';

const DEFAULT_KEY = 'vault-session-kit.remembered-users';
const DEFAULT_MAX = 3;
const DEFAULT_MAX_AGE_MS = 30 * 24 * 3_600_000;
const MAX_NAME_LENGTH = 254;

/**
 * Settings of {@link createRememberedUsers}.
 *
 * @example
 * ```ts
 * const options: RememberedUsersOptions = { storage: localStorage, max: 3 };
 * ```
 */
export interface RememberedUsersOptions {
  /**
   * Where the names are kept: `localStorage` to offer them on the next visit, which the
   * user clears with the browser's site data, or any store of the same shape.
   */
  readonly storage: StorageAdapter;
  /** Storage key. Default `vault-session-kit.remembered-users`. */
  readonly key?: string | undefined;
  /** How many names are kept, the most recent first. Default 3. */
  readonly max?: number | undefined;
  /** How long a name is kept after its last sign-in. Default 30 days. */
  readonly maxAgeMs?: number | undefined;
  /** The clock, in epoch ms. Default `Date.now`. */
  readonly now?: (() => number) | undefined;
}

/**
 * Props of {@link RememberedUsers.Choices}.
 *
 * @example
 * ```tsx
 * const props: RememberedUsersChoicesProps = { form: useLoginForm() };
 * ```
 */
export interface RememberedUsersChoicesProps {
  /**
   * The login form the list belongs to: a chosen name goes into its user name field, which
   * then takes the focus (as it does when the last name is removed).
   */
  readonly form: Pick<UseLoginFormResult, 'setUsername' | 'ids'>;
  readonly messages?: Partial<AccountMessages> | undefined;
}

/**
 * The user names last signed in on this browser: names only, never a password or anything
 * of a session. Give it to `LoginForm` (`rememberedUsers`) to offer them on the first step,
 * and to `VaultSwitcher` to offer "Sign out and forget me".
 *
 * @example
 * ```ts
 * const rememberedUsers: RememberedUsers = createRememberedUsers({ storage: localStorage });
 * const names: readonly string[] = rememberedUsers.list();
 * ```
 */
export interface RememberedUsers {
  /** The names, the most recently signed in first. */
  list(): readonly string[];
  /** Puts `username` first (a sign-in just succeeded). Names that are not user names are ignored. */
  remember(username: string): void;
  /** Removes `username` from the list. */
  forget(username: string): void;
  /** Removes every name. */
  clear(): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Remembers each user who signs in to `manager`'s session from now on; returns the
   * function that stops it.
   */
  follow(manager: Pick<SessionManager, 'getSnapshot' | 'subscribe'>): () => void;
  /** The list the login form shows: a button per name, each with its own "remove". */
  readonly Choices: (props: RememberedUsersChoicesProps) => ReactNode;
}

interface Entry {
  readonly name: string;
  readonly at: number;
}

/**
 * Creates the opt-in memory of user names for the login form: after each sign-in the name
 * is put first, at most `max` are kept, each for `maxAgeMs` after its last sign-in, and
 * only names (never a password, a session or a vault). An app that does not call it ships
 * none of it. A store that cannot be read or written (private browsing, blocked storage)
 * leaves the list empty and the sign-in unaffected.
 *
 * @example
 * ```tsx
 * const rememberedUsers = createRememberedUsers({ storage: localStorage });
 *
 * <>
 *   <LoginForm rememberedUsers={rememberedUsers} />
 *   <VaultSwitcher rememberedUsers={rememberedUsers} />
 * </>;
 * ```
 */
export function createRememberedUsers(options: RememberedUsersOptions): RememberedUsers {
  const { storage, key = DEFAULT_KEY, max = DEFAULT_MAX, maxAgeMs = DEFAULT_MAX_AGE_MS } = options;
  const now = options.now ?? (() => Date.now());
  const changed = createEmitter();
  let cached: readonly string[] | undefined;

  function read(): readonly Entry[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(storage.getItem(key) ?? '[]');
    } catch {
      // Unreadable (blocked storage) or not ours: nothing to offer.
      return [];
    }
    if (!Array.isArray(parsed)) return [];
    const oldest = now() - maxAgeMs;
    return parsed
      .filter(
        (entry): entry is Entry =>
          typeof entry?.name === 'string' &&
          isName(entry.name) &&
          typeof entry.at === 'number' &&
          entry.at > oldest,
      )
      .slice(0, max);
  }

  function write(entries: readonly Entry[]): void {
    try {
      if (entries.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(entries.map(({ name, at }) => ({ name, at }))));
    } catch {
      // A store that refuses (quota, blocked) only means the names are not offered next time.
    }
    changed.emit();
  }

  const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

  const store: RememberedUsers = {
    list() {
      const names = read().map((entry) => entry.name);
      // The same array until the names change, as useSyncExternalStore needs.
      if (!cached || names.join('\n') !== cached.join('\n')) cached = names;
      return cached;
    },
    remember(username) {
      const name = username.trim();
      if (!isName(name)) return;
      const rest = read().filter((entry) => !same(entry.name, name));
      write([{ name, at: now() }, ...rest].slice(0, max));
    },
    forget(username) {
      write(read().filter((entry) => !same(entry.name, username.trim())));
    },
    clear() {
      write([]);
    },
    subscribe(listener) {
      const off = changed.on(listener);
      // Another tab changed the list ("Sign out and forget me" there): a store of the Web
      // Storage kind says so with an event, which may come after the tabs' own messages.
      const onStorage = (event: { key: string | null }): void => {
        if (event.key === key || event.key === null) listener();
      };
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        off();
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
    follow(manager) {
      // Once per session: a tab that only hears of its session later (a keep-alive, a
      // clock check) must not put back a name another tab has just been told to forget.
      let seen: unknown;
      let seenUser: string | undefined;
      const check = (): void => {
        const { user, status, startedAt, lastUsername } = manager.getSnapshot();
        const name = user !== undefined && isLiveStatus(status) ? user.username : undefined;
        const session = name === undefined ? undefined : `${name}\n${startedAt}`;
        if (name !== undefined && session !== seen) store.remember(name);
        // A session that ended with "Sign out and forget me", here or in another tab, leaves
        // no name to fill in: each tab then forgets it by its own hand, since another tab's
        // write may reach its view of the store late (Firefox), or with no storage event.
        else if (name === undefined && seenUser !== undefined && lastUsername === undefined) {
          store.forget(seenUser);
        }
        seen = session;
        seenUser = name;
      };
      check();
      return manager.subscribe(check);
    },
    Choices: (props) => <RememberedUserChoices {...props} store={store} />,
  };
  return store;
}

function isName(name: string): boolean {
  return name.length <= MAX_NAME_LENGTH && isPlausibleUsername(name);
}

function RememberedUserChoices({
  store,
  form,
  messages,
}: RememberedUsersChoicesProps & { store: RememberedUsers }): ReactNode {
  const t = useVaultMessages('account', enAccountMessages, messages);
  const names = useSyncExternalStore(store.subscribe, store.list, store.list);
  const { client } = useVaultSession();
  const queryClient = useQueryClient();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [announcement, setAnnouncement] = useState('');

  // The keyboard continues in the user name field, one Enter away from "Continue".
  const focusField = (): void => document.getElementById(form.ids.username)?.focus();
  const choose = (name: string): void => {
    // Asked now, so "Continue" finds the answer in the cache.
    void queryClient.prefetchQuery(discoveryQueryOptions(client, name));
    form.setUsername(name);
    focusField();
  };
  const forget = (name: string, index: number): void => {
    store.forget(name);
    setAnnouncement(t.forgotten({ user: name }));
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-choice]');
    // The focus goes to the next name (or the one before the last); none left, to the caller.
    const next = buttons?.[index + 1] ?? buttons?.[index - 1];
    if (next) next.focus();
    else focusField();
  };

  return (
    <div className="vsk-remembered">
      <p role="status" className="vsk-visually-hidden">
        {announcement}
      </p>
      {names.length > 0 ? (
        <>
          <p id={headingId} className="vsk-remembered__heading">
            {t.rememberedHeading}
          </p>
          <ul ref={listRef} className="vsk-remembered__list" aria-labelledby={headingId}>
            {names.map((name, index) => (
              <li key={name} className="vsk-remembered__item">
                <button
                  type="button"
                  data-choice=""
                  className="vsk-remembered__choose"
                  aria-label={t.continueAs({ user: name })}
                  onClick={() => choose(name)}
                >
                  <bdi>{name}</bdi>
                </button>
                <button
                  type="button"
                  className="vsk-remembered__forget"
                  aria-label={t.forgetLabel({ user: name })}
                  onClick={() => forget(name, index)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
