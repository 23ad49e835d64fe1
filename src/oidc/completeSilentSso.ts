import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';

/**
 * The whole work of the page at `sso.silentRedirectUri`: hands the identity provider's
 * answer to the page that asked for it (the hidden frame's parent, same origin only), which
 * exchanges the code itself. Call it first thing when that page loads, and render nothing:
 * the frame is removed as soon as the answer is read.
 *
 * @example
 * ```ts
 * if (window.location.pathname === '/sso/silent') void completeSilentSso();
 * ```
 */
export async function completeSilentSso(url: string = window.location.href): Promise<void> {
  const memory = () => new WebStorageStateStore({ store: new InMemoryWebStorage() });
  // Nothing is requested or stored here: the settings only satisfy the constructor.
  const manager = new UserManager({
    authority: window.location.origin,
    client_id: 'silent-sign-in',
    redirect_uri: url,
    userStore: memory(),
    stateStore: memory(),
    automaticSilentRenew: false,
  });
  await manager.signinSilentCallback(url);
}
