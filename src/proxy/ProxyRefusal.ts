import type { VaultProxyErrorType } from './VaultProxyOptions';

/**
 * An answer the proxy gives itself instead of forwarding: the HTTP status, the `PROXY_*`
 * type and a message for the developer, sent in the service's failure shape.
 *
 * @example
 * ```ts
 * throw new ProxyRefusal(404, 'PROXY_NOT_FOUND', 'Only /auth/* and /vault/{host}/api/* are proxied.');
 * ```
 */
export class ProxyRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: VaultProxyErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'ProxyRefusal';
  }
}
