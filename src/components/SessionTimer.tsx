'use client';
import type { ReactNode } from 'react';
import { isLiveStatus } from '../core/session/sessionReducer';
import { enSessionMessages } from '../locales/en/enSessionMessages';
import { useKeepAlive } from '../react/useKeepAlive';
import { useSession } from '../react/useSession';
import { formatDuration } from './formatDuration';
import type { SessionMessages } from './i18n/SessionMessages';
import { useVaultMessages } from './i18n/VaultMessagesContext';
import { useThresholdAnnouncement } from './useThresholdAnnouncement';

const MINUTE = 60_000;

/**
 * Props of {@link SessionTimer}.
 *
 * @example
 * ```tsx
 * const props: SessionTimerProps = { capWindowMs: 60 * 60_000, announceAtMs: [600_000, 60_000] };
 * ```
 */
export interface SessionTimerProps {
  className?: string | undefined;
  /** Strings to replace; the rest come from `VaultMessagesProvider` or English. */
  messages?: Partial<SessionMessages> | undefined;
  /** Locale for durations. Default: `messages.locale`. */
  locale?: string | undefined;
  /**
   * Also show the time left before the 48-hour cap once it is this close. It is always
   * shown when it comes before the idle timeout. Default 30 minutes.
   */
  capWindowMs?: number | undefined;
  /** Show the countdown to the idle timeout. Default `true`. */
  showIdle?: boolean | undefined;
  /** How often the countdown re-reads the session's clock, in ms. Default 1 000. */
  tickMs?: number | undefined;
  /**
   * Remaining times at which a screen reader hears the countdown once (polite). Default
   * 5 minutes and 1 minute. The visible text is not announced.
   */
  announceAtMs?: readonly number[] | undefined;
  /** Unit style of the visible text. Default `short` ("4 min, 5 sec"). */
  durationStyle?: 'long' | 'short' | 'narrow' | undefined;
}

const DEFAULT_ANNOUNCE_AT: readonly number[] = [5 * MINUTE, MINUTE];

/**
 * A compact countdown of the session: the time left before the idle timeout signs the user
 * out, and the time left before the 48-hour cap when that comes first or is within
 * `capWindowMs` (never for a session lent by a vault's web tab, whose end the kit does not
 * know). The visible text follows the clock (each minute from ten minutes up, each
 * second below); screen readers hear it only when it crosses `announceAtMs`. Renders
 * nothing without a live session.
 *
 * @example
 * ```tsx
 * <header>
 *   <SessionTimer />
 *   <SignOutButton />
 * </header>
 * ```
 */
export function SessionTimer({
  className,
  messages,
  locale,
  capWindowMs = 30 * MINUTE,
  showIdle = true,
  announceAtMs = DEFAULT_ANNOUNCE_AT,
  durationStyle = 'short',
  tickMs = 1_000,
}: SessionTimerProps): ReactNode {
  const t = useVaultMessages('session', enSessionMessages, messages);
  const { status, lent } = useSession();
  const { idleTimeLeftMs, timeLeftMs } = useKeepAlive({ tickMs });
  const live = isLiveStatus(status);
  const idleLeft = live && showIdle ? idleTimeLeftMs : undefined;
  // A vault's lent session ends when the vault says, at a time the kit does not know.
  const capLeft = live && lent !== true ? timeLeftMs : undefined;
  const capFirst = capLeft !== undefined && (idleLeft === undefined || capLeft <= idleLeft);
  const showCap = capLeft !== undefined && (capFirst || capLeft <= capWindowMs);
  const showIdleLine = idleLeft !== undefined && !capFirst;
  const primary = capFirst ? capLeft : idleLeft;

  const crossed = useThresholdAnnouncement(primary, announceAtMs);
  const format = (ms: number, style = durationStyle) =>
    formatDuration(ms, { locale: locale ?? t.locale, style });
  const announcement =
    crossed === undefined
      ? ''
      : capFirst
        ? t.timerCapAnnouncement({ time: format(crossed, 'long') })
        : t.timerIdleAnnouncement({ time: format(crossed, 'long') });

  if (!live || (!showIdleLine && !showCap)) return null;
  const urgent = primary !== undefined && primary <= Math.max(...announceAtMs, 0);

  return (
    <div
      className={['vsk-root', 'vsk-session-timer', className].filter(Boolean).join(' ')}
      data-state={urgent ? 'urgent' : 'counting'}
    >
      {showIdleLine && idleLeft !== undefined ? (
        <span role="timer" className="vsk-session-timer__item" data-kind="idle">
          {t.timerIdle({ time: format(idleLeft) })}
        </span>
      ) : null}
      {showCap && capLeft !== undefined ? (
        <span role="timer" className="vsk-session-timer__item" data-kind="cap">
          {t.timerCap({ time: format(capLeft) })}
        </span>
      ) : null}
      <span className="vsk-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </div>
  );
}
