import * as v from 'valibot';
import { SSO_STATE_PREFIX, ssoStateData } from './ssoStateData';

/**
 * The user name of the latest single sign-on this tab left for and never came back from
 * with an answer: the user pressed Back at the identity provider and the page was loaded
 * afresh (no back-forward cache). A login form fills it in again (WCAG 3.3.7). Reads the
 * sign-in state entries without oidc-client-ts, so the password path stays free of it;
 * `undefined` when there is none or the storage cannot be read.
 *
 * @example
 * ```ts
 * const username = findPendingSsoUsername() ?? '';
 * ```
 */
export function findPendingSsoUsername(
  storage: Storage | undefined = globalThis.sessionStorage,
): string | undefined {
  let latest: { username: string; created: number } | undefined;
  try {
    if (storage === undefined) return undefined;
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key?.startsWith(SSO_STATE_PREFIX)) continue;
      const entry = parseEntry(storage.getItem(key));
      if (entry && (!latest || entry.created >= latest.created)) latest = entry;
    }
  } catch {
    // Storage that throws (blocked by the browser) has nothing to offer.
    return undefined;
  }
  return latest?.username;
}

function parseEntry(text: string | null): { username: string; created: number } | undefined {
  if (text === null) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { data, created } = stored as { data?: unknown; created?: unknown };
  const parsed = v.safeParse(ssoStateData, data);
  return parsed.success
    ? { username: parsed.output.username, created: typeof created === 'number' ? created : 0 }
    : undefined;
}
