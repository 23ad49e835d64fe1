/**
 * Where a request goes upstream: `https://{host}{path}`, `path` holding the query.
 *
 * @example
 * ```ts
 * const { host, path } = rules.resolveTarget('GET', '/vault/a.example/api?x=1');
 * ```
 */
export interface ProxyTarget {
  /** `session`: the who-am-I route of BFF mode, answered by the proxy itself (no host). */
  readonly route: 'auth' | 'vault' | 'session';
  readonly host: string;
  readonly path: string;
}
