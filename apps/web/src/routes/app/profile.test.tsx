import type { CurrentUser, LinkedIdentity } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session';
import { type FetchCall, fakeAppApi, json, renderApp, signIn, testUser } from '../../test/render';

// The browser's image decoding and canvas are not in the test DOM: the cropper reports a chosen
// square at once, and cropping answers a small WebP.
vi.mock('react-easy-crop', async () => {
  const { useEffect } = await import('react');
  return {
    default: function FakeCropper({ onCropComplete }: { onCropComplete?: (area: unknown, pixels: unknown) => void }) {
      // Once, as the real one does when the picture has loaded.
      useEffect(() => {
        onCropComplete?.({ x: 0, y: 0, width: 100, height: 100 }, { x: 40, y: 10, width: 300, height: 300 });
      }, []);
      return <div data-testid="cropper" />;
    },
  };
});
vi.mock('../../features/profile/utils/crop-image', () => ({
  cropImage: vi.fn(async () => new Blob(['cropped'], { type: 'image/webp' })),
}));

const me = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({ ...testUser, has_password: true, ...overrides });

const github: LinkedIdentity = {
  provider: 'github',
  email: 'ada@users.github.com',
  linked_at: '2026-03-01T10:00:00.000Z',
};
const google: LinkedIdentity = { provider: 'google', email: null, linked_at: '2026-03-02T10:00:00.000Z' };

const validation = (path: string, message: string) =>
  json(400, {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: `${path} ${message}`,
    details: [{ path, message }],
  });

