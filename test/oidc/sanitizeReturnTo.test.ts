import { describe, expect, it } from 'vitest';
import { parseSsoCallbackUrl } from '../../src/oidc/parseSsoCallbackUrl';
import { resolveSsoRedirectUri } from '../../src/oidc/resolveSsoRedirectUri';
import { sanitizeReturnTo } from '../../src/oidc/sanitizeReturnTo';

const ORIGIN = 'https://docs.sunrise.example';

describe('sanitizeReturnTo (OIDC-05: no open redirect after sign-in)', () => {
  it.each([
    ['an absolute URL to another site', 'https://evil.example'],
    ['an absolute URL to this very origin', `${ORIGIN}/documents`],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an encoded protocol-relative URL', '%2F%2Fevil'],
    ['a path that decodes to a protocol-relative URL', '/%2F%2Fevil.example'],
    ['a path that decodes to a backslash', '/%5Cevil.example'],
    ['a double-encoded protocol-relative URL', '/%252F%252Fevil.example'],
    ['a tab hidden between the slashes', '/\t/evil.example'],
    ['a newline hidden between the slashes', '/\n/evil.example'],
    ['a relative path without a slash', 'documents'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['an empty string', ''],
    ['a non-string', 42],
    ['a dot segment before a double slash', '/.//evil.example'],
    ['two dot segments before a double slash', '/a/..//evil.example'],
    ['a parent segment above the root', '/../..//evil.example'],
    ['an encoded dot segment before a double slash', '/%2e//evil.example'],
    ['an encoded parent segment before a double slash', '/x/%2E%2E//evil.example'],
    ['a dot segment before an encoded slash', '/./%2Fevil.example'],
    ['a dot segment before a backslash', '/./\\evil.example'],
    ['a dot segment before an encoded backslash', '/.%2F%5Cevil.example'],
    ['a tab inside a dot segment', '/.\t//evil.example'],
    ['a carriage return after the slash', '/\r/evil.example'],
    ['an encoded tab between the slashes', '/%09/evil.example'],
    ['an encoded newline between the slashes', '/%0A/evil.example'],
  ])('sends %s to the default route', (_case, value) => {
    expect(sanitizeReturnTo(value, { origin: ORIGIN })).toBe('/');
  });

  it.each([
    ['/', '/'],
    ['/documents', '/documents'],
    ['/documents?id=7&tab=versions#notes', '/documents?id=7&tab=versions#notes'],
    ['/a/../b', '/b'],
    ['/search?q=%2F%2Fnot-a-host', '/search?q=%2F%2Fnot-a-host'],
    ['/./documents', '/documents'],
    ['/a/%2e%2e/b', '/b'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(sanitizeReturnTo(value, { origin: ORIGIN })).toBe(expected);
  });

  it('uses the fallback the caller names', () => {
    expect(sanitizeReturnTo('//evil.example', { origin: ORIGIN, fallback: '/home' })).toBe('/home');
  });
});

describe('parseSsoCallbackUrl', () => {
  const redirectUri = `${ORIGIN}/sso/callback`;

  it('reads the answer and gives the address without it (OIDC-04)', () => {
    const answer = parseSsoCallbackUrl(
      `${redirectUri}?code=abc&state=s1&session_state=x&iss=https%3A%2F%2Fidp.example&keep=1#top`,
      redirectUri,
    );
    expect(answer).toEqual({
      code: 'abc',
      state: 's1',
      iss: 'https://idp.example',
      cleanUrl: '/sso/callback?keep=1#top',
    });
  });

  it('reads an error answer and removes its description too', () => {
    expect(
      parseSsoCallbackUrl(
        `${redirectUri}?error=access_denied&error_description=End-User+aborted&state=s2`,
        redirectUri,
      ),
    ).toEqual({ error: 'access_denied', state: 's2', cleanUrl: '/sso/callback' });
  });

  it.each([
    ['another path', `${ORIGIN}/sso/callback/extra?code=a&state=b`],
    ['another origin', 'https://evil.example/sso/callback?code=a&state=b'],
    ['the redirect URI without an answer', `${redirectUri}?tab=1`],
    ['a fragment answer', `${redirectUri}#code=a&state=b`],
    ['not a URL', 'sso/callback?code=a'],
  ])('ignores %s', (_case, url) => {
    expect(parseSsoCallbackUrl(url, redirectUri)).toBeUndefined();
  });
});

describe('resolveSsoRedirectUri', () => {
  it('defaults to /sso/callback on the given origin', () => {
    expect(resolveSsoRedirectUri(undefined, ORIGIN)).toBe(`${ORIGIN}/sso/callback`);
  });

  it('resolves a configured path against the origin and keeps an absolute URI', () => {
    expect(resolveSsoRedirectUri('/auth/done', ORIGIN)).toBe(`${ORIGIN}/auth/done`);
    expect(resolveSsoRedirectUri('https://app.example/cb', ORIGIN)).toBe('https://app.example/cb');
  });

  it.each([
    ['a javascript: URI', 'javascript:alert(1)'],
    ['a fragment', '/sso/callback#x'],
    ['credentials', 'https://user:pw@app.example/cb'],
  ])('refuses %s', (_case, value) => {
    expect(() => resolveSsoRedirectUri(value, ORIGIN)).toThrow(/redirect URI/);
  });

  it('refuses a path when no origin is known (a server render)', () => {
    expect(() => resolveSsoRedirectUri(undefined)).toThrow(/redirect URI/);
  });
});
