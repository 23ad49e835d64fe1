import type { BrowserContext } from 'playwright-core';
import { createSessionSealer } from '../../../src/proxy/createSessionSealer';
import type { DevServer } from './startDevServer';

/**
 * The vault session IDs a browser context holds in the proxy's BFF cookies, opened with
 * the dev server's secrets: what a test compares with everything a page could see. The
 * cookies are `HttpOnly`, so only the browser's cookie store (not the page) gives them.
 *
 * @example
 * ```ts
 * const { own } = await sealedSessionIds(context, demo.dev);
 * expect(JSON.stringify(responses)).not.toContain(own);
 * ```
 */
export async function sealedSessionIds(
  context: BrowserContext,
  dev: DevServer,
): Promise<{ own: string | undefined; delegated: string | undefined }> {
  if (!dev.sessionSecrets) throw new Error('The dev server runs in token mode.');
  const sealer = createSessionSealer(dev.sessionSecrets);
  const cookies = await context.cookies(dev.url);
  const open = async (name: string): Promise<string | undefined> => {
    const value = cookies.find((cookie) => cookie.name === name)?.value;
    return value === undefined ? undefined : (await sealer.open(value))?.sid;
  };
  return {
    own: await open('__Host-vault-session'),
    delegated: await open('__Host-vault-delegated'),
  };
}
