import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDiscovery } from '../../src/react/useDiscovery';
import { renderWithSession } from '../support/renderWithSession';

// Longer than the default 300 ms so that a busy machine pausing between two keystrokes
// cannot pass for the user stopping.
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
  const tab = await renderWithSession(<IdentifierStep />);
  const input = tab.getByLabelText('User name');
  await user.type(input, name);
  return { user, tab, input };
}

describe('useDiscovery: identifier-first routing while the user types', () => {
  it('sends ONE discovery request after the user stops typing; sam@harbor.example -> sso with harbor-oidc', async () => {
    const { tab } = await typeName('sam@harbor.example');

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
    const { tab } = await typeName(name);

    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('password'));
    expect(tab.getByLabelText('Route')).toHaveTextContent(/^password$/);
    expect(tab.count('/auth/discovery')).toBe(1);
    expect(tab.backend.requests('/auth/discovery')[0]?.form.get('username')).toBe(name);
  });

  it('"Continue" after the prefetch needs no further request (0-round-trip budget)', async () => {
    const { user, tab } = await typeName('olivia@sunrise.example');
    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('password'));

    await user.click(tab.getByRole('button', { name: 'Continue' }));
    expect(await tab.findByText('Next step: password')).toBeInTheDocument();
    expect(tab.count('/auth/discovery')).toBe(1);
  });

  it('"Continue" before the debounce asks at once, and the debounced query reuses that answer', async () => {
    const { user, tab } = await typeName('sam@harbor.example');
    await user.click(tab.getByRole('button', { name: 'Continue' }));

    expect(await tab.findByText('Next step: sso')).toBeInTheDocument();
    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('sso harbor-oidc'));
    expect(tab.count('/auth/discovery')).toBe(1);
  });

  it('asks nothing for a name without a dotted domain (olivia@sun)', async () => {
    const { user, tab, input } = await typeName('olivia@sun');
    // Two debounce periods of quiet: had anything been asked, it would have been by now.
    await new Promise((resolve) => setTimeout(resolve, 2 * DEBOUNCE_MS));
    expect(tab.count('/auth/discovery')).toBe(0);
    expect(tab.getByLabelText('Route')).toBeEmptyDOMElement();

    // The same form does ask once the domain is complete, so the silence above was real.
    await user.type(input, 'rise.example');
    await waitFor(() => expect(tab.getByLabelText('Route')).toHaveTextContent('password'));
    expect(tab.count('/auth/discovery')).toBe(1);
  });
});
