import {
  VaultConfigError,
  type VaultError,
  type VaultErrorEntry,
  VaultProtocolError,
} from '../core/errors';
import { explainInDevelopment } from '../core/explainInDevelopment';

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
 */
export function isSetupError(entry: VaultErrorEntry | undefined): entry is VaultErrorEntry {
  return entry !== undefined && SETUP_ERROR_TYPES.has(entry.type);
}

/**
 * What a developer needs to fix a proxy refusal: the error type, what was refused (the
 * page's origin for `PROXY_ORIGIN_REFUSED`) and the setting that allows it. Shown in
 * development only; users of a production build see `setupError` from the messages.
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
 * True for a failure that retrying cannot mend because the kit and its proxy are set up
 * wrong: a `VaultConfigError` (the client's settings, or a mode the proxy does not serve),
 * or a proxy refusal because of its settings ({@link isSetupError}).
 */
export function isSetupFailure(error: VaultError): boolean {
  return (
    error.kind === 'config' ||
    (error instanceof VaultProtocolError && isSetupError(error.proxyError))
  );
}

/**
 * The developer's explanation of a setup failure ({@link isSetupFailure}): a proxy
 * refusal with its fix ({@link describeSetupError}), or a `VaultConfigError`'s own message,
 * which names its fix in development builds. `undefined` for any other failure. Call it
 * only where `process.env.NODE_ENV` is not `'production'`, so bundlers drop it there.
 */
export function explainSetupFailure(
  error: unknown,
  origin: string | undefined,
): string | undefined {
  if (error instanceof VaultConfigError) return `Setup error: ${error.message}`;
  return error instanceof VaultProtocolError && isSetupError(error.proxyError)
    ? describeSetupError(error.proxyError, origin)
    : undefined;
}

/**
 * In a development build, prints a setup failure ({@link isSetupFailure}) to the console
 * with its fix, where a developer looks first. Does nothing in production or for any other
 * failure.
 */
export function reportSetupError(error: unknown, origin: string | undefined): void {
  // Bundlers fold the condition in production builds and drop the texts with it.
  const explained = explainInDevelopment(undefined, () =>
    process.env.NODE_ENV === 'production' ? undefined : explainSetupFailure(error, origin),
  );
  if (explained !== undefined) console.error(`[vault-session-kit] ${explained}`);
}