/** The account API: PATCH and the avatar calls change what later reads answer. */
function serveAccount({
  user = me(),
  identities = [] as LinkedIdentity[],
  answer,
}: {
  user?: CurrentUser;
  identities?: LinkedIdentity[];
  answer?: (call: FetchCall) => Response | undefined;
} = {}) {
  let current = user;
  let linked = identities;
  return fakeAppApi((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/api/v1/auth/me' && call.method === 'GET') return json(200, current);
    if (call.path === '/api/v1/auth/me' && call.method === 'PATCH') {
      current = { ...current, ...(call.body as Partial<CurrentUser>) };
      return json(200, current);
    }
    if (call.path === '/api/v1/auth/me/avatar' && call.method === 'POST') {
      current = { ...current, avatar_url: 'http://localhost/media/avatars/u1-2.webp' };
      return json(200, current);
    }
    if (call.path === '/api/v1/auth/me/avatar' && call.method === 'DELETE') {
      current = { ...current, avatar_url: null };
      return json(200, current);
    }
    if (call.path === '/api/v1/auth/me/identities' && call.method === 'GET') return json(200, { data: linked });
    const unlink = /^\/api\/v1\/auth\/me\/identities\/(\w+)$/.exec(call.path);
    if (unlink && call.method === 'DELETE') {
      linked = linked.filter((identity) => identity.provider !== unlink[1]);
      return new Response(null, { status: 204 });
    }
    if (call.path === '/api/v1/auth/change-password') return new Response(null, { status: 204 });
    if (call.path === '/api/v1/auth/oauth/providers') {
      return json(200, {
        data: [
          { id: 'github', name: 'GitHub' },
          { id: 'google', name: 'Google' },
        ],
      });
    }
    return undefined;
  });
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('profile', () => {
  it('shows a skeleton, then the name, the email and the sections; /app/settings/profile is the same screen', async () => {
    signIn();
    serveAccount();
    renderApp('/app/settings/profile');
    expect(await screen.findByRole('status', { name: 'Loading your profile' })).toBeTruthy();
    expect(await screen.findByLabelText('Name')).toHaveProperty('value', 'Ada Lovelace');
    expect(screen.getByText('ada@example.com', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Password' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(await screen.findByText(/No sign-in provider is linked/)).toBeTruthy();
  });

  it('says when the profile could not be loaded, and tries again', async () => {
    signIn();
    let reads = 0;
    serveAccount({
      // The first read is the session check at start; the profile's own read fails once.
      answer: (call) =>
        call.path === '/api/v1/auth/me' && call.method === 'GET' && ++reads === 2
          ? json(500, { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong on our side' })
          : undefined,
    });
    const { user } = renderApp('/app/profile');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your profile.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Name')).toBeTruthy();
  });

  it('saves the name, and the account menu shows it at once', async () => {
    signIn();
    const calls = serveAccount();
    const { user } = renderApp('/app/profile');
    const name = await screen.findByLabelText('Name');
    const save = screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.clear(name);
    await user.click(save);
    expect(await screen.findByText('Enter your name')).toBeTruthy();

    await user.type(name, 'Ada King');
    await user.click(save);
    expect(await screen.findByText('Your profile was saved.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/v1/auth/me', body: { name: 'Ada King' } }),
    ]);
    expect(screen.getByRole('button', { name: 'Account menu for Ada King' })).toBeTruthy();
    expect(getSession().user?.name).toBe('Ada King');
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('crops a chosen picture and uploads the crop as a multipart file; the avatar changes everywhere', async () => {
    signIn();
    serveAccount();
    const { user } = renderApp('/app/profile');
    await screen.findByLabelText('Name');
    const { cropImage } = await import('../../features/profile/utils/crop-image');

    // The file picker's "All files" lets anything through its accept list.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(screen.getByLabelText('Picture file'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeTruthy();

    await user.upload(screen.getByLabelText('Picture file'), new File(['png'], 'me.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
    expect(within(dialog).getByLabelText('Zoom')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save picture' }));

    expect(await screen.findByText('Your picture was updated.')).toBeTruthy();
    expect(cropImage).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), { x: 40, y: 10, width: 300, height: 300 });
    const upload = vi
      .mocked(fetch)
      .mock.calls.find(([url, init]) => String(url).endsWith('/api/v1/auth/me/avatar') && init?.method === 'POST');
    const body = upload?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const file = (body as FormData).get('file') as File;
    expect(file.type).toBe('image/webp');
    expect(file.name).toBe('avatar.webp');
    // The browser sets the multipart Content-Type (with its boundary) itself.
    expect(((upload?.[1]?.headers ?? {}) as Record<string, string>)['Content-Type']).toBeUndefined();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getSession().user?.avatar_url).toBe('http://localhost/media/avatars/u1-2.webp');
    const menu = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(menu.querySelector('img')?.getAttribute('src')).toBe('http://localhost/media/avatars/u1-2.webp');
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeTruthy();
  });

  it('keeps the crop dialog open with the reason when the upload is refused', async () => {
    signIn();
    serveAccount({
      answer: (call) =>
        call.path === '/api/v1/auth/me/avatar'
          ? json(415, {
              statusCode: 415,
              code: 'UNSUPPORTED_MEDIA_TYPE',
              message: 'This file is not an image we accept',
            })
          : undefined,
    });
    const { user } = renderApp('/app/profile');
    await screen.findByLabelText('Name');
    await user.upload(screen.getByLabelText('Picture file'), new File(['png'], 'me.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
    await user.click(within(dialog).getByRole('button', { name: 'Save picture' }));
    expect(await within(dialog).findByText('This file is not an image we accept')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save picture' })).toBeTruthy();
  });

  it('removes the picture after asking', async () => {
    signIn({ ...testUser, avatar_url: 'http://localhost/media/avatars/u1.webp' });
    const calls = serveAccount({ user: me({ avatar_url: 'http://localhost/media/avatars/u1.webp' }) });
    const { user } = renderApp('/app/profile');
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your picture?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Your picture was removed.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/auth/me/avatar')).toBe(true);
    expect(getSession().user?.avatar_url).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a picture' })).toBeTruthy();
  });

  it('changes the password: a wrong current password shows beside its field, then success says other sessions ended', async () => {
    signIn();
    let attempts = 0;
    const calls = serveAccount({
      answer: (call) =>
        call.path === '/api/v1/auth/change-password' && ++attempts === 1
          ? validation('current_password', 'is incorrect')
          : undefined,
    });
    const { user } = renderApp('/app/profile');
    const current = await screen.findByLabelText('Current password');
    await user.type(current, 'wrong password');
    await user.type(screen.getByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
    expect(attempts).toBe(0);

    await user.type(screen.getByLabelText('Confirm new password'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(current);
    // The typed passwords stay, so only the wrong one needs typing again.
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('a new passphrase');

    await user.clear(current);
    await user.type(current, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was saved. Your other sessions were signed out.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/v1/auth/change-password').map((call) => call.body)).toEqual([
      { current_password: 'wrong password', new_password: 'a new passphrase' },
      { current_password: 'correct horse', new_password: 'a new passphrase' },
    ]);
    expect((current as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/signs you out on every other browser and device/)).toBeTruthy();
  });

  it('lets an account without a password set its first one with the new password alone', async () => {
    signIn();
    const calls = serveAccount({ user: me({ has_password: false }), identities: [github] });
    const { user } = renderApp('/app/profile');
    expect(await screen.findByRole('region', { name: 'Set a password' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Use at least 8 characters')).toBeTruthy();

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('New password'), 'first passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'first passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await screen.findByText('Your password was saved. Your other sessions were signed out.');
    expect(calls.find((call) => call.path === '/api/v1/auth/change-password')?.body).toEqual({
      new_password: 'first passphrase',
    });
    // Now it has one: the form asks for it next time, and the last provider may go.
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Unlink GitHub' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('unlinks a sign-in provider after asking', async () => {
    signIn();
    const calls = serveAccount({ identities: [github, google] });
    const { user } = renderApp('/app/profile');
    const list = await screen.findByRole('list', { name: 'Linked sign-in providers' });
    expect(within(list).getByText(/ada@users\.github\.com/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Unlink GitHub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink GitHub?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('The sign-in provider was unlinked.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/auth/me/identities/github')).toBe(
      true,
    );
    await waitFor(() => expect(within(list).queryByText('GitHub')).toBeNull());
    expect(screen.getByText(/To link GitHub, sign out and continue with it/)).toBeTruthy();
  });

  it('refuses to unlink the last way into an account without a password, as the server does', async () => {
    signIn();
    serveAccount({
      user: me({ has_password: false }),
      identities: [github],
    });
    renderApp('/app/profile');
    const unlink = (await screen.findByRole('button', { name: 'Unlink GitHub' })) as HTMLButtonElement;
    expect(unlink.disabled).toBe(true);
    expect(
      screen.getByText(
        'Signing in with GitHub is the only way into this account; set a password or link another provider before unlinking it.',
      ),
    ).toBeTruthy();
  });

  it("shows the server's reason when it refuses an unlink", async () => {
    signIn();
    const message =
      'Signing in with Google is the only way into this account; set a password or link another provider before unlinking it';
    serveAccount({
      identities: [github, google],
      answer: (call) =>
        call.method === 'DELETE' && call.path.endsWith('/identities/google')
          ? json(409, { statusCode: 409, code: 'CONFLICT', message })
          : undefined,
    });
    const { user } = renderApp('/app/profile');
    await user.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
