import type { VaultProxyErrorType } from './VaultProxyOptions';

/**
 * An answer the proxy gives itself instead of forwarding: the HTTP status, the `PROXY_*`
 * type and a message for the developer, sent in the service's failure shape.
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
