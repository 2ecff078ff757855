import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderApp } from '../../test/render';

const providers = {
  data: [
    { id: 'github', name: 'GitHub' },
    { id: 'oidc', name: 'Acme SSO' },
  ],
};

const startUrl = (provider: string) =>
  `/api/v1/auth/oauth/${provider}/start?redirect_uri=${encodeURIComponent(`${window.location.origin}/auth/${provider}/callback`)}`;

describe('"Continue with …" buttons', () => {
  it.each(['/login', '/register'])(
    '%s offers each configured provider, sending the browser to its start',
    async (path) => {
      const calls = fakeFetch((call) =>
        call.path === '/api/v1/auth/oauth/providers' ? json(200, providers) : json(404, { message: 'Not found' }),
      );
      renderApp(path);
      const github = await screen.findByRole('link', { name: 'Continue with GitHub' });
      expect(github.getAttribute('href')).toBe(startUrl('github'));
      expect(screen.getByRole('link', { name: 'Continue with Acme SSO' }).getAttribute('href')).toBe(startUrl('oidc'));
      expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/auth/oauth/providers']);
    },
  );

  it.each([
    ['none is configured', () => json(200, { data: [] })],
    ['the list cannot be loaded', () => json(503, { statusCode: 503, code: 'INTERNAL', message: 'Unavailable' })],
  ])('shows no button when %s, and the form as usual', async (_case, answer) => {
    const calls = fakeFetch(answer);
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /^Continue with/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});
