import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_KEY } from '../../../lib/consent';
import { renderApp } from '../../../test/render';

afterEach(() => localStorage.removeItem(CONSENT_KEY));

describe('cookie banner', () => {
  it.each([
    ['Accept', 'accepted'],
    ['Decline', 'declined'],
  ])('stores the choice when the visitor clicks %s, and goes away', async (button, stored) => {
    const { user } = renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Cookies and analytics' });
    await user.click(screen.getByRole('button', { name: button }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe(stored);
    await waitFor(() => expect(banner.isConnected).toBe(false));
  });

  it('does not ask again once the visitor chose', async () => {
    localStorage.setItem(CONSENT_KEY, 'declined');
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
  });

  it('lets the visitor change the choice on the cookie policy page', async () => {
    localStorage.setItem(CONSENT_KEY, 'declined');
    const { user } = renderApp('/cookies');
    expect(await screen.findByText('You declined analytics cookies.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('accepted');
    expect(await screen.findByText('You accepted analytics cookies.')).toBeTruthy();
  });
});
