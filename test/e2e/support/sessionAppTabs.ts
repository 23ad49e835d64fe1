import type { Page } from 'playwright-core';

/**
 * What the session fixture app shows of its keep-alive (its `keep-alive` test ID's data
 * attributes): the scheduler's status, whether this tab leads, and the times it knows.
 *
 * @example
 * ```ts
 * const view: KeepAliveView = await keepAliveOf(page);
 * ```
 */
export interface KeepAliveView {
  readonly status: string | undefined;
  readonly leader: boolean;
  readonly lastSent: string | undefined;
  readonly lastActivity: string | undefined;
}

/**
 * Reads one tab's keep-alive state from the session fixture app.
 *
 * @example
 * ```ts
 * const { leader } = await keepAliveOf(page);
 * ```
 */
export function keepAliveOf(page: Page): Promise<KeepAliveView> {
  return page.getByTestId('keep-alive').evaluate((element) => {
    const data = (element as HTMLElement).dataset;
    return {
      status: data.status,
      leader: data.leader === 'true',
      lastSent: data.lastSent,
      lastActivity: data.lastActivity,
    };
  });
}

/**
 * One more round trip from every tab. A request a tab started earlier reaches a context's
 * request log before this one completes, so counting afterwards sees it.
 *
 * @example
 * ```ts
 * await settleTabs(tabs);
 * const sent = log.count('POST', /\/keep-alive$/);
 * ```
 */
export async function settleTabs(tabs: readonly Page[]): Promise<void> {
  await Promise.all(tabs.map((tab) => tab.evaluate(() => fetch('/api').then((r) => r.status))));
}
