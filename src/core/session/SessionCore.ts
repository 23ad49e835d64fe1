import type { SessionEvent, SessionState } from './sessionReducer';
import type { SessionClient, SessionRecord } from './types';

/**
 * What the parts of one session manager share, built once by `createSessionManager`: the
 * sign-in, the delegations, the messages of other tabs and BFF mode's join each take it,
 * instead of a list of callbacks. Private to the manager; the state lives here only as
 * `getState()`, so a part reads it anew after every wait.
 */
export interface SessionCore {
  readonly client: SessionClient;
  /** This tab's random tag on the channel; its own messages carry it and are ignored. */
  readonly tabId: string;
  /** The session's clock, in epoch milliseconds. */
  readonly now: () => number;
  getState(): SessionState;
  /** Runs an event through the state machine (nothing once the manager is destroyed). */
  dispatch(event: SessionEvent): void;
  /** Starts the manager if need be; false once it is destroyed. */
  ready(): boolean;
  /** Makes a record the session of this tab, its deadline capped. */
  adopt(record: SessionRecord): void;
  /** Sends this tab's live session to the tab named, or to every tab. */
  handOff(to?: string): void;
  /**
   * The delegated sessions this tab opened: if another tab's simultaneous change displaces
   * one, this tab is the one that ends it, so that no tab leaves it open and no tab ends it
   * twice. Each is kept in its stored spelling (`toStoredSessionReference`).
   */
  readonly opened: Set<string>;
}
