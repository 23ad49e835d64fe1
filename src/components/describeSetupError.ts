import { type VaultErrorEntry, VaultProtocolError } from '../core/errors';
import { explainInDevelopment } from '../core/explainInDevelopment';

declare const process: { env: { NODE_ENV?: string } };

/**
 * The `PROXY_*` refusals that come from how the kit's proxy is set up (which origins and
 * vault hosts it allows, which paths it serves): retrying cannot help. The proxy's other
 * answers (an upstream that timed out or could not be reached) are transient.
 */
const SETUP_ERROR_TYPES: ReadonlySet<string> = new Set([
  'PROXY_ORIGIN_REFUSED',
  'PROXY_HOST_NOT_ALLOWED',
  'PROXY_NOT_FOUND',
  'PROXY_BAD_PATH',
]);

/**
 * True when the kit's proxy refused a call because of its settings.
 *
 * @example
 * ```ts
 * isSetupError({ type: 'PROXY_ORIGIN_REFUSED', message: '' }); // true
 * ```
 */
export function isSetupError(entry: VaultErrorEntry | undefined): entry is VaultErrorEntry {
  return entry !== undefined && SETUP_ERROR_TYPES.has(entry.type);
}

/**
 * What a developer needs to fix a proxy refusal: the error type, what was refused (the
 * page's origin for `PROXY_ORIGIN_REFUSED`) and the setting that allows it. Shown in
 * development only; users of a production build see `setupError` from the messages.
 *
 * @example
 * ```ts
 * describeSetupError({ type: 'PROXY_ORIGIN_REFUSED', message: '' }, 'http://127.0.0.1:5273');
 * // 'Setup error (PROXY_ORIGIN_REFUSED): the vault proxy refused calls from http://127.0.0.1:5273. …'
 * ```
 */
export function describeSetupError(entry: VaultErrorEntry, origin: string | undefined): string {
  const said = entry.message ? ` The proxy said: ${entry.message}` : '';
  const page = origin ?? "this page's origin";
  switch (entry.type) {
    case 'PROXY_ORIGIN_REFUSED':
      return `Setup error (PROXY_ORIGIN_REFUSED): the vault proxy refused calls from ${page}. Add ${page} to the proxy's allowedOrigins (with the dev command: npx vault-session-kit dev --app-origin ${page}).${said}`;
    case 'PROXY_HOST_NOT_ALLOWED':
      return `Setup error (PROXY_HOST_NOT_ALLOWED): the vault proxy may not reach this vault's host. Add it to the proxy's allowHosts (for example '*.veevavault.com').${said}`;
    default:
      return `Setup error (${entry.type}): the vault proxy does not serve this call. Check the client's authUrl and vaultUrl against the proxy's routes, /auth/* and /vault/{dns}/api/*.${said}`;
  }
}

/**
 * In a development build, prints a proxy refusal that comes from the proxy's settings to
 * the console with its fix (see {@link describeSetupError}), where a developer looks
 * first. Does nothing in production or for any other failure.
 *
 * @example
 * ```ts
 * reportSetupError(error, location.origin);
 * ```
 */
export function reportSetupError(error: unknown, origin: string | undefined): void {
  // Bundlers fold the condition in production builds and drop the texts with it.
  const explained = explainInDevelopment(undefined, () =>
    process.env.NODE_ENV === 'production' ||
    !(error instanceof VaultProtocolError) ||
    !isSetupError(error.proxyError)
      ? undefined
      : describeSetupError(error.proxyError, origin),
  );
  if (explained !== undefined) console.error(`[vault-session-kit] ${explained}`);
}
