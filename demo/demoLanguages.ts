import type { VaultMessages } from '../src/index';
import { arMessages } from '../src/locales/ar';
import { deMessages } from '../src/locales/de';
import { enMessages } from '../src/locales/en';
import { esMessages } from '../src/locales/es';
import { frMessages } from '../src/locales/fr';
import { jaMessages } from '../src/locales/ja';
import { type DemoMessages, enDemoMessages } from './demoMessages';
import { arDemoMessages } from './locales/arDemoMessages';
import { deDemoMessages } from './locales/deDemoMessages';
import { esDemoMessages } from './locales/esDemoMessages';
import { frDemoMessages } from './locales/frDemoMessages';
import { jaDemoMessages } from './locales/jaDemoMessages';

/**
 * One language the demo speaks: its BCP 47 tag, its name in itself (as a language switch
 * lists it), its writing direction, the kit's catalogue and the demo's own.
 *
 * @example
 * ```ts
 * const arabic: DemoLanguage = {
 *   tag: 'ar',
 *   name: 'العربية',
 *   dir: 'rtl',
 *   messages: arMessages,
 *   demo: arDemoMessages,
 * };
 * ```
 */
export interface DemoLanguage {
  readonly tag: string;
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
  readonly messages: VaultMessages;
  readonly demo: DemoMessages;
}

/**
 * Every language the kit ships, English first (the kit's own default).
 *
 * @example
 * ```tsx
 * DEMO_LANGUAGES.map((language) => <option key={language.tag}>{language.name}</option>);
 * ```
 */
export const DEMO_LANGUAGES: readonly DemoLanguage[] = [
  { tag: 'en', name: 'English', dir: 'ltr', messages: enMessages, demo: enDemoMessages },
  { tag: 'de', name: 'Deutsch', dir: 'ltr', messages: deMessages, demo: deDemoMessages },
  { tag: 'fr', name: 'Français', dir: 'ltr', messages: frMessages, demo: frDemoMessages },
  { tag: 'es', name: 'Español', dir: 'ltr', messages: esMessages, demo: esDemoMessages },
  { tag: 'ja', name: '日本語', dir: 'ltr', messages: jaMessages, demo: jaDemoMessages },
  { tag: 'ar', name: 'العربية', dir: 'rtl', messages: arMessages, demo: arDemoMessages },
];

/**
 * The language the demo starts in: the one the user chose before (`stored`) if the kit
 * still has it, else the first of the browser's languages (`navigator.languages`, most
 * preferred first) the kit has, matched on the language alone (`fr-CA` is `fr`), else
 * English.
 *
 * @example
 * ```ts
 * pickDemoLanguage(['fr-FR', 'en-US'], null).tag; // 'fr'
 * pickDemoLanguage(['fr-FR'], 'ar').tag; // 'ar': an explicit choice wins
 * ```
 */
export function pickDemoLanguage(
  preferred: readonly string[],
  stored: string | null,
): DemoLanguage {
  const byTag = (tag: string) => DEMO_LANGUAGES.find((language) => language.tag === tag);
  const chosen = stored === null ? undefined : byTag(stored);
  if (chosen) return chosen;
  for (const tag of preferred) {
    const match = byTag(tag.toLowerCase().split('-')[0] ?? '');
    if (match) return match;
  }
  return DEMO_LANGUAGES[0] as DemoLanguage;
}

/**
 * Where the demo remembers the language the user picked: a preference, not session data.
 *
 * @example
 * ```ts
 * localStorage.setItem(STORED_LANGUAGE_KEY, 'ar');
 * ```
 */
export const STORED_LANGUAGE_KEY = 'vault-docs-language';

/**
 * The language the user picked before, or `null`. Storage can be switched off or full
 * (private windows, strict settings); the demo then simply follows the browser's languages.
 *
 * @example
 * ```ts
 * pickDemoLanguage(navigator.languages, readStoredDemoLanguage());
 * ```
 */
export function readStoredDemoLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORED_LANGUAGE_KEY);
  } catch {
    return null;
  }
}
