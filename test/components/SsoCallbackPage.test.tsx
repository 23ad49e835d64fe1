import { act, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { SsoCallbackPage } from '../../src/components/SsoCallbackPage';
import { OLIVIA, renderWithSession } from '../support/renderWithSession';

const ALONE = { joinTimeoutMs: 20 } as const;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };

describe('SsoCallbackPage', () => {
  it('shows the login form on a visit without an answer, and goes on once the user signs in', async () => {
    const navigate = vi.fn();
    const tab = await renderWithSession(<SsoCallbackPage navigate={navigate} />, {
      settings: ALONE,
    });
    expect(await tab.findByRole('textbox', { name: 'User name' })).toBeInTheDocument();
    expect((await axe.run(tab.container, WCAG)).violations).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();

    await act(() => tab.session.manager.signIn(OLIVIA));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(tab.getByRole('status')).toHaveTextContent('Completing sign-in…');
  });
});
