import type { DelegationRecord } from './types';

/**
 * A delegation's vault host, when the delegation list named one.
 */
export function dnsOf(delegation: DelegationRecord | undefined): string | undefined {
  return delegation?.dns === '' ? undefined : delegation?.dns;
}
