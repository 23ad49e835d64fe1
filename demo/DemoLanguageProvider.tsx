import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { VaultMessagesProvider } from '../src/index';
import {
  DEMO_LANGUAGES,
  type DemoLanguage,
  pickDemoLanguage,
  readStoredDemoLanguage,
  STORED_LANGUAGE_KEY,
} from './demoLanguages';

interface DemoLanguageState {
  readonly language: DemoLanguage;
  readonly chooseLanguage: (tag: string) => void;
}

const DemoLanguageContext = createContext<DemoLanguageState | undefined>(undefined);

function storeLanguage(tag: string): void {
  try {
    window.localStorage.setItem(STORED_LANGUAGE_KEY, tag);
  } catch {
    // Not remembered; the choice still holds for this page.
  }
}

/**
 * The language of the demo and the kit's components in it: the one chosen before, else the
 * first of the browser's languages the kit has, else English. It gives the page its `lang` and
 * `dir`, hands the kit's catalogue to a `VaultMessagesProvider`, and lets a switch below it
 * change the language (remembered in localStorage).
 *
 * @example
 * ```tsx
 * <DemoLanguageProvider>
 *   <App />
 * </DemoLanguageProvider>
 * ```
 */
export function DemoLanguageProvider({ children }: { children?: ReactNode }): ReactNode {
  const [language, setLanguage] = useState(() =>
    pickDemoLanguage(navigator.languages ?? [navigator.language], readStoredDemoLanguage()),
  );

  // Dialogs render into document.body, outside the app's tree, so the page itself carries
  // the language and the direction; before paint, so no frame shows the old direction.
  useLayoutEffect(() => {
    document.documentElement.lang = language.tag;
    document.documentElement.dir = language.dir;
  }, [language]);

  const chooseLanguage = useCallback((tag: string) => {
    const next = DEMO_LANGUAGES.find((candidate) => candidate.tag === tag);
    if (!next) throw new Error(`The kit has no "${tag}" messages.`);
    storeLanguage(next.tag);
    setLanguage(next);
  }, []);

  const state = useMemo(() => ({ language, chooseLanguage }), [language, chooseLanguage]);
  return (
    <DemoLanguageContext.Provider value={state}>
      <VaultMessagesProvider messages={language.messages}>{children}</VaultMessagesProvider>
    </DemoLanguageContext.Provider>
  );
}

/**
 * The demo's current language and the way to change it, from the nearest
 * {@link DemoLanguageProvider}.
 *
 * @example
 * ```tsx
 * const { language, chooseLanguage } = useDemoLanguage();
 * chooseLanguage('ar');
 * ```
 */
export function useDemoLanguage(): DemoLanguageState {
  const state = useContext(DemoLanguageContext);
  if (!state) throw new Error('useDemoLanguage() needs a <DemoLanguageProvider> above it.');
  return state;
}
