/**
 * A story `beforeEach` that puts the identity provider's answer (`code` and `state`, or an
 * `error`) into the preview's address, as when the provider sends the browser back to the
 * redirect URI, and takes it out again when the story is left. Pair it with a session
 * whose `sso.redirectUri` is the preview page itself ({@link previewRedirectUri}).
 *
 * @example
 * ```ts
 * export const Cancelled = { beforeEach: atSsoCallback({ error: 'access_denied' }) };
 * ```
 */
export function atSsoCallback(answer: Readonly<Record<string, string>>) {
  return (): (() => void) => {
    const before = window.location.href;
    const url = new URL(before);
    for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
    window.history.replaceState(window.history.state, '', url);
    return () => window.history.replaceState(window.history.state, '', before);
  };
}

/**
 * The preview page's own path, as the single sign-on redirect URI of a story's session.
 *
 * @example
 * ```ts
 * const sso = { redirectUri: previewRedirectUri() };
 * ```
 */
export function previewRedirectUri(): string {
  return window.location.pathname;
}
