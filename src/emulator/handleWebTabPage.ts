import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { escapeHtml } from './escapeHtml';

/**
 * The address of the page on every vault host that plays a vault's custom web tab.
 *
 * @example
 * ```ts
 * const query = new URLSearchParams({
 *   user: 'olivia@sunrise.example',
 *   app: 'http://127.0.0.1:5173/',
 * });
 * const page = await emulator.fetch(
 *   new Request(`https://promomats.sunrise.example${WEB_TAB_PAGE_PATH}?${query}`),
 * );
 * page.status; // 200: Olivia's web tab, framing the app
 * ```
 */
export const WEB_TAB_PAGE_PATH = '/ui/web-tab';

/**
 * `GET /ui/web-tab?user={user name}&app={app URL}` on a vault host: the vault's custom web
 * tab with "Post Session credentials via Post Message" on, as a user of that vault sees it.
 * The page frames the app and answers its `ready` message with a fresh session of that
 * demo user at this vault, posted to the app's origin only (the vault's wire: `{"message_id":
 * "session_id","data":{"session_id":"…"}}`, plus `vault_dns`, which a development build of
 * the kit reads when the page runs on the app's own origin). A user of no such name, or one
 * without access to this vault, gets a page that says so, and no session.
 */
export function handleWebTabPage(state: EmulatorState, call: EmulatorCall): Response {
  if (call.request.method.toUpperCase() !== 'GET') {
    return new Response('Use GET.', { status: 405, headers: { Allow: 'GET' } });
  }
  const dns = call.url.hostname.toLowerCase();
  const vault = state.index.vaultsByDns.get(dns);
  const name = call.url.searchParams.get('user')?.trim().toLowerCase() ?? '';
  const user = state.index.usersByName.get(name);
  let app: URL | undefined;
  try {
    app = new URL(call.url.searchParams.get('app') ?? '');
  } catch {
    app = undefined;
  }
  if (app === undefined || (app.protocol !== 'https:' && app.protocol !== 'http:')) {
    return page(400, 'Name the app to open: ?app={its URL}.');
  }
  if (!vault || !user || user.status !== 'active' || !user.vaultIds.includes(vault.id)) {
    return page(404, `No active user named "${name}" belongs to ${dns}.`);
  }
  const session = state.sessions.create({ userId: user.id, vaultId: vault.id });
  state.emit({
    type: 'login',
    at: state.clock.now(),
    method: 'password',
    userId: user.id,
    username: user.username,
    vaultId: vault.id,
    defaultedVault: false,
    sessionRef: session.ref,
  });
  // The script is a file of its own (a page's policy may forbid inline scripts); it posts
  // the session to the app's origin only, and only in answer to a `ready` from the frame.
  const handOff = JSON.stringify({
    message_id: 'session_id',
    data: { session_id: session.id, vault_dns: dns },
  });
  return page(
    200,
    `<iframe id="app" title="${escapeHtml(vault.name)}: ${escapeHtml(app.host)}" src="${escapeHtml(app.href)}" data-app-origin="${escapeHtml(app.origin)}" data-hand-off="${escapeHtml(handOff)}"></iframe><script src="web-tab.js"></script>`,
    `${vault.name} · ${user.username}`,
  );
}

/**
 * `GET /ui/web-tab.js`: the script of {@link handleWebTabPage}, which answers the framed
 * app's `ready` with the session the page holds, posted to the app's origin alone.
 */
export function webTabScript(): Response {
  return new Response(WEB_TAB_SCRIPT, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
}

const WEB_TAB_SCRIPT = `const frame = document.getElementById('app');
const appOrigin = frame.dataset.appOrigin;
const handOff = JSON.parse(frame.dataset.handOff);
addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== appOrigin) return;
  if (event.data && event.data.message_id === 'ready') frame.contentWindow.postMessage(handOff, appOrigin);
});
`;

function page(status: number, body: string, title = 'Web tab · Vault'): Response {
  const content = status === 200 ? body : `<p role="alert">${escapeHtml(body)}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title>
<style>html,body{margin:0;height:100%}main{height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><main>${content}</main></body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}
