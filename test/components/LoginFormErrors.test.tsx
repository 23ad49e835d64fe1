import { describe, expect, it, vi } from 'vitest';
import { describeLoginError } from '../../src/components/describeLoginError';
import {
  VaultAbortedError,
  VaultApiError,
  VaultConfigError,
  VaultDnsMismatchError,
  VaultNetworkError,
  VaultOAuthError,
  VaultProtocolError,
  VaultTimeoutError,
} from '../../src/core/errors';
import { deLoginMessages } from '../../src/locales/de';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';

function apiError(type: string, retryAfterSeconds?: number): VaultApiError {
  return new VaultApiError({
    errors: [{ type, message: 'prose from the service that must never be shown' }],
    responseStatus: 'FAILURE',
    retryAfterSeconds,
  });
}

describe('describeLoginError: what the user is told and can do next', () => {
  it.each([
    ['USERNAME_OR_PASSWORD_INCORRECT', en.incorrectCredentials, 'password', 'reset-password'],
    ['NO_PASSWORD_PROVIDED', en.passwordRequired, 'password', undefined],
    ['PARAMETER_REQUIRED', en.usernameRequired, 'username', undefined],
    ['USER_LOCKED_OUT', en.lockedOut, undefined, 'reset-password'],
    ['INACTIVE_USER', en.inactiveUser, undefined, undefined],
    ['PASSWORD_CHANGE_REQUIRED', en.passwordChangeRequired, undefined, 'change-password'],
    ['INSUFFICIENT_ACCESS', en.ssoFailed, undefined, undefined],
    ['UNEXPECTED_ERROR', en.serviceUnavailable, undefined, 'retry'],
    ['SOMETHING_NEW', en.unexpectedError, undefined, 'retry'],
  ])('%s -> its message, field and action', (type, message, field, action) => {
    const described = describeLoginError(apiError(type), en);
    expect(described?.message).toBe(message);
    expect(described?.field).toBe(field);
    expect(described?.action).toBe(action);
    expect(described?.message).not.toContain('prose from the service');
  });

  it('API_LIMIT_EXCEEDED waits as long as the service said, or 60 seconds (THR-04)', () => {
    const said = describeLoginError(apiError('API_LIMIT_EXCEEDED', 17), en);
    expect(said).toMatchObject({
      action: 'wait',
      retryAfterSeconds: 17,
      message: en.rateLimited({ seconds: 17 }),
    });
    expect(describeLoginError(apiError('API_LIMIT_EXCEEDED'), en)).toMatchObject({
      action: 'wait',
      retryAfterSeconds: 60,
    });
  });

  it('transport faults offer a retry; a cancelled call is nothing to report', () => {
    expect(describeLoginError(new VaultNetworkError(), en)).toMatchObject({
      message: en.networkError,
      action: 'retry',
    });
    expect(describeLoginError(new VaultTimeoutError(30_000), en)).toMatchObject({
      message: en.timeout,
      action: 'retry',
    });
    const html = new VaultProtocolError('not JSON', { status: 502, contentType: 'text/html' });
    expect(describeLoginError(html, en)).toMatchObject({
      message: en.serviceUnavailable,
      action: 'retry',
    });
    // What fetch itself throws when offline.
    expect(describeLoginError(new TypeError('Failed to fetch'), en)?.message).toBe(en.networkError);
    expect(describeLoginError(new VaultAbortedError(), en)).toBeUndefined();
  });

  it('a setting that cannot work is a setup error naming its fix, never "try again"', () => {
    const config = new VaultConfigError(
      "The kit's proxy runs in BFF mode: set credentials: 'proxy'.",
    );
    expect(describeLoginError(config, en)).toEqual({
      message: "Setup error: The kit's proxy runs in BFF mode: set credentials: 'proxy'.",
      error: config,
    });
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(describeLoginError(config, deLoginMessages)).toEqual({
        message: deLoginMessages.setupError,
        error: config,
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("a refusal by the kit's proxy settings is a setup error, never a retry prompt", () => {
    const refused = (type: string, status: number) =>
      new VaultProtocolError('proxy', {
        status,
        contentType: 'application/json',
        proxyError: { type, message: 'Calls from that origin are refused.' },
      });
    const origin = 'http://127.0.0.1:5273';
    // A development build names what was refused and the setting that allows it.
    const dev = describeLoginError(refused('PROXY_ORIGIN_REFUSED', 403), en, { origin });
    expect(dev?.message).toContain(`refused calls from ${origin}`);
    expect(dev?.message).toContain('allowedOrigins');
    expect(dev?.action).toBeUndefined();
    expect(describeLoginError(refused('PROXY_HOST_NOT_ALLOWED', 400), en)?.message).toContain(
      'allowHosts',
    );
    // A production build tells the user, in their language, that it is not theirs to retry.
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(describeLoginError(refused('PROXY_ORIGIN_REFUSED', 403), deLoginMessages)).toEqual({
        message: deLoginMessages.setupError,
        error: expect.any(VaultProtocolError),
      });
    } finally {
      vi.unstubAllEnvs();
    }
    // An upstream that did not answer is transient, as any other fault in transit.
    expect(describeLoginError(refused('PROXY_UPSTREAM_TIMEOUT', 504), en)).toMatchObject({
      message: en.serviceUnavailable,
      action: 'retry',
    });
  });

  it('a refused vault is named as the caller names it, with the vault the account is in, and marks the vault field', () => {
    const error = new VaultDnsMismatchError(
      'Quality.Sunrise.Example',
      'promomats.sunrise.example',
      'Sunrise PromoMats',
    );
    const vaults = [{ dns: 'quality.sunrise.example', name: 'Sunrise QualityDocs' }];
    expect(describeLoginError(error, en, { vaults })).toMatchObject({
      message: en.vaultElsewhere({ vault: 'Sunrise QualityDocs', actual: 'Sunrise PromoMats' }),
      field: 'vault',
    });
    expect(describeLoginError(error, en)?.message).toBe(
      en.vaultElsewhere({ vault: 'Quality.Sunrise.Example', actual: 'Sunrise PromoMats' }),
    );
    // Where the service did not say, only the refusal is told.
    expect(
      describeLoginError(new VaultDnsMismatchError('quality.sunrise.example', undefined), en, {
        vaults,
      })?.message,
    ).toBe(en.vaultNoAccess({ vault: 'Sunrise QualityDocs' }));
  });

  it.each([
    ['sso_cancelled', en.ssoCancelled],
    ['access_denied', en.ssoCancelled],
    ['sso_state_mismatch', en.ssoRestart],
    ['sso_failed', en.ssoFailed],
    ['invalid_grant', en.ssoFailed],
  ])('single sign-on error %s -> its message', (code, message) => {
    expect(describeLoginError(new VaultOAuthError(code, 'from the provider'), en)?.message).toBe(
      message,
    );
  });

  it('uses the messages it is given', () => {
    expect(
      describeLoginError(apiError('USERNAME_OR_PASSWORD_INCORRECT'), deLoginMessages),
    ).toMatchObject({ message: 'Benutzername oder Passwort ist falsch.' });
    expect(describeLoginError(apiError('API_LIMIT_EXCEEDED', 1), deLoginMessages)?.message).toBe(
      'Zu viele Anmeldeversuche. Warten Sie 1 Sekunde und versuchen Sie es dann erneut.',
    );
  });

  it('keeps the failure it described, as a VaultError', () => {
    const error = apiError('USER_LOCKED_OUT');
    expect(describeLoginError(error, en)?.error).toBe(error);
    expect(describeLoginError(new TypeError('Failed to fetch'), en)?.error).toBeInstanceOf(
      VaultNetworkError,
    );
  });
});
