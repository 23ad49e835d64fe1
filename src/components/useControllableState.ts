import { type SetStateAction, useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Options of {@link useControllableState}.
 */
export interface UseControllableStateOptions<T> {
  /** The parent's value; `undefined` leaves the value to the component. */
  readonly value: T | undefined;
  /** The first value when the component keeps it itself. */
  readonly defaultValue: T | (() => T);
  /** Told every new value, in both modes. */
  readonly onChange?: ((value: T) => void) | undefined;
}

/**
 * A value that a parent may own (controlled: `value` given, every change reported through
 * `onChange` and shown once the parent passes it back) or leave to the component
 * (uncontrolled: it starts at `defaultValue`), the way a native input works with `value` or
 * `defaultValue`. The setter takes a value or an updater in both modes, and stays the same
 * function for the component's life.
 */
export function useControllableState<T>(
  options: UseControllableStateOptions<T>,
): readonly [T, (next: SetStateAction<T>) => void] {
  const { value, defaultValue, onChange } = options;
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;

  // What the setter works from: an updater must see the value on screen, and a setter
  // called from an effect must reach the parent's latest callback.
  const latest = useRef({ current, controlled, onChange });
  useLayoutEffect(() => {
    latest.current = { current, controlled, onChange };
  });

  const set = useCallback((next: SetStateAction<T>) => {
    const state = latest.current;
    const resolved =
      typeof next === 'function' ? (next as (previous: T) => T)(state.current) : next;
    if (Object.is(resolved, state.current)) return;
    // A second call before the next render builds on this one, as with useState.
    state.current = resolved;
    if (!state.controlled) setOwn(resolved);
    state.onChange?.(resolved);
  }, []);

  return [current, set] as const;
}
