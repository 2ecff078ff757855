import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../lib/session';
import { fakeFetch, json, renderApp, testUser } from '../../test/render';

const login = { access_token: 'a1', refresh_token: 'r1', token_type: 'Bearer', expires_in: 900, user: testUser };

describe('social sign-in callbacks', () => {
  it.each(['github', 'google', 'oidc'])('trades the %s code for a session and opens the app', async (provider) => {
    const calls = fakeFetch((call) => {
      if (call.path === `/api/v1/auth/oauth/${provider}/callback`) return json(200, login);
      if (call.path === '/api/v1/auth/me') return json(200, testUser);
      return json(200, { data: [], meta: { total: 0, page: 1, limit: 25 } });
    });
    const { router } = renderApp(`/auth/${provider}/callback?code=c0de&state=st4te`);
    // Signed in, with no project yet: the setup wizard.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project'));
    expect(getSession()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1', user: testUser });
    const exchanges = calls.filter((call) => call.path === `/api/v1/auth/oauth/${provider}/callback`);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({ method: 'POST', body: { code: 'c0de', state: 'st4te' } });
  });

  it('shows the server message when the exchange fails', async () => {
    fakeFetch(() =>
      json(400, { statusCode: 400, code: 'VALIDATION_FAILED', message: 'This sign-in link has expired' }),
    );
    renderApp('/auth/github/callback?code=old&state=s');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This sign-in link has expired');
    expect(getSession().accessToken).toBeNull();
  });

  it('does not call the server when the provider refused or the link is incomplete', async () => {
    const calls = fakeFetch(() => json(200, login));
    renderApp('/auth/google/callback?error=access_denied');
    expect((await screen.findByRole('alert')).textContent).toBe('Google did not sign you in: access_denied');
    expect(calls).toHaveLength(0);
  });

  it('names single sign-on on its page', async () => {
    fakeFetch(() => json(200, login));
    renderApp('/auth/oidc/callback?error=access_denied');
    expect((await screen.findByRole('alert')).textContent).toBe('Single sign-on did not sign you in: access_denied');
  });

  it('knows only GitHub, Google and single sign-on', async () => {
    renderApp('/auth/myspace/callback?code=x&state=y');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /auth/myspace/callback' }),
    ).toBeTruthy();
  });
});
