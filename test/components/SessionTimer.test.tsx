import { act, fireEvent, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formatDuration } from '../../src/components/formatDuration';
import { SessionTimer } from '../../src/components/SessionTimer';
import { deSessionMessages } from '../../src/locales/de';
import { USERS_ME } from '../react/support/faults';
import { lendSession } from '../support/lendSession';
import {
  OLIVIA,
  type RenderWithSessionOptions,
  renderWithSession,
} from '../support/renderWithSession';

// Time is the emulator's manual clock, shared by the session, its keep-alive and the
// service; `backend.advance` moves it and fires every timer due on the way, the components'
// ticks included. Nothing waits on real time but the HTTP traffic.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };
const NO_IDLE_LIMIT = {
  service: { emulator: { idleTimeoutMs: 49 * HOUR } },
  settings: { joinTimeoutMs: 20, keepAlive: { idleTimeoutMs: 49 * HOUR } },
} as const;

async function signedIn(ui: ReactElement, options: RenderWithSessionOptions = {}) {
  const tab = await renderWithSession(ui, {
    manualTime: true,
    settings: { joinTimeoutMs: 20 },
    ...options,
  });
  await act(() => tab.session.manager.signIn(OLIVIA));
  await tab.backend.settle();
  const live = () => tab.container.querySelector('[aria-live="polite"]');
  return { ...tab, live };
}

describe('SessionTimer', () => {
  it('counts down to the idle timeout and speaks only at 5 minutes and 1 minute (SES-05)', async () => {
    const tab = await signedIn(<SessionTimer />);
    const timer = await tab.findByRole('timer');
    expect(timer).toHaveTextContent('Inactivity sign-out in 30 min');
    expect(tab.live()).toHaveTextContent(/^$/);
    expect(tab.container.firstElementChild).toHaveAttribute('data-state', 'counting');
    expect((await axe.run(tab.container, WCAG)).violations).toEqual([]);

    await tab.backend.advance(20 * MINUTE);
    expect(timer).toHaveTextContent('Inactivity sign-out in 10 min');
    expect(tab.live()).toHaveTextContent(/^$/);

    await tab.backend.advance(5 * MINUTE);
    expect(timer).toHaveTextContent('Inactivity sign-out in 5 min');
    expect(tab.live()).toHaveTextContent('You will be signed out for inactivity in 5 minutes.');
    expect(tab.container.firstElementChild).toHaveAttribute('data-state', 'urgent');

    // Below ten minutes the visible text follows the seconds; the spoken one stays put.
    await tab.backend.advance(75_000);
    expect(timer).toHaveTextContent('Inactivity sign-out in 3 min, 45 sec');
    expect(tab.live()).toHaveTextContent('You will be signed out for inactivity in 5 minutes.');

    await tab.backend.advance(165_000);
    expect(timer).toHaveTextContent('Inactivity sign-out in 1 min');
    expect(tab.live()).toHaveTextContent('You will be signed out for inactivity in 1 minute.');
    expect(tab.count('/keep-alive')).toBe(0);
    expect((await axe.run(tab.container, WCAG)).violations).toEqual([]);

    // Activity sends a keep-alive; the countdown starts over and the announcement clears.
    fireEvent.keyDown(document, { key: 'a' });
    await tab.backend.settle();
    await waitFor(() => expect(timer).toHaveTextContent('Inactivity sign-out in 30 min'));
    expect(tab.count('/keep-alive')).toBe(1);
    await waitFor(() => expect(tab.live()).toHaveTextContent(/^$/));
  });

  it('a call made without activity leaves the idle countdown where it is; one after activity restarts it (SES-12)', async () => {
    const tab = await signedIn(<SessionTimer />);
    const timer = await tab.findByRole('timer');
    // Within the first keep-alive interval, so that nothing but the call can move it.
    await tab.backend.advance(2 * MINUTE);
    expect(timer).toHaveTextContent('Inactivity sign-out in 28 min');

    // A refetch when the tab regains focus: the app asked, the user did nothing.
    await act(() => tab.session.request(USERS_ME));
    await tab.backend.advance(MINUTE);
    expect(timer).toHaveTextContent('Inactivity sign-out in 27 min');

    // The same call right after the user did something counts from its answer.
    act(() => tab.session.keepAlive.notifyActivity());
    await act(() => tab.session.request(USERS_ME));
    await tab.backend.advance(MINUTE);
    expect(timer).toHaveTextContent('Inactivity sign-out in 29 min');
    expect(tab.count('/keep-alive')).toBe(0);
  });

  it('never shows more than the idle timeout right after a keep-alive, however long since its last tick', async () => {
    // A tick an hour apart: the time read at the last tick is long out of date.
    const tab = await signedIn(<SessionTimer tickMs={HOUR} />);
    const timer = await tab.findByRole('timer');
    expect(timer).toHaveTextContent('Inactivity sign-out in 30 min');

    await tab.backend.advance(6 * MINUTE);
    fireEvent.keyDown(document, { key: 'a' });
    await tab.backend.settle();
    await waitFor(() => expect(tab.count('/keep-alive')).toBe(1));
    // The keep-alive restarted a 30-minute timeout: 30 minutes left, never 31 or 36.
    await waitFor(() => expect(timer).toHaveTextContent('Inactivity sign-out in 30 min'));
  });

  it("moves with the session's clock and timers alone, never with the page's", async () => {
    const tab = await signedIn(<SessionTimer />);
    const timer = await tab.findByRole('timer');
    expect(timer).toHaveTextContent('Inactivity sign-out in 30 min');
    // No request is under way: the page's own clock and timers can stand still from here,
    // and then run an hour at once, without disturbing any HTTP.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    try {
      await tab.backend.advance(10 * MINUTE);
      expect(timer).toHaveTextContent('Inactivity sign-out in 20 min');
      await act(() => vi.advanceTimersByTimeAsync(HOUR));
      expect(timer).toHaveTextContent('Inactivity sign-out in 20 min');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the time to the 48-hour cap as well once it is inside the window', async () => {
    const tab = await signedIn(<SessionTimer capWindowMs={49 * HOUR} />);
    await waitFor(() => expect(tab.getAllByRole('timer')).toHaveLength(2));
    const [idle, cap] = tab.getAllByRole('timer');
    expect(idle).toHaveTextContent('Inactivity sign-out in 30 min');
    expect(cap).toHaveTextContent('Session ends in 48 hr');
  });

  it('counts down to the cap when it comes first, says it cannot be extended, and leaves at the end', async () => {
    const tab = await signedIn(<SessionTimer />, NO_IDLE_LIMIT);
    // The cap comes before the idle limit, so it is the one countdown shown.
    await waitFor(() => expect(tab.getByRole('timer')).toHaveTextContent('Session ends in 48 hr'));

    await tab.backend.advance(48 * HOUR - 5 * MINUTE);
    expect(tab.getByRole('timer')).toHaveTextContent('Session ends in 5 min');
    expect(tab.getAllByRole('timer')).toHaveLength(1);
    expect(tab.live()).toHaveTextContent('Your session ends in 5 minutes. It cannot be extended.');

    await tab.backend.advance(5 * MINUTE);
    expect(tab.queryByRole('timer')).toBeNull();
    expect(tab.session.manager.getSnapshot().status).toBe('expired');
  });

  it("shows no time to the cap for a session a vault's web tab lent, whose end only the vault knows", async () => {
    const tab = await renderWithSession(<SessionTimer capWindowMs={49 * HOUR} />, {
      manualTime: true,
      settings: { joinTimeoutMs: 20 },
    });
    await lendSession(tab);
    await waitFor(() =>
      expect(tab.getByRole('timer')).toHaveTextContent('Inactivity sign-out in 30 min'),
    );
    expect(tab.getAllByRole('timer')).toHaveLength(1);
  });

  it('formats in German with the German messages', async () => {
    const tab = await signedIn(<SessionTimer messages={deSessionMessages} />);
    await waitFor(() =>
      expect(tab.getByRole('timer')).toHaveTextContent('Abmeldung bei Inaktivität in 30 Min.'),
    );
    await tab.backend.advance(25 * MINUTE);
    expect(tab.live()).toHaveTextContent('Sie werden in 5 Minuten wegen Inaktivität abgemeldet.');
  });

  it('renders nothing before sign-in', async () => {
    const tab = await renderWithSession(<SessionTimer />, {
      manualTime: true,
      settings: { joinTimeoutMs: 20 },
    });
    expect(tab.queryByRole('timer')).toBeNull();
    expect(tab.container).toBeEmptyDOMElement();
  });
});

