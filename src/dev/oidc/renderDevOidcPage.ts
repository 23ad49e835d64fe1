/// <reference types="node" />
import { createHash } from 'node:crypto';

/**
 * Escapes text for HTML element content and double-quoted attribute values.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// System fonts only: the pages load nothing from the network.
const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto}
h1{font-size:1.5rem;margin:0 0 .5rem}
.note{border-inline-start:4px solid #b45309;padding:.25rem .75rem;margin:0 0 1.25rem}
[role=alert]{border:2px solid #b91c1c;border-radius:4px;padding:.5rem .75rem;font-weight:600}
label{display:block;font-weight:600;margin-top:1rem}
input{display:block;box-sizing:border-box;width:100%;font:inherit;padding:.5rem;margin-top:.25rem}
button{font:inherit;padding:.5rem 1rem;margin-top:1.25rem;cursor:pointer}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;

const STYLE_HASH = createHash('sha256').update(STYLE, 'utf8').digest('base64');

/**
 * Marks text as already-escaped HTML.
 */
export interface HtmlFragment {
  readonly html: string;
}

/**
 * Tags a template literal, escaping every interpolated string; {@link HtmlFragment}s pass through.
 */
export function html(
  strings: TemplateStringsArray,
  ...values: ReadonlyArray<string | HtmlFragment | undefined>
): HtmlFragment {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    const text =
      value === undefined ? '' : typeof value === 'string' ? escapeHtml(value) : value.html;
    out += text + (strings[index + 1] ?? '');
  });
  return { html: out };
}

/**
 * Headers for every page of the development OpenID Provider. `formTargets` are the origins a form
 * submission may end up at after redirects (the relying parties' redirect URIs), because browsers
 * apply `form-action` to the whole redirect chain.
 */
export function devOidcPageHeaders(formTargets: readonly string[]): Record<string, string> {
  const formAction = ["'self'", ...new Set(formTargets)].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * Wraps page content in the shared, accessible document shell. Every page says that this is a
 * development identity provider.
 */
export function renderDevOidcPage(page: { title: string; body: HtmlFragment }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title} · Development identity provider</title>
<style>${{ html: STYLE }}</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>
`.html;
}

const DEV_NOTE = html`<p class="note"><strong>Development identity provider.</strong> For local development and tests only. Never use it with real accounts or in production.</p>`;

/**
 * What the login page shows.
 */
export interface DevLoginView {
  /** Where the login form posts. */
  readonly action: string;
  /** Where the cancel form posts (ends the request with `access_denied`). */
  readonly abortAction: string;
  /** Prefilled user name, from `login_hint` or the previous attempt. */
  readonly username?: string | undefined;
  /** The application asking for the sign-in, shown to the user. */
  readonly clientName?: string | undefined;
  /** A message for a failed attempt, announced through `role="alert"`. */
  readonly error?: string | undefined;
}

/**
 * Renders the development login page: labelled user name and password fields with the right
 * `autocomplete` tokens, an alert for a failed attempt, and a cancel button.
 */
export function renderDevLoginPage(view: DevLoginView): string {
  const invalid =
    view.error === undefined
      ? undefined
      : html` aria-invalid="true" aria-describedby="login-error"`;
  // Focus where typing continues: the password when the user name is known or the attempt failed.
  const focusPassword = view.username !== undefined && view.username !== '';
  const intro =
    view.clientName === undefined ? undefined : html`<p>to continue to ${view.clientName}</p>`;
  const alert =
    view.error === undefined ? undefined : html`<p id="login-error" role="alert">${view.error}</p>`;
  return renderDevOidcPage({
    title: 'Sign in',
    body: html`<h1>Sign in</h1>
${intro}
${DEV_NOTE}
${alert}
<form method="post" action="${view.action}">
<label for="username">User name</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${view.username ?? ''}"${invalid}${focusPassword ? undefined : html` autofocus`}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword ? html` autofocus` : undefined}>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${view.abortAction}">
<button type="submit">Cancel and return to the application</button>
</form>`,
  });
}

/**
 * Renders a page that explains why a request could not continue (expired sign-in, invalid
 * authorization request, logout confirmation …).
 */
export function renderDevMessagePage(page: {
  title: string;
  message: string;
  details?: HtmlFragment | undefined;
  alert?: boolean | undefined;
}): string {
  const message = page.alert
    ? html`<p role="alert">${page.message}</p>`
    : html`<p>${page.message}</p>`;
  return renderDevOidcPage({
    title: page.title,
    body: html`<h1>${page.title}</h1>
${DEV_NOTE}
${message}
${page.details}`,
  });
}
