import { describe, expect, it } from 'vitest';
import {
  isTransientError,
  normalizeError,
  VaultAbortedError,
  VaultApiError,
  VaultConfigError,
  VaultDnsMismatchError,
  VaultError,
  VaultNetworkError,
  VaultOAuthError,
  VaultProtocolError,
  VaultTimeoutError,
  VaultUnexpectedError,
} from '../../src/core/errors';

describe('normalizeError: what a thrown value becomes', () => {
  it.each([
    ['Chromium', 'Failed to fetch'],
    ['Firefox', 'NetworkError when attempting to fetch resource.'],
    ['Safari', 'Load failed'],
    ['Node', 'fetch failed'],
    ['a chunk Chromium could not load', 'Failed to fetch dynamically imported module: /k.js'],
    ['a chunk Firefox could not load', 'error loading dynamically imported module: /k.js'],
  ])('a failed fetch in %s is a transient network error', (_, message) => {
    const thrown = new TypeError(message);
    const error = normalizeError(thrown);

    expect(error).toBeInstanceOf(VaultNetworkError);
    expect(error.kind).toBe('network');
    expect(error.cause).toBe(thrown);
    expect(isTransientError(error)).toBe(true);
  });

  it.each([
    ['a TypeError of a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a TypeError of a wrong call', new TypeError('client.keepAlive is not a function')],
    ['a RangeError', new RangeError('Invalid time value')],
    ['a thrown string', 'boom'],
  ])('%s is an unexpected error, neither transient nor a network fault', (_, thrown) => {
    const error = normalizeError(thrown);

    expect(error).toBeInstanceOf(VaultUnexpectedError);
    expect(error.kind).toBe('unexpected');
    expect(error.cause).toBe(thrown);
    expect(error.message).toBe(thrown instanceof Error ? thrown.message : thrown);
    expect(isTransientError(error)).toBe(false);
  });

  it('an AbortError is a cancellation, and a VaultError stays itself', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(normalizeError(abort)).toBeInstanceOf(VaultAbortedError);
    const own = new VaultTimeoutError(5_000);
    expect(normalizeError(own)).toBe(own);
  });
});

describe('every kind has one class, and the class says the kind', () => {
  const answer = { errors: [{ type: 'USER_LOCKED_OUT', message: 'Locked' }] } as const;
  it.each([
    [new VaultApiError({ ...answer, responseStatus: 'FAILURE' }), 'api'],
    [new VaultNetworkError(), 'network'],
    [new VaultTimeoutError(1), 'timeout'],
    [new VaultAbortedError(), 'aborted'],
    [new VaultProtocolError('Not JSON.', { status: 502, contentType: 'text/html' }), 'protocol'],
    [new VaultDnsMismatchError('a.example', 'b.example'), 'dns-mismatch'],
    [new VaultOAuthError('invalid_grant'), 'oauth'],
    [new VaultConfigError('No baseUrl.'), 'config'],
    [new VaultUnexpectedError('Bug.'), 'unexpected'],
  ] as const)('%o has kind %s', (error, kind) => {
    expect(error).toBeInstanceOf(VaultError);
    expect(error.kind).toBe(kind);
    expect(error.name).toBe(error.constructor.name);
  });
});

describe('no error can claim a kind its class does not have', () => {
  it('refuses a subclass that calls itself another kind, so `kind` never lies', () => {
    class Impostor extends VaultError {
      constructor() {
        super('protocol', 'A protocol error without a status.');
      }
    }
    expect(() => new Impostor()).toThrow(TypeError);
    expect(() => new Impostor()).toThrow(/VaultProtocolError/);
  });

  it('refuses a kind that does not exist', () => {
    class Unknown extends VaultError {
      constructor() {
        super('banana' as 'api', 'No such kind.');
      }
    }
    expect(() => new Unknown()).toThrow(TypeError);
  });

  it('lets a subclass of a kind keep that kind', () => {
    class OfflineError extends VaultNetworkError {}
    const error = new OfflineError('Offline.');
    expect(error.kind).toBe('network');
    expect(isTransientError(error)).toBe(true);
  });
});
