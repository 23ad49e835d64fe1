// The kit's stylesheets as text, so the workshop can switch them off entirely for the
// "unstyled" theme: the components must stay usable with no kit CSS at all.
const sheets = import.meta.glob<string>('../src/components/styles/*.css', {
  query: '?inline',
  import: 'default',
  eager: true,
});

const THEME_SHEET = '../src/components/styles/theme.css';
// theme.css declares the variables and base rules the area files build on, so it leads.
const kitCss = [
  THEME_SHEET,
  ...Object.keys(sheets)
    .filter((path) => path !== THEME_SHEET)
    .sort(),
]
  .map((path) => sheets[path] ?? '')
  .join('\n');

let element: HTMLStyleElement | undefined;

/**
 * Loads the kit's CSS into the preview document, or takes it out (`enabled: false`).
 *
 * @example
 * ```ts
 * applyKitStyles(globals.theme !== 'unstyled');
 * ```
 */
export function applyKitStyles(enabled: boolean): void {
  if (!element) {
    element = document.createElement('style');
    element.dataset.vskKitStyles = '';
    element.textContent = kitCss;
    document.head.append(element);
  }
  element.media = enabled ? 'all' : 'not all';
}
