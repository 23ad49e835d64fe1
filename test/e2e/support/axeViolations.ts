import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The axe tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA: the level every screen and
 * story of the kit is held to (A11Y-01).
 *
 * @example
 * ```ts
 * const results = await new AxeBuilder({ page }).withTags([...AXE_TAGS]).analyze();
 * ```
 */
export const AXE_TAGS: readonly string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe with {@link AXE_TAGS} on the page as it is now and returns one line per
 * violation: the `state` it was found in, the rule ID and the elements it hit. An empty
 * list means a clean page, so tests collect the lines of several states and compare the
 * lot with `[]`, which prints every violation at once when it fails.
 *
 * A page without frames is checked in place (axe's "legacy" mode: the same rules on the same
 * document, without the blank page the frame walk opens to merge frame results, which costs
 * a second page's start on every call). A page with frames gets the full frame walk. The
 * page must belong to a context from `browser.newContext()`, as @axe-core/playwright
 * requires.
 *
 * @example
 * ```ts
 * expect(await axeViolations(page, 'password step')).toEqual([]);
 * ```
 */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags([...AXE_TAGS])
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return results.violations.map(
    (violation) =>
      `${state}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
