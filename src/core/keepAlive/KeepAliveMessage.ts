import type { TabHub, TabLink } from '../createTabHub';
import { VaultApiError } from '../errors';

/**
 * What the keep-alive schedulers of one session tell each other across tabs. Messages
 * carry times, never a credential.
 */
export type KeepAliveMessage =
  | { readonly t: 'activity'; readonly at: number }
  | { readonly t: 'sent'; readonly at: number; readonly since: number }
  | { readonly t: 'alive'; readonly at: number }
  | { readonly t: 'hello' }
  | {
      readonly t: 'state';
      readonly lastSentAt: number | undefined;
      readonly consumedAt: number | undefined;
      readonly lastActivityAt: number | undefined;
    }
  | { readonly t: 'check' }
  | { readonly t: 'invalid' };

/**
 * The keep-alive's link to the other tabs: its topic of a {@link TabHub}, in the kit's
 * envelope and same-origin like the session's. Without a BroadcastChannel (or when it
 * cannot be opened) it posts and receives nothing: each tab still keeps its own session
 * alive correctly.
 */
export type KeepAliveChannel = TabLink<KeepAliveMessage>;

/**
 * The fields of a received message if they make one of {@link KeepAliveMessage} with sound times, else
 * `undefined`: another tab's skewed or forged message is ignored, never trusted.
 */
export function readKeepAliveMessage(
  record: Record<string, unknown>,
): KeepAliveMessage | undefined {
  switch (record.t) {
    case 'activity':
      return isTime(record.at) ? { t: 'activity', at: record.at } : undefined;
    case 'alive':
      return isTime(record.at) ? { t: 'alive', at: record.at } : undefined;
    case 'sent':
      return isTime(record.at) && isTime(record.since)
        ? { t: 'sent', at: record.at, since: record.since }
        : undefined;
    case 'state': {
      const { lastSentAt, consumedAt, lastActivityAt } = record;
      if (![lastSentAt, consumedAt, lastActivityAt].every((v) => v === undefined || isTime(v))) {
        return undefined;
      }
      return {
        t: 'state',
        lastSentAt: lastSentAt as number | undefined,
        consumedAt: consumedAt as number | undefined,
        lastActivityAt: lastActivityAt as number | undefined,
      };
    }
    case 'hello':
    case 'check':
    case 'invalid':
      return { t: record.t };
    default:
      return undefined;
  }
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * The error a tab's scheduler ends with when another tab reports `invalid`: the service
 * answered `INVALID_SESSION_ID` there, so the session is over here too.
 */
export function endedInAnotherTab(): VaultApiError {
  return new VaultApiError({
    responseStatus: 'FAILURE',
    errors: [{ type: 'INVALID_SESSION_ID', message: 'The session ended (seen in another tab).' }],
  });
}
