import { DNS_NAME_PATTERN } from '../client/resolveClientConfig';
import type { VaultInfo } from '../client/types';
import { readStoredSessionReference, toStoredSessionReference } from './readStoredSessionReference';
import type { DelegationRecord, SessionRecord } from './types';

const MAX_TEXT = 1_024;
const MAX_VAULTS = 1_000;

/**
 * Checks a value read from storage or received from another tab and returns it as a
 * {@link SessionRecord}, or `undefined` when anything is missing, mistyped or malformed
 * (including a session ID that would be unsafe as a header value). Only known fields are
 * copied, so nothing unexpected rides along. Stored and handed over, each session is
 * spelled as one string (`sessionId`: the ID, or `own:<sessionTag>` and
 * `delegated:<sessionTag>` behind the proxy), as {@link toStoredRecord} writes it.
 *
 * @example
 * ```ts
 * // What another tab posted, or a storage adapter returned: checked before any use.
 * const received: unknown = { v: 1, username: 'olivia@sunrise.example' };
 * parseSessionRecord(received); // undefined: the session, the user ID and the deadline are missing
 * ```
 */
export function parseSessionRecord(value: unknown): SessionRecord | undefined {
  if (!isObject(value) || value.v !== 1) return undefined;
  const { key, userId, username, vaultId, vaults, startedAt, deadline } = value;
  const session = readStoredSessionReference(value.sessionId);
  if (
    !isText(key) ||
    !session ||
    !isText(userId) ||
    !isText(username) ||
    !isWholeNumber(vaultId) ||
    !Array.isArray(vaults) ||
    vaults.length > MAX_VAULTS ||
    !isTime(startedAt) ||
    !isTime(deadline) ||
    deadline <= startedAt
  ) {
    return undefined;
  }
  const parsedVaults: VaultInfo[] = [];
  for (const entry of vaults) {
    const vault = parseVault(entry);
    if (!vault) return undefined;
    parsedVaults.push(vault);
  }
  const base = {
    v: 1 as const,
    key,
    session,
    userId,
    username,
    vaultId,
    vaults: parsedVaults,
    startedAt,
    deadline,
  };
  const { revision, dns, renewal } = value;
  if (revision !== undefined && !isWholeNumber(revision)) return undefined;
  if (dns !== undefined && !isHostName(dns)) return undefined;
  if (renewal !== undefined && renewal !== 'sso') return undefined;
  const renewable = renewal === undefined ? base : { ...base, renewal: 'sso' as const };
  const located = dns === undefined ? renewable : { ...renewable, dns };
  const numbered = revision === undefined ? located : { ...located, revision };
  const counted = value.lent === true ? { ...numbered, lent: true as const } : numbered;
  if (value.delegation === undefined) return counted;
  const delegation = parseDelegation(value.delegation);
  return delegation ? { ...counted, delegation } : undefined;
}

function parseVault(value: unknown): VaultInfo | undefined {
  if (!isObject(value)) return undefined;
  const { id, name, url, dns } = value;
  if (!isWholeNumber(id) || !isText(name, true) || !isText(url, true) || !isText(dns, true)) {
    return undefined;
  }
  return { id, name, url, dns };
}

// Calls are routed by this value, so it must be a bare host and nothing that could change
// the URL it is put into.
function isHostName(value: unknown): value is string {
  return typeof value === 'string' && DNS_NAME_PATTERN.test(value);
}

function parseDelegation(value: unknown): DelegationRecord | undefined {
  if (!isObject(value)) return undefined;
  const { vaultId, vaultName, dns, delegatorUserId } = value;
  const session = readStoredSessionReference(value.sessionId);
  if (
    !session ||
    !isWholeNumber(vaultId) ||
    !isText(vaultName, true) ||
    !(dns === '' || isHostName(dns)) ||
    !isText(delegatorUserId)
  ) {
    return undefined;
  }
  return { session, vaultId, vaultName, dns, delegatorUserId };
}

/**
 * A session record as it is stored and handed to other tabs, which
 * {@link parseSessionRecord} reads back: each session spelled as one string.
 */
export function toStoredRecord({
  session,
  delegation,
  ...rest
}: SessionRecord): Record<string, unknown> {
  return {
    ...rest,
    sessionId: toStoredSessionReference(session),
    ...(delegation ? { delegation: toStoredDelegation(delegation) } : {}),
  };
}

function toStoredDelegation({ session, ...rest }: DelegationRecord): Record<string, unknown> {
  return { ...rest, sessionId: toStoredSessionReference(session) };
}
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown, allowEmpty = false): value is string {
  return typeof value === 'string' && value.length <= MAX_TEXT && (allowEmpty || value.length > 0);
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
