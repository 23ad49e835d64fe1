// The proxy remembers how it read each target it saw: a remembered reading must be the one
// a fresh reading gives, for every method, spelling and order, and after it has been pushed
// out of memory by others.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createProxyRules } from '../../src/proxy/createProxyRules';

const OPTIONS = {
  loginHost: 'login.sunrise.example',
  allowHosts: ['*.sunrise.example'],
  session: {
    secrets: ['a-test-secret-of-at-least-32-characters'],
    sso: { allowHosts: ['idp.harbor.example'] },
  },
  warn: () => undefined,
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
// Mostly targets that the proxy serves, in many spellings, so that readings are remembered;
// some it refuses, whose refusals are never remembered.
const PIECE = fc.constantFrom(
  '/auth',
  '/delegation',
  '/login',
  '/keep-alive',
  '/objects',
  '/documents',
  '/session',
  '/oauth',
  '/harbor-oidc',
  '/',
  '//',
  '/.',
  '/..',
  '/%61uth',
  '/x;y',
  '/%2F',
  '\\',
);
const TARGET = fc
  .tuple(
    fc.constantFrom(
      '/vault/promomats.sunrise.example/api/v26.1',
      '/vault/PromoMats.Sunrise.Example/API/V26.1',
      '/vault/quality.sunrise.example/Api',
      '/vault/elsewhere.example/api/v26.1',
      '/auth',
      '/vault-session',
      '/vault-session/sso/start',
      '/vault-session/sso/callback',
      '/vault-session/sso/renew',
      '',
    ),
    fc.array(PIECE, { maxLength: 4 }),
    fc.constantFrom('', '', '?q=1'),
  )
  .map(([base, pieces, query]) => `${base}${pieces.join('')}${query}` || '/');

type Reading = { readonly target: unknown } | { readonly refused: readonly unknown[] };

function read(rules: ReturnType<typeof createProxyRules>, method: string, target: string): Reading {
  try {
    return { target: { ...rules.resolveTarget(method, target) } };
  } catch (error) {
    const { status, type, message } = error as { status: number; type: string; message: string };
    return { refused: [status, type, message] };
  }
}

describe('createProxyRules: the reading of a request target', () => {
  it('is the same remembered as read afresh, whatever came before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(TARGET, fc.shuffledSubarray(METHODS, { minLength: 1 })), {
          minLength: 1,
          maxLength: 20,
        }),
        (targets) => {
          const remembering = createProxyRules(OPTIONS);
          const calls = targets.flatMap(([target, methods]) =>
            methods.map((method) => [method, target] as const),
          );
          // Each call twice, the same target under several methods: the second reading is
          // the remembered one.
          for (const [method, target] of [...calls, ...calls]) {
            expect(read(remembering, method, target)).toEqual(
              read(createProxyRules(OPTIONS), method, target),
            );
          }
        },
      ),
    );
  });

  it('is the same after the targets read since have pushed it out of memory', () => {
    const rules = createProxyRules(OPTIONS);
    const keepAlive = '/vault/promomats.sunrise.example/api/v26.1/keep-alive';
    const first = read(rules, 'POST', keepAlive);
    for (let index = 0; index < 600; index++) {
      read(rules, 'GET', `/vault/promomats.sunrise.example/api/v26.1/objects/documents/${index}`);
    }
    expect(read(rules, 'POST', keepAlive)).toEqual(first);
    expect(read(rules, 'GET', keepAlive)).toEqual(
      read(createProxyRules(OPTIONS), 'GET', keepAlive),
    );
  });
});
