import { type ReactNode, useId } from 'react';
import { useDemoLanguage } from './DemoLanguageProvider';
import { DEMO_LANGUAGES } from './demoLanguages';

/**
 * A labelled list of the kit's languages; picking one switches the demo and the kit's
 * components at once, page direction included. Each language is named in itself, and marked with its own
 * `lang` so that screen readers pronounce it.
 *
 * @example
 * ```tsx
 * <footer><LanguageSwitch /></footer>
 * ```
 */
export function LanguageSwitch(): ReactNode {
  const id = useId();
  const { language, chooseLanguage } = useDemoLanguage();
  return (
    // The footer's own rules space its paragraphs; this one only adds room above.
    <p className="demo-footer__language" style={{ marginBlockStart: '0.5rem' }}>
      <label htmlFor={id}>{language.demo.footer.language}</label>{' '}
      <select id={id} value={language.tag} onChange={(event) => chooseLanguage(event.target.value)}>
        {DEMO_LANGUAGES.map((option) => (
          <option key={option.tag} value={option.tag} lang={option.tag}>
            {option.name}
          </option>
        ))}
      </select>
    </p>
  );
}
