import { describe, expect, it } from 'vitest';
import {
  createActivityMonitor,
  DEFAULT_ACTIVITY_EVENTS,
} from '../../../src/core/keepAlive/createActivityMonitor';

function setup(throttleMs?: number) {
  const target = new EventTarget();
  let time = 1_000_000;
  const reports: number[] = [];
  const monitor = createActivityMonitor({
    target,
    now: () => time,
    onActivity: (at) => reports.push(at),
    ...(throttleMs === undefined ? {} : { throttleMs }),
  });
  return {
    target,
    reports,
    monitor,
    fire: (type: string) => target.dispatchEvent(new Event(type)),
    tick: (ms: number) => {
      time += ms;
    },
  };
}

describe('createActivityMonitor', () => {
  it.each(['pointerdown', 'keydown', 'wheel', 'touchstart'])(
    'reports %s as user activity',
    (type) => {
      const { reports, fire } = setup();
      fire(type);
      expect(reports).toEqual([1_000_000]);
    },
  );

  it('ignores focus, visibility, mouse movement and scrolling (SES-05: real input only)', () => {
    const { reports, fire } = setup();
    // A page scrolls by itself too (focus moved into view, scroll anchoring); a person's
    // scrolling arrives as wheel, touch, key or pointer input.
    for (const type of ['focus', 'visibilitychange', 'mousemove', 'online', 'pageshow', 'scroll']) {
      fire(type);
    }
    expect(reports).toEqual([]);
  });

  it('reports at most once per throttle window', () => {
    const { reports, fire, tick } = setup(1_000);
    fire('keydown');
    tick(300);
    fire('keydown');
    tick(600);
    fire('wheel');
    tick(100);
    fire('touchstart');
    expect(reports).toEqual([1_000_000, 1_001_000]);
  });

  it('keeps reporting after the clock was set back', () => {
    const { reports, fire, tick } = setup(1_000);
    fire('keydown');
    tick(-60_000);
    fire('keydown');
    expect(reports).toHaveLength(2);
  });

  it('listens passively in the capture phase and removes every listener on stop', () => {
    const added: { type: string; options: unknown }[] = [];
    const removed: string[] = [];
    const target = {
      addEventListener: (type: string, _: unknown, options: unknown) =>
        added.push({ type, options }),
      removeEventListener: (type: string) => removed.push(type),
    };
    const monitor = createActivityMonitor({ target, onActivity: () => {} });
    expect(added.map((entry) => entry.type)).toEqual([...DEFAULT_ACTIVITY_EVENTS]);
    for (const entry of added) expect(entry.options).toEqual({ capture: true, passive: true });
    monitor.stop();
    monitor.stop();
    expect(removed).toEqual([...DEFAULT_ACTIVITY_EVENTS]);
  });

  it('reports nothing after stop', () => {
    const { reports, fire, monitor } = setup();
    monitor.stop();
    fire('keydown');
    expect(reports).toEqual([]);
  });
});
