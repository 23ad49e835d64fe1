import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
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
