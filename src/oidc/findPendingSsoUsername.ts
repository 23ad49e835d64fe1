/**
 * Prefix of the sign-in state entries in session storage (oidc-client-ts' own default).
 */
export const SSO_STATE_PREFIX = 'oidc.';

/**
 * The user name of the latest single sign-on this tab left for and never came back from
 * with an answer: the user pressed Back at the identity provider and the page was loaded
 * afresh (no back-forward cache). A login form fills it in again (WCAG 3.3.7). Reads the
 * sign-in state entries without oidc-client-ts, so the password path stays free of it;
 * `undefined` when there is none or the storage cannot be read.
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
  let stored: { data?: { v?: unknown; username?: unknown }; created?: unknown } | null;
  try {
    stored = JSON.parse(text);
  } catch {
    return undefined;
  }
  // Checked by hand rather than with the state's schema: this runs on every login page, and
  // only the user name is taken, as text for a field the user can still change.
  const username = stored?.data?.username;
  return stored?.data?.v === 1 && typeof username === 'string' && username !== ''
    ? { username, created: typeof stored.created === 'number' ? stored.created : 0 }
    : undefined;
}
