import type { workshopViewports } from '../../.storybook/workshopViewports';

/**
 * A story's `globals` for one of the workshop's viewports, so the toolbar shows it at that
 * size. The story also carries the tag `viewport:<name>`, written out (Storybook reads tags
 * from the source), from which the browser test sizes its page.
 *
 * @example
 * ```ts
 * export const Narrow = { ...Delegated, ...atViewport('narrow375'), tags: ['viewport:narrow375'] };
 * ```
 */
export function atViewport(name: keyof typeof workshopViewports) {
  return { globals: { viewport: { value: name, isRotated: false } } };
}
