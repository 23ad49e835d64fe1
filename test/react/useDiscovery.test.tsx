import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDiscovery } from '../../src/react/useDiscovery';
import { renderWithSession } from '../support/renderWithSession';

// The debounce runs on the session's timers, which only `backend.advance` moves: the test
// says when the user stops typing, and a busy machine pausing between two keystrokes cannot
// pass for it. HTTP runs for real.
const DEBOUNCE_MS = 500;

/** The identifier step of a login form: the route shows once discovery has answered. */
function IdentifierStep(): ReactNode {
  const [username, setUsername] = useState('');
  const [next, setNext] = useState<string>();
  const { data, discover } = useDiscovery(username, { debounceMs: DEBOUNCE_MS });
  return (
    <form
      aria-label="Identify"
      onSubmit={(event) => {
        event.preventDefault();
        void discover(username).then((answer) => setNext(answer.authType));
      }}
    >
      <label>
        User name
        <input value={username} onChange={(event) => setUsername(event.target.value)} />
      </label>
      <output aria-label="Route">
        {data ? [data.authType, ...data.profiles.map((profile) => profile.id)].join(' ') : ''}
      </output>
      <button type="submit">Continue</button>
      {next ? <p>Next step: {next}</p> : null}
    </form>
  );
}

async function typeName(name: string) {
  const user = userEvent.setup();
  const tab = await renderWithSession(<IdentifierStep />, { manualTime: true });
  const input = tab.getByLabelText('User name');
  await user.type(input, name);
  /** The user stops typing for `ms`. */
  const pause = (ms = DEBOUNCE_MS) => tab.backend.advance(ms);
  return { user, tab, input, pause };
}

describe('useDiscovery: identifier-first routing while the user types', () => {
  it('sends ONE discovery request after the user stops typing; sam@harbor.example -> sso with harbor-oidc', async () => {
    const { tab, pause } = await typeName('sam@harbor.example');
    await pause(DEBOUNCE_MS - 1);
    expect(tab.queryClient.isFetching()).toBe(0);

    await pause(1);
    expect(tab.queryClient.isFetching()).toBe(1);
    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('sso harbor-oidc'));
    expect(tab.count('/auth/discovery')).toBe(1);
    const [request] = tab.backend.requests('/auth/discovery');
    expect(request?.method).toBe('POST');
    expect(request?.form.get('username')).toBe('sam@harbor.example');
  });

  it.each([
    ['olivia@sunrise.example', 'a password user'],
    ['nobody@sunrise.example', 'an unknown user (same answer: no user enumeration)'],
  ])('%s (%s) -> password', async (name) => {
    const { tab, pause } = await typeName(name);
    await pause();

    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('password'));
    expect(tab.getByLabelText('Route')).toHaveTextContent(/^password$/);
    expect(tab.count('/auth/discovery')).toBe(1);
    expect(tab.backend.requests('/auth/discovery')[0]?.form.get('username')).toBe(name);
  });

  it('"Continue" after the prefetch needs no further request (0-round-trip budget)', async () => {
    const { user, tab, pause } = await typeName('olivia@sunrise.example');
    await pause();
    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('password'));

    await user.click(tab.getByRole('button', { name: 'Continue' }));
    expect(await tab.findByText('Next step: password')).toBeInTheDocument();
    expect(tab.count('/auth/discovery')).toBe(1);
  });

  it('"Continue" before the debounce asks at once, and the debounced query reuses that answer', async () => {
    const { user, tab, pause } = await typeName('sam@harbor.example');
    await user.click(tab.getByRole('button', { name: 'Continue' }));

    expect(await tab.findByText('Next step: sso')).toBeInTheDocument();
    await pause();
    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('sso harbor-oidc'));
    expect(tab.count('/auth/discovery')).toBe(1);
  });

  it('asks nothing for a name without a dotted domain (olivia@sun)', async () => {
    const { user, tab, input, pause } = await typeName('olivia@sun');
    // Two debounce periods of quiet: a query for the settled name would be under way now.
    await pause(2 * DEBOUNCE_MS);
    expect(tab.queryClient.isFetching()).toBe(0);
    expect(tab.count('/auth/discovery')).toBe(0);
    expect(tab.getByLabelText('Route')).toBeEmptyDOMElement();

    // The same form does ask once the domain is complete, so the silence above was real.
    await user.type(input, 'rise.example');
    await pause();
    expect(tab.queryClient.isFetching()).toBe(1);
    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('password'));
    expect(tab.count('/auth/discovery')).toBe(1);
  });
});
