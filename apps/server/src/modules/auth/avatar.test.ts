import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';
import { minimalPdf, multipart } from '../../test/media.js';

/** A 300×200 photo, red on the left and blue on the right, that EXIF says to show turned a quarter clockwise. */
const sidewaysPhoto = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">' +
        '<rect width="150" height="200" fill="#ff0000"/><rect x="150" width="150" height="200" fill="#0000ff"/></svg>',
    ),
  )
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

const solid = (background: string, width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background } });

describe(`avatars through the media pipeline (${dialectName})`, () => {
  let t: TestApp;
  let user: Session;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t.app, { name: 'Ada' });
  });
  afterAll(async () => t.close());

  const upload = (credential: Session | string | null, content: Buffer, name = 'file', filename = 'me.jpg') => {
    const { payload, headers } = multipart([{ name, filename, content }]);
    return call(t.app, credential, { method: 'POST', url: '/api/v1/auth/me/avatar', payload, headers });
  };
  const fileOf = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('turns the picture upright, crops a centred square and serves it as a 256×256 WebP for a year', async () => {
    const answer = await upload(user, await sidewaysPhoto());
    expect(answer.statusCode, answer.body).toBe(200);
    const me = answer.json();
    expect(me).toMatchObject({ id: user.userId, name: 'Ada', has_password: true });
    expect(me.avatar_url).toMatch(/^http:\/\/plinth\.test\/media\/avatars\/[a-f0-9]{64}\.webp$/);
    expect((await call(t.app, user, { method: 'GET', url: '/api/v1/auth/me' })).json().avatar_url).toBe(me.avatar_url);

    const file = await fileOf(me.avatar_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 256, height: 256 });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    // Upright, the left (red) half is on top: red above, blue below, across the whole width.
    for (const x of [20, 128, 236]) {
      expect(pixel(x, 20)[0], `red at ${x},20`).toBeGreaterThan(200);
      expect(pixel(x, 236)[2], `blue at ${x},236`).toBeGreaterThan(200);
    }
    const etag = String(file.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: new URL(me.avatar_url).pathname,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('replaces the picture and deletes the previous file; the same image again keeps its file', async () => {
    const first = (await upload(user, await solid('#00aa00').png().toBuffer(), 'file', 'a.png')).json().avatar_url;
    for (const [format, content] of [
      ['gif', await solid('#aa0000').gif().toBuffer()],
      ['webp', await solid('#0000aa').webp().toBuffer()],
    ] as const) {
      const answer = await upload(user, content, 'file', `picture.${format}`);
      expect(answer.statusCode, `${format}: ${answer.body}`).toBe(200);
    }
    const png = await solid('#123456', 300, 300).png().toBuffer();
    const current = (await upload(user, png)).json().avatar_url;
    expect(current).not.toBe(first);
    expectError(await fileOf(first), 404, 'NOT_FOUND');
    expect((await upload(user, png)).json().avatar_url).toBe(current);
    expect((await fileOf(current)).statusCode).toBe(200);

    // Someone else's identical picture is a file of its own: removing it leaves this one.
    const other = await signUp(t.app);
    const theirs = (await upload(other, png)).json().avatar_url;
    expect(theirs).not.toBe(current);
    const cleared = await call(t.app, other, { method: 'DELETE', url: '/api/v1/auth/me/avatar' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ id: other.userId, avatar_url: null });
    expectError(await fileOf(theirs), 404, 'NOT_FOUND');
    expect((await fileOf(current)).statusCode).toBe(200);
  });

  it("keeps a picture someone else points at: clearing one's own copy of its URL deletes nothing", async () => {
    const owner = await signUp(t.app);
    const theirs = (await upload(owner, await solid('#336699').png().toBuffer())).json().avatar_url;
    const copier = await signUp(t.app);
    const patched = await call(t.app, copier, {
      method: 'PATCH',
      url: '/api/v1/auth/me',
      payload: { avatar_url: theirs },
    });
    expect(patched.json()).toMatchObject({ avatar_url: theirs });
    expect((await call(t.app, copier, { method: 'DELETE', url: '/api/v1/auth/me/avatar' })).json()).toMatchObject({
      avatar_url: null,
    });
    expect((await upload(copier, await solid('#996633').png().toBuffer())).statusCode).toBe(200);
    expect((await fileOf(theirs)).statusCode).toBe(200);
    // Its owner replacing it still deletes it, once nobody points at it.
    await call(t.app, owner, { method: 'DELETE', url: '/api/v1/auth/me/avatar' });
    expectError(await fileOf(theirs), 404, 'NOT_FOUND');
  });

  it('clears a picture from elsewhere without touching storage', async () => {
    const someone = await signUp(t.app);
    const url = 'https://avatars.example.com/someone.png';
    expect(
      (await call(t.app, someone, { method: 'PATCH', url: '/api/v1/auth/me', payload: { avatar_url: url } })).json(),
    ).toMatchObject({ avatar_url: url });
    const cleared = await call(t.app, someone, { method: 'DELETE', url: '/api/v1/auth/me/avatar' });
    expect(cleared.json()).toMatchObject({ avatar_url: null });
  });

  it('takes raster images only, read from their bytes, up to 5 MB', async () => {
    const before = (await call(t.app, user, { method: 'GET', url: '/api/v1/auth/me' })).json().avatar_url;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expectError(await upload(user, svg, 'file', 'me.png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await upload(user, minimalPdf(), 'file', 'me.jpg'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await upload(user, Buffer.from('just words'), 'file', 'me.gif'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // A PNG cut short: the type is right, the picture unreadable.
    const png = await solid('#445566', 200, 200).png().toBuffer();
    expectError(await upload(user, png.subarray(0, 60)), 400, 'VALIDATION_FAILED');
    expectError(await upload(user, Buffer.alloc(5 * 1024 * 1024 + 1, 1)), 413, 'PAYLOAD_TOO_LARGE');
    // One part named file, and nothing else.
    const wrongName = expectError(await upload(user, png, 'picture'), 400, 'VALIDATION_FAILED');
    expect(wrongName.details).toEqual([{ path: 'picture', message: 'is not allowed' }]);
    const extra = multipart([
      { name: 'alt', value: 'me' },
      { name: 'file', filename: 'me.png', content: png },
    ]);
    expectError(
      await call(t.app, user, { method: 'POST', url: '/api/v1/auth/me/avatar', ...extra }),
      400,
      'VALIDATION_FAILED',
    );
    const empty = multipart([]);
    expectError(
      await call(t.app, user, { method: 'POST', url: '/api/v1/auth/me/avatar', ...empty }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call(t.app, user, { method: 'POST', url: '/api/v1/auth/me/avatar', payload: { file: 'x' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect((await call(t.app, user, { method: 'GET', url: '/api/v1/auth/me' })).json().avatar_url).toBe(before);
  });

  it('is for signed-in people: API tokens get a 403, no credential a 401', async () => {
    const png = await solid('#778899').png().toBuffer();
    const token = await createToken(t.app, user, await createProject(t.app, user), ['media:write']);
    expectError(await upload(token, png), 403, 'FORBIDDEN');
    expectError(await upload(null, png), 401, 'UNAUTHENTICATED');
    expectError(await call(t.app, token, { method: 'DELETE', url: '/api/v1/auth/me/avatar' }), 403, 'FORBIDDEN');
    expectError(await call(t.app, null, { method: 'DELETE', url: '/api/v1/auth/me/avatar' }), 401, 'UNAUTHENTICATED');
  });

  it('serves only names it makes: anything else is a 400, an unknown one a 404', async () => {
    expectError(await t.app.inject({ url: '/media/avatars/me.png' }), 400, 'VALIDATION_FAILED');
    expectError(await t.app.inject({ url: `/media/avatars/${'A'.repeat(64)}.webp` }), 400, 'VALIDATION_FAILED');
    expectError(await t.app.inject({ url: `/media/avatars/${'0'.repeat(64)}.webp` }), 404, 'NOT_FOUND');
  });
});
