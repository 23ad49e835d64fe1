/// <reference types="node" />
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';

/**
 * A `lookup` for `http.request` that resolves every name to `address` (itself looked up
 * when it is a name), so a request keeps its own host name in `Host` and SNI while it goes
 * to another server.
 */
export function resolveTo(address: string): LookupFunction {
  const name = address.replace(/^\[|\]$/g, '');
  return (_hostname, options, callback) => dnsLookup(name, options, callback);
}
