import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, renderApp, testUser } from '../test/render';

const error = (statusCode: number, message?: string) =>
  json(statusCode, { statusCode, error: 'Error', code: 'X', ...(message ? { message } : {}) });

describe('login', () => {
  it("shows the server's message when sign-in is refused", async () => {
    fakeFetch(() => error(401, 'Invalid email or password'));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  });

  it("shows 'Login failed' when the server sends no message", async () => {
    fakeFetch(() => new Response('Bad gateway', { status: 502 }));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeTruthy();
  });

  it('checks the fields before calling the server', async () => {
    const calls = fakeFetch(() => error(500));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    // Only the list of sign-in providers is asked for.
    expect(calls.filter((call) => call.path !== '/api/v1/auth/oauth/providers')).toHaveLength(0);
  });
});

describe('register', () => {
  async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Work email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.type(screen.getByLabelText('Company (optional)'), 'Engines Ltd');
    await user.click(screen.getByRole('button', { name: 'Request demo access' }));
  }

  it('thanks the user in a dialog that the Close button closes', async () => {
    const calls = fakeFetch(() => json(201, { user: testUser, status: 'pending' }));
    const { user } = renderApp('/register');
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Thank you for registering!' });
    expect(within(dialog).getByText(/received your request\. A manager will contact you .* demo access/)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/v1/auth/register')?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
      company: 'Engines Ltd',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the thank-you text when the server activates the account at once', async () => {
    fakeFetch(() => json(201, { user: testUser, status: 'active' }));
    const { user } = renderApp('/register');
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Thank you for registering!' });
    expect(within(dialog).getByText(/A manager will contact you/)).toBeTruthy();
  });

  it("shows the server's message when registration is refused", async () => {
    fakeFetch(() => error(409, 'An account with this email already exists'));
    const { user } = renderApp('/register');
    await fillAndSubmit(user);
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the token of an invitation link and fills in the invited email', async () => {
    const calls = fakeFetch(() => json(201, { user: testUser, status: 'active' }));
    const { user } = renderApp('/register?invitation=tok_abcdefghijklmnop&email=ivy%40example.com');
    expect(await screen.findByRole('heading', { name: 'Join your team on Plinth' })).toBeTruthy();
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('ivy@example.com');
    await user.type(screen.getByLabelText('Full name'), 'Ivy Invitee');
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your account is ready' });
    expect(within(dialog).getByText(/joined the project you were invited to/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      method: 'POST',
      path: '/api/v1/auth/register',
      body: {
        name: 'Ivy Invitee',
        email: 'ivy@example.com',
        password: 'analytical-engine',
        invitation_token: 'tok_abcdefghijklmnop',
      },
    });
  });

  it("shows 'Registration failed' when the server sends no message", async () => {
    fakeFetch(() => error(500));
    const { user } = renderApp('/register');
    await fillAndSubmit(user);
    expect(await screen.findByText('Registration failed')).toBeTruthy();
  });
});

describe('forgot password', () => {
  async function submit(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  }

  it("shows the server's answer when the link is sent", async () => {
    const calls = fakeFetch(() => json(202, { message: 'Check your inbox for a reset link' }));
    const { user } = renderApp('/forgot-password');
    await submit(user);
    expect(await screen.findByText('Check your inbox for a reset link')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/auth/forgot-password',
      body: { email: 'ada@example.com' },
    });
  });

  it("shows the server's message on failure", async () => {
    fakeFetch(() => error(429, 'Too many attempts, try again in 15 minutes'));
    const { user } = renderApp('/forgot-password');
    await submit(user);
    expect(await screen.findByText('Too many attempts, try again in 15 minutes')).toBeTruthy();
  });

  it("shows 'Failed to send reset link' when the server sends no message", async () => {
    fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderApp('/forgot-password');
    await submit(user);
    expect(await screen.findByText('Failed to send reset link')).toBeTruthy();
  });
});

describe('reset password', () => {
  it('sends the token from the link with the new password, then goes to sign in', async () => {
    const calls = fakeFetch(() => new Response(null, { status: 204 }));
    const { user, router } = renderApp('/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Plinth' });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls[0]?.body).toEqual({ token: 'tok-123', password: 'a-new-password' });
  });

  it('explains what to do when the link has no token', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('link', { name: 'ask for a new one' })).toBeTruthy();
  });
});
