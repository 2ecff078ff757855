import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection } from '../../../apps/server/src/test/content.js';
import type { PlinthClient } from './client.js';
import { mediaUrl } from './media.js';
import { clientOf, type SdkTestServer, startSdkServer } from './test/server.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('mediaUrl', () => {
  it('adds the transform parameters to the asset URL', () => {
    const asset = { url: 'https://cms.example.com/media/p1/a1/cover%20photo.jpg' };
    expect(mediaUrl(asset, { w: 800, h: 600, fit: 'cover', format: 'webp', q: 80 })).toBe(
      'https://cms.example.com/media/p1/a1/cover%20photo.jpg?w=800&h=600&fit=cover&format=webp&q=80',
    );
    expect(mediaUrl(asset.url)).toBe(asset.url);
  });
});

describe('media through the SDK, over HTTP', () => {
  let server: SdkTestServer;
  let client: PlinthClient;

  beforeAll(async () => {
    server = await startSdkServer();
    client = clientOf(server, { token: await server.token(['media:read', 'media:write']) });
  });
  afterAll(() => server.close());

  it('uploads a Buffer as multipart, with alt text and folder', async () => {
    const asset = await client.media.upload(await png(4, 3), {
      filename: 'harbour.png',
      alt: 'Harbour at dawn',
      folder: 'covers',
    });
    expect(asset).toMatchObject({
      filename: 'harbour.png',
      mime_type: 'image/png',
      width: 4,
      height: 3,
      alt: 'Harbour at dawn',
      folder: 'covers',
    });
    expect(await client.media.get(asset.id)).toEqual(asset);
  });

  it('uploads a File and a Blob, and lists them by type, folder and search', async () => {
    const file = new File([await png(2, 2)], 'from-file.png', { type: 'image/png' });
    const fromFile = await client.media.upload(file, { folder: 'files' });
    expect(fromFile.filename).toBe('from-file.png');
    const fromBlob = await client.media.upload(new Blob(['just some words']), {
      filename: 'notes.txt',
      folder: 'files',
    });
    expect(fromBlob).toMatchObject({ filename: 'notes.txt', width: null });

    const inFolder = await client.media.list({ folder: 'files' });
    expect(inFolder.data.map((asset) => asset.filename).sort()).toEqual(['from-file.png', 'notes.txt']);
    expect(inFolder.meta.total).toBe(2);
    const images = await client.media.list({ folder: 'files', type: 'image' });
    expect(images.data.map((asset) => asset.id)).toEqual([fromFile.id]);
    const searched = await client.media.list({ q: 'notes' });
    expect(searched.data.map((asset) => asset.id)).toEqual([fromBlob.id]);
  });

  it('replays an upload retried with the same Idempotency-Key', async () => {
    const bytes = await png(3, 3);
    const first = await client.media.upload(bytes, { filename: 'retry.png', idempotencyKey: 'upload-1' });
    const again = await client.media.upload(bytes, { filename: 'retry.png', idempotencyKey: 'upload-1' });
    expect(again.id).toBe(first.id);
    expect((await client.media.list({ q: 'retry' })).meta.total).toBe(1);
  });

  it('builds transform URLs the file route serves', async () => {
    const asset = await client.media.upload(await png(40, 20), { filename: 'wide.png' });
    const url = new URL(client.media.url(asset, { w: 10, fit: 'inside', format: 'webp', q: 60 }));
    expect(url.searchParams.toString()).toBe('w=10&fit=inside&format=webp&q=60');
    // The asset URL carries the configured PUBLIC_URL; the test server listens elsewhere.
    const response = await fetch(`${server.url}${url.pathname}${url.search}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([10, 5]);
  });

  it('lists the folders with their counts, and the documents that use a file', async () => {
    const owner = clientOf(server);
    await createCollection(server.t.app, server.owner, server.projectId, {
      slug: 'stories',
      name: 'Stories',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'cover', type: 'media' },
      ],
    });
    const cover = await owner.media.upload(await png(2, 2), { filename: 'story.png', folder: 'stories' });
    const story = await owner.collection('stories').create({ title: 'Harbour', cover: cover.id });

    expect(await owner.media.folders()).toEqual(
      expect.arrayContaining([
        { name: 'covers', count: 1 },
        { name: 'stories', count: 1 },
      ]),
    );
    expect(await owner.media.references(cover.id)).toEqual({
      data: [{ id: story.id, collection: 'stories', title: 'Harbour', status: 'draft', updated_at: story.updated_at }],
      meta: { total: 1 },
    });
    await expect(client.media.references(cover.id)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('answers a token without media:write with FORBIDDEN', async () => {
    const reader = clientOf(server, { token: await server.token(['media:read']) });
    await expect(reader.media.upload(await png(1, 1), { filename: 'x.png' })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });
});
