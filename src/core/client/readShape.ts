/**
 * A reader of wire data: checks `value`, found at `path` of an answer (`vaultIds.0.url`,
 * `''` for the answer itself), and returns it in the kit's shape, or throws a
 * {@link ShapeMismatch}.
 */
export type ReadShape<T> = (value: unknown, path: string) => T;

/**
 * Where an answer differs from the shape expected, and what was expected there. It names
 * keys and list indexes only, never a received value: an answer may carry a session ID
 * or a token.
 */
export class ShapeMismatch extends Error {
  // Declared only and set by the constructor, as in the kit's error classes (core/errors.ts).
  /** A dot path of keys and indexes, or `(body)` for the answer as a whole. */
  declare readonly path: string;
  /** A value-free description: `a well-formed session ID`, `an object`. */
  declare readonly expected: string;

  constructor(path: string, expected: string) {
    super(`malformed at "${path || '(body)'}": expected ${expected}`);
    this.name = 'ShapeMismatch';
    this.path = path || '(body)';
    this.expected = expected;
  }
}

/**
 * Reads `value` through `read` from the top of an answer; a mismatch comes back as the
 * {@link ShapeMismatch}, anything else thrown (a bug) is left to propagate.
 */
export function readShape<T>(read: ReadShape<T>, value: unknown): T | ShapeMismatch {
  try {
    return read(value, '');
  } catch (error) {
    if (error instanceof ShapeMismatch) return error;
    throw error;
  }
}

/**
 * Whether a value is an object (or a list) that fields can be read from.
 */
export const isObjectLike = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const fail = (path: string, expected: string): never => {
  throw new ShapeMismatch(path, expected);
};

const at = (path: string, key: string | number): string => (path ? `${path}.${key}` : `${key}`);

/**
 * A leaf: the value itself when `guard` accepts it.
 */
export const check =
  /* @__NO_SIDE_EFFECTS__ */
    <T>(guard: (value: unknown) => value is T, expected: string): ReadShape<T> =>
    (value, path) =>
      guard(value) ? value : fail(path, expected);

/**
 * An optional leaf: the service leaves out or nulls an optional field alike, and both
 * read as `undefined`.
 */
export const maybe =
  /* @__NO_SIDE_EFFECTS__ */
    <T>(guard: (value: unknown) => value is T, expected: string): ReadShape<T | undefined> =>
    (value, path) =>
      value == null ? undefined : guard(value) ? value : fail(path, `${expected} or null`);

/**
 * An object with the named fields, each read by its own reader; other fields are left out.
 */
export const fields =
  /* @__NO_SIDE_EFFECTS__ */
    <S extends Record<string, ReadShape<unknown>>>(
      shape: S,
    ): ReadShape<{ [K in keyof S]: ReturnType<S[K]> }> =>
    (value, path) => {
      if (!isObjectLike(value)) fail(path, 'an object');
      const output: Record<string, unknown> = {};
      for (const key in shape) {
        output[key] = shape[key]?.((value as Record<string, unknown>)[key], at(path, key));
      }
      return output as { [K in keyof S]: ReturnType<S[K]> };
    };

/**
 * A list whose entries are each read by `item`; a bad entry is named by its index.
 */
export const list =
  /* @__NO_SIDE_EFFECTS__ */
    <T>(item: ReadShape<T>, expected = 'a list'): ReadShape<T[]> =>
    (value, path) =>
      Array.isArray(value)
        ? value.map((entry: unknown, index) => item(entry, at(path, index)))
        : fail(path, expected);

/**
 * Reads with `read`, then reshapes what it returned.
 */
export const map =
  /* @__NO_SIDE_EFFECTS__ */
    <A, B>(read: ReadShape<A>, reshape: (input: A) => B): ReadShape<B> =>
    (value, path) =>
      reshape(read(value, path));
