/**
 * Query parameters a vault's web tab is commonly set up to carry the session ID in (the tab's
 * URL option, `${Session.id}`), read without regard to case.
 */
const SESSION_PARAMETERS = new Set(['session_id', 'sessionid', 'session', 'sid', 'vault_session']);

/**
 * A page address without any session ID a vault's web tab put in it, or `undefined` when it
 * holds none. A session ID in a URL is a credential in the history, the logs of every server
 * on the way and the `Referer` of the next request: the kit never uses it.
 */
export function scrubUrlSession(href: string): string | undefined {
  const url = new URL(href);
  let found = false;
  for (const name of [...url.searchParams.keys()]) {
    if (SESSION_PARAMETERS.has(name.toLowerCase())) {
      url.searchParams.delete(name);
      found = true;
    }
  }
  return found ? url.href : undefined;
}
