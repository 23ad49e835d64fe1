import type { Decorator } from '@storybook/react-vite';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect, useLayoutEffect } from 'react';
import { VaultMessagesProvider } from '../src/components/i18n/VaultMessagesContext';
import { SessionProvider } from '../src/react/SessionProvider';
import { readStoryVault } from '../stories/support/readStoryVault';
import { workshopLocales, workshopMessages } from '../stories/support/workshopMessages';
import { applyKitStyles } from './applyKitStyles';
import { markStoryReady, READY_ATTRIBUTE } from './demoVaultStatus';

/**
 * The workshop's toolbar settings, as `globals`.
 *
 * - `theme`: `system` follows `prefers-color-scheme`; `light` / `dark` set
 *   `data-vsk-theme`; `unstyled` takes every kit stylesheet out of the page.
 * - `locale`: the kit's messages in English or one of its catalogues (and the page's `lang`).
 * - `dir`: `auto` takes the language's own direction (right to left for Arabic); `ltr` and
 *   `rtl` force one, to see any language laid out the other way.
 * - `strictMode`: `on` renders the story inside `<StrictMode>` (double effects).
 *
 * @example
 * ```ts
 * const globals: WorkshopGlobals = { theme: 'dark', locale: 'ar', dir: 'auto', strictMode: 'on' };
 * ```
 */
export interface WorkshopGlobals {
  readonly theme: 'system' | 'light' | 'dark' | 'unstyled';
  readonly locale: keyof typeof workshopLocales;
  readonly dir: 'auto' | 'ltr' | 'rtl';
  readonly strictMode: 'on' | 'off';
}

/**
 * Default toolbar settings: the system theme, English in its own direction, StrictMode on.
 *
 * @example
 * ```ts
 * const preview = { initialGlobals: { ...defaultWorkshopGlobals } };
 * ```
 */
export const defaultWorkshopGlobals: WorkshopGlobals = {
  theme: 'system',
  locale: 'en',
  dir: 'auto',
  strictMode: 'on',
};

/**
 * Renders every story the way an application would: inside a `SessionProvider` holding
 * the story's own session (signed in for real by the story's `beforeEach` when needed),
 * under the messages, theme, direction and StrictMode chosen in the toolbar. The provider
 * is keyed by the story vault, so a re-render that made a fresh vault starts clean.
 *
 * @example
 * ```ts
 * const preview: Preview = { decorators: [withWorkshop] };
 * ```
 */
export const withWorkshop: Decorator = (Story, context) => {
  const vault = readStoryVault(context);
  const globals = readGlobals(context.globals);
  const tree = (
    <WorkshopFrame globals={globals} storyId={context.id}>
      <VaultMessagesProvider messages={workshopMessages(globals.locale)}>
        <SessionProvider key={vault.id} session={vault.session}>
          <Story />
          <ReadyWhenSettled
            storyId={context.id}
            holdsRequests={context.parameters.msw !== undefined}
          />
        </SessionProvider>
      </VaultMessagesProvider>
    </WorkshopFrame>
  );
  return globals.strictMode === 'on' ? <StrictMode>{tree}</StrictMode> : tree;
};

function WorkshopFrame({
  globals,
  storyId,
  children,
}: {
  globals: WorkshopGlobals;
  storyId: string;
  children: ReactNode;
}) {
  const { theme, locale } = globals;
  const dir = globals.dir === 'auto' ? languageDirection(locale) : globals.dir;
  const forcedTheme = theme === 'light' || theme === 'dark' ? theme : undefined;

  // Dialogs render into document.body, outside this frame, so the page itself carries the
  // language, direction and theme too, as it would in an application.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const previous = { lang: root.lang, dir: root.dir };
    root.lang = locale;
    root.dir = dir;
    if (forcedTheme) root.dataset.vskTheme = forcedTheme;
    else delete root.dataset.vskTheme;
    applyKitStyles(theme !== 'unstyled');
    return () => {
      root.lang = previous.lang;
      root.dir = previous.dir;
      delete root.dataset.vskTheme;
    };
  }, [theme, forcedTheme, locale, dir]);

  return (
    <div
      className="vsk-root vsk-workshop"
      lang={locale}
      dir={dir}
      data-vsk-theme={forcedTheme}
      data-vsk-story={storyId}
    >
      {children}
    </div>
  );
}

/**
 * Marks the story ready once it has rendered (the loaders and `beforeEach` are done: the
 * emulator answers and the session is set up) and the requests it makes by itself have
 * settled, so that axe looks at what the story shows rather than its first loading frame.
 * A story that holds or fails requests on purpose (its own `msw` handlers) is ready once
 * rendered. Runs after the story's own effects, which start its queries.
 */
function ReadyWhenSettled({ storyId, holdsRequests }: { storyId: string; holdsRequests: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const caches = [queryClient.getQueryCache(), queryClient.getMutationCache()];
    const unsubscribes: (() => void)[] = [];
    const settle = () => {
      if (!holdsRequests && queryClient.isFetching() + queryClient.isMutating() > 0) return;
      markStoryReady(storyId);
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    };
    for (const cache of caches) unsubscribes.push(cache.subscribe(settle));
    settle();
    return () => {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      document.documentElement.removeAttribute(READY_ATTRIBUTE);
    };
  }, [queryClient, storyId, holdsRequests]);
  return null;
}

function readGlobals(globals: Record<string, unknown>): WorkshopGlobals {
  const pick = <K extends keyof WorkshopGlobals>(key: K, allowed: readonly WorkshopGlobals[K][]) =>
    allowed.find((value) => value === globals[key]) ?? defaultWorkshopGlobals[key];
  return {
    theme: pick('theme', ['system', 'light', 'dark', 'unstyled']),
    locale: pick('locale', Object.keys(workshopLocales) as (keyof typeof workshopLocales)[]),
    dir: pick('dir', ['auto', 'ltr', 'rtl']),
    strictMode: pick('strictMode', ['on', 'off']),
  };
}

// Of the kit's languages, Arabic alone is written right to left.
function languageDirection(locale: WorkshopGlobals['locale']): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}
