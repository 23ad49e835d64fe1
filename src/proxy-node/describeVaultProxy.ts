import { checkProxyOptions } from '../proxy/checkProxyOptions';
import type { NodeVaultProxyOptions } from './createVaultProxyListener';

/**
 * One line saying where a proxy of these settings forwards each route and in which mode,
 * as `serveVaultProxy` and `npx vault-session-kit proxy` print it: the address each call
 * really goes to (with `upstream`, that origin, the vault's name kept in `Host`), never a
 * secret.
 *
 * @example
 * ```ts
 * describeVaultProxy({ loginHost: 'login.veevavault.com', allowHosts: ['*.veevavault.com'] });
 * // '/auth/* -> https://login.veevavault.com, /vault/{host}/api/* -> https://{host} for *.veevavault.com; token mode (no session secret)'
 * ```
 */
export function describeVaultProxy(options: NodeVaultProxyOptions): string {
  const { loginHost, allowHosts, basePath, session } = checkProxyOptions(options);
  const to = (host: string): string =>
    options.fetch !== undefined
      ? `https://${host} through the fetch function given`
      : options.upstream !== undefined
        ? `${options.upstream.replace(/\/$/, '')} (Host: ${host})`
        : `https://${host}`;
  const mode =
    session === undefined
      ? 'token mode (no session secret)'
      : `BFF mode, sessions in sealed cookies (${session.secrets.length} secret${session.secrets.length === 1 ? '' : 's'}), who-am-I at ${session.path}`;
  return `${basePath}/auth/* -> ${to(loginHost)}, ${basePath}/vault/{host}/api/* -> ${to('{host}')} for ${allowHosts.join(', ')}; ${mode}`;
}
