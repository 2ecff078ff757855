import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAppApi, fakeFetch, json, renderApp, signIn, testUser } from '../test/render';
import { safeRedirect } from './auth';
import { getSession, updateUser } from './session';

const projects = { data: [], meta: { total: 0, page: 1, limit: 25 } };

describe('session and guards', () => {
  it('sends signed-out visitors of /app to /login, and back after they sign in', async () => {
    const calls = fakeFetch((call) => {
      if (call.path === '/api/v1/auth/login') {
        return json(200, {
          access_token: 'a1',
          refresh_token: 'r1',
          token_type: 'Bearer',
          expires_in: 900,
          user: testUser,
        });
      }
      if (call.path === '/api/v1/auth/me') return json(200, testUser);
      return json(200, projects);
    });
    const { router, user } = renderApp('/app/project');

    await screen.findByRole('heading', { level: 1, name: 'Sign in to Plinth' });
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: 'Set up a new project' });
    expect(router.state.location.pathname).toBe('/app/project');
    expect(calls.find((call) => call.path === '/api/v1/auth/login')?.body).toEqual({
      username: 'ada@example.com',
      password: 'correct horse',
    });
    expect(getSession()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1', user: testUser });
  });

  it('sends signed-in users away from /login and /register', async () => {
    signIn();
    fakeFetch((call) => (call.path === '/api/v1/auth/me' ? json(200, testUser) : json(200, projects)));
    const { router } = renderApp('/register');
    // With no project yet, the app opens the setup wizard.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/project'));
  });

  it('counts a stored session as signed in at once, then keeps it when /auth/me confirms it', async () => {
    signIn();
    let confirm = (_answer: Response) => {};
    const confirmed = new Promise<Response>((resolve) => {
      confirm = resolve;
    });
    const calls = fakeAppApi((call) => (call.path === '/api/v1/auth/me' ? confirmed : undefined));
    renderApp('/app');
    // The app is there before /auth/me has answered.
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeTruthy();
    confirm(json(200, { ...testUser, name: 'Ada King' }));
    await waitFor(() => expect(getSession().user?.name).toBe('Ada King'));
    expect(await screen.findByRole('button', { name: 'Account menu for Ada King' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/v1/auth/me')?.headers.Authorization).toBe('Bearer access-1');
  });

  it('keeps the session when /auth/me fails for another reason than a refused session', async () => {
    signIn();
    fakeAppApi((call) =>
      call.path === '/api/v1/auth/me'
        ? json(503, { statusCode: 503, code: 'UNAVAILABLE', message: 'The database is not reachable' })
        : undefined,
    );
    const { router } = renderApp('/app/projects/p1');
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1'));
    expect(getSession().accessToken).toBe('access-1');
  });

  it('clears the session and leaves /app when /auth/me refuses it', async () => {
    signIn();
    fakeFetch((call) => {
      if (call.path === '/api/v1/auth/me' || call.path === '/api/v1/projects') {
        return json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Sign in again' });
      }
      return json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Refresh token revoked' });
    });
    const { router } = renderApp('/app');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Plinth' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('plinth.access_token')).toBeNull();
    expect(localStorage.getItem('plinth.refresh_token')).toBeNull();
    expect(localStorage.getItem('plinth.user')).toBeNull();
  });

  it('signs out from the account menu', async () => {
    signIn();
    const calls = fakeAppApi((call) =>
      call.path === '/api/v1/auth/logout' ? new Response(null, { status: 204 }) : undefined,
    );
    const { router, user } = renderApp('/app');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Plinth' });
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().accessToken).toBeNull();
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/auth/logout')?.body).toEqual({ refresh_token: 'refresh-1' }),
    );
  });

  it('follows only paths of this site after sign-in', () => {
    expect(safeRedirect('/app/projects/p1/content?collection=posts#top')).toBe(
      '/app/projects/p1/content?collection=posts#top',
    );
    for (const crafted of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(safeRedirect(crafted), crafted).toBe('/app');
    }
    expect(safeRedirect(null)).toBe('/app');
  });

  it('merges profile updates into the stored user', () => {
    signIn();
    updateUser({ avatar_url: 'https://example.com/a.png' });
    expect(JSON.parse(localStorage.getItem('plinth.user') ?? '{}')).toEqual({
      ...testUser,
      avatar_url: 'https://example.com/a.png',
    });
  });
});