describe('formatDuration', () => {
  it('says durations the way people do, in the locale asked for', () => {
    expect(formatDuration(105_000, { locale: 'en' })).toBe('1 minute, 45 seconds');
    expect(formatDuration(105_000, { locale: 'de' })).toBe('1 Minute, 45 Sekunden');
    expect(formatDuration(48 * HOUR, { locale: 'en' })).toBe('48 hours');
    expect(formatDuration(48 * HOUR, { locale: 'de' })).toBe('48 Stunden');
    expect(formatDuration(3 * HOUR + MINUTE, { locale: 'en', style: 'short' })).toBe('3 hr, 1 min');
    expect(formatDuration(25 * MINUTE, { locale: 'en', style: 'short' })).toBe('25 min');
  });

  it('rounds the last unit up, so a countdown never shows less than is left', () => {
    expect(formatDuration(59_001, { locale: 'en' })).toBe('1 minute');
    expect(formatDuration(500, { locale: 'en' })).toBe('1 second');
    expect(formatDuration(0, { locale: 'en' })).toBe('0 seconds');
    expect(formatDuration(-5, { locale: 'en' })).toBe('0 seconds');
    expect(formatDuration(10 * MINUTE + 1, { locale: 'en' })).toBe('11 minutes');
    expect(formatDuration(HOUR - 1, { locale: 'en' })).toBe('1 hour');
  });
});
