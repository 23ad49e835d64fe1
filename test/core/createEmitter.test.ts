import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../src/core/createEmitter';

describe('createEmitter', () => {
  it('calls every listener with the arguments, in the order they were added, once each', () => {
    const emitter = createEmitter<[id: string]>();
    const calls: string[] = [];
    const first = (id: string) => calls.push(`first ${id}`);
    emitter.on(first);
    emitter.on(first);
    emitter.on((id) => calls.push(`second ${id}`));

    emitter.emit('A1');

    expect(calls).toEqual(['first A1', 'second A1']);
  });

  it('stops calling a listener once its unsubscribe function ran, and clear() removes all', () => {
    const emitter = createEmitter();
    const kept = vi.fn();
    const dropped = vi.fn();
    emitter.on(kept);
    emitter.on(dropped)();

    emitter.emit();
    emitter.clear();
    emitter.emit();

    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });

  it('finishes a call with the listeners it started with when one unsubscribes another', () => {
    const emitter = createEmitter();
    const calls: string[] = [];
    let offSecond = () => {};
    emitter.on(() => {
      calls.push('first');
      offSecond();
      emitter.on(() => calls.push('added during the call'));
    });
    offSecond = emitter.on(() => calls.push('second'));

    emitter.emit();
    expect(calls).toEqual(['first', 'second']);

    calls.length = 0;
    emitter.emit();
    expect(calls).toEqual(['first', 'added during the call']);
  });

  it('without onError, a throwing listener stops the call and the error reaches emit', () => {
    const emitter = createEmitter();
    const later = vi.fn();
    emitter.on(() => {
      throw new Error('listener failed');
    });
    emitter.on(later);

    expect(() => emitter.emit()).toThrow('listener failed');
    expect(later).not.toHaveBeenCalled();
  });

  it('with onError, a throwing listener is reported and the others still run', () => {
    const errors: unknown[] = [];
    const emitter = createEmitter((error) => errors.push(error));
    const later = vi.fn();
    const failure = new Error('listener failed');
    emitter.on(() => {
      throw failure;
    });
    emitter.on(later);

    emitter.emit();

    expect(errors).toEqual([failure]);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
