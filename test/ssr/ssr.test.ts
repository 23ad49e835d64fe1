import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ActingAsBanner } from '../../src/components/ActingAsBanner';
import { DelegationPicker } from '../../src/components/DelegationPicker';
import { LoginForm } from '../../src/components/LoginForm';
import { SessionExpiryDialog } from '../../src/components/SessionExpiryDialog';
import { SessionTimer } from '../../src/components/SessionTimer';
import { SignOutButton } from '../../src/components/SignOutButton';
import { SsoCallbackPage } from '../../src/components/SsoCallbackPage';
import { RequireSession } from '../../src/react/RequireSession';
import { SessionProvider } from '../../src/react/SessionProvider';

// Server rendering runs in Node, where the browser globals do not exist. Tripwires stand in
// for them: any read of `window`, `document`, `sessionStorage` or `localStorage` during the
// render is recorded.

const BROWSER_GLOBALS = ['window', 'document', 'sessionStorage', 'localStorage'] as const;
const touched: string[] = [];

function armTripwires(): void {
  for (const name of BROWSER_GLOBALS) {
    expect(name in globalThis).toBe(false);
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        return undefined;
      },
    });
  }
}

afterEach(() => {
  for (const name of BROWSER_GLOBALS) delete (globalThis as Record<string, unknown>)[name];
  touched.length = 0;
});

describe('server rendering (SSR)', () => {
  it('renders the `pending` content without touching window, document or storage', () => {
    armTripwires();
    const html = renderToString(
      createElement(
        SessionProvider,
        // Nothing is listening here: the server render must not make any request.
        { config: { baseUrl: 'http://127.0.0.1:9' } },
        createElement(
          RequireSession,
          {
            fallback: createElement('form', { 'aria-label': 'Sign in' }),
            pending: createElement('p', null, 'Checking for an open session…'),
          },
          createElement('h1', null, 'Documents'),
        ),
      ),
    );

    expect(html).toContain('Checking for an open session…');
    expect(html).not.toContain('Sign in');
    expect(html).not.toContain('Documents');
    expect(touched).toEqual([]);
  });
});

// Next.js (cacheComponents, on in today's create-next-app) refuses to prerender a client
// component that reads the time or draws a random value while it renders. These tripwires
// record any such read during a server render of the kit's components.
const UNSTABLE: [object, string][] = [
  [Date, 'now'],
  [Math, 'random'],
  [globalThis.crypto, 'getRandomValues'],
  [globalThis.crypto, 'randomUUID'],
];

function armUnstableTripwires(): () => void {
  const restore: (() => void)[] = [];
  for (const [owner, name] of UNSTABLE) {
    const original = (owner as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
    (owner as Record<string, unknown>)[name] = (...args: unknown[]) => {
      touched.push(name);
      return original.apply(owner, args);
    };
    restore.push(() => {
      (owner as Record<string, unknown>)[name] = original;
    });
  }
  return () => {
    for (const undo of restore) undo();
  };
}

describe('server rendering under Next.js prerendering', () => {
  it('reads no clock and draws no random value in the provider or any component', () => {
    const disarm = armUnstableTripwires();
    let html: string;
    try {
      html = renderToString(
        createElement(
          SessionProvider,
          {
            config: {
              authUrl: '',
              vaultUrl: '/vault/{dns}',
              vaultDns: 'promomats.sunrise.example',
            },
            credentials: 'proxy',
            sso: { redirectUri: '/sso/callback', load: () => import('../../src/oidc/index') },
          },
          createElement(ActingAsBanner),
          createElement(SessionTimer),
          createElement(SessionExpiryDialog),
          createElement(LoginForm),
          createElement(SsoCallbackPage),
          createElement(
            RequireSession,
            { fallback: createElement(LoginForm), pending: createElement('p', null, 'Checking…') },
            createElement(DelegationPicker),
            createElement(SignOutButton),
          ),
        ),
      );
    } finally {
      disarm();
    }
    expect(html).toContain('Checking…');
    expect(html).toContain('User name');
    expect(touched).toEqual([]);
  });
});
