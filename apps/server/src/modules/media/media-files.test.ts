import fs from 'node:fs';
import path from 'node:path';
import type { Asset } from '@plinth/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../test/content.js';
import { call, dialectName, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import { createMediaTestApp, minimalPdf, multipart, pngBomb, tinyMp4 } from '../../test/media.js';
import { MAX_VARIANTS_PER_ASSET } from './media-files.js';

const SANDBOX = "default-src 'none'; sandbox";
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe(`media file delivery (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let photo: Asset;
  let halves: Asset;
  let clip: Asset;
  let clipBytes: Buffer;
  let svg: Asset;
  let html: Asset;
  let pdf: Asset;

  async function uploaded(filename: string, content: Buffer): Promise<Asset> {
    const { payload, headers } = multipart([{ name: 'file', filename, content }]);
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/media`,
      payload,
      headers,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Asset }>().data;
  }

  const get = (asset: Asset, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${new URL(asset.url).pathname}${query}`, headers });

  /** The colour of one output pixel, as [r, g, b]. */
  async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const offset = (y * info.width + x) * info.channels;
    return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
  }

  beforeAll(async () => {
    t = await createMediaTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    photo = await uploaded(
      'photo.jpg',
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer(),
    );
    // Left half red, right half blue: where a crop lands shows in its colour.
    halves = await uploaded(
      'halves.png',
      await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
        .composite([
          {
            input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } },
            left: 200,
            top: 0,
          },
        ])
        .png()
        .toBuffer(),
    );
    clipBytes = tinyMp4(5000);
    clip = await uploaded('clip.mp4', clipBytes);
    svg = await uploaded(
      'logo.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>',
      ),
    );
    html = await uploaded('hello.html', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'));
    pdf = await uploaded('terms.pdf', minimalPdf());
  });
  afterAll(async () => t.close());

  describe('originals', () => {
    it('serves the bytes with immutable caching, an ETag and nosniff', async () => {
      const response = await get(photo);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(SANDBOX);
      expect(response.headers['content-disposition']).toMatch(/^inline; filename="photo.jpg"/);
      expect(response.headers['content-length']).toBe(String(photo.size));
      expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(response.rawPayload.length).toBe(photo.size);
      const head = await t.app.inject({ method: 'HEAD', url: new URL(photo.url).pathname });
      expect(head.statusCode).toBe(200);
      expect(head.headers.etag).toBe(response.headers.etag);
    });

    it('answers a matching If-None-Match with 304 and no body', async () => {
      const etag = (await get(photo)).headers.etag as string;
      const cached = await get(photo, '', { 'if-none-match': etag });
      expect(cached.statusCode).toBe(304);
      expect(cached.rawPayload.length).toBe(0);
      expect(cached.headers.etag).toBe(etag);
      expect((await get(photo, '', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await get(photo, '', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });

    it('serves SVG only as a sandboxed attachment, never as a page', async () => {
      const response = await get(svg);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="logo.svg"/);
      expect(response.headers['content-security-policy']).toBe(SANDBOX);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // SVG is not transformed (rasterizing untrusted SVG is not worth the risk).
      expectError(await get(svg, '?w=10'), 400, 'VALIDATION_FAILED');
    });

    it('serves HTML and files named like images but holding HTML as sandboxed attachments', async () => {
      const response = await get(html);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(response.headers['content-security-policy']).toBe(SANDBOX);
      const disguised = await uploaded('cat.jpg', Buffer.from('<html><body onload="steal()"></body></html>'));
      const served = await get(disguised);
      expect(served.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(served.headers['content-disposition']).toMatch(/^attachment; filename="cat.jpg"/);
      expect(served.headers['content-security-policy']).toBe(SANDBOX);
      const xml = await uploaded('feed.xml', Buffer.from('<?xml version="1.0"?><rss><channel/></rss>'));
      expect(xml.mime_type).toBe('application/xml');
      expect((await get(xml)).headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('serves PDFs inline under the same sandbox', async () => {
      const response = await get(pdf);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^inline;/);
      expect(response.headers['content-security-policy']).toBe(SANDBOX);
    });

    it('encodes non-ASCII file names in Content-Disposition', async () => {
      const named = await uploaded('café menu #1.pdf', minimalPdf());
      expect(named.url).toBe(`http://plinth.test/media/${projectId}/${named.id}/caf%C3%A9%20menu%20%231.pdf`);
      const response = await get(named);
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="caf_ menu #1.pdf"; filename*=UTF-8''caf%C3%A9%20menu%20%231.pdf`,
      );
    });
  });

  describe('range requests', () => {
    it('answers a byte range with 206 and Content-Range', async () => {
      const size = clipBytes.length;
      const first = await get(clip, '', { range: 'bytes=0-99' });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
      expect(first.headers['content-length']).toBe('100');
      expect(first.headers['accept-ranges']).toBe('bytes');
      expect(first.rawPayload.equals(clipBytes.subarray(0, 100))).toBe(true);

      const middle = await get(clip, '', { range: 'bytes=1000-1499' });
      expect(middle.rawPayload.equals(clipBytes.subarray(1000, 1500))).toBe(true);
      const open = await get(clip, '', { range: `bytes=${size - 10}-` });
      expect(open.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(open.rawPayload.equals(clipBytes.subarray(size - 10))).toBe(true);
      const suffix = await get(clip, '', { range: 'bytes=-20' });
      expect(suffix.rawPayload.equals(clipBytes.subarray(size - 20))).toBe(true);
      const clamped = await get(clip, '', { range: `bytes=${size - 5}-${size + 100}` });
      expect(clamped.statusCode).toBe(206);
      expect(clamped.rawPayload.length).toBe(5);
    });

    it('answers 416 for a range outside the file', async () => {
      const size = clipBytes.length;
      const response = await get(clip, '', { range: `bytes=${size}-` });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
      expect(response.json()).toMatchObject({ statusCode: 416, code: 'RANGE_NOT_SATISFIABLE' });
      expect((await get(clip, '', { range: 'bytes=-0' })).statusCode).toBe(416);
    });

    it('sends the whole file for malformed or multiple ranges and a stale If-Range', async () => {
      for (const range of ['bytes=abc', 'items=0-5', 'bytes=0-1,5-6']) {
        const response = await get(clip, '', { range });
        expect(response.statusCode, range).toBe(200);
        expect(response.rawPayload.length).toBe(clipBytes.length);
      }
      const etag = (await get(clip)).headers.etag as string;
      expect((await get(clip, '', { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
      expect((await get(clip, '', { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
    });
  });

  describe('image transforms', () => {
    it('resizes and converts, read back with sharp', async () => {
      const cases: Array<[string, { width: number; height: number; format: string }]> = [
        ['?w=200', { width: 200, height: 150, format: 'jpeg' }],
        ['?h=60', { width: 80, height: 60, format: 'jpeg' }],
        ['?w=100&h=100', { width: 100, height: 100, format: 'jpeg' }],
        ['?w=100&h=100&fit=contain&format=png', { width: 100, height: 100, format: 'png' }],
        ['?w=100&h=100&fit=inside&format=webp', { width: 100, height: 75, format: 'webp' }],
        ['?w=64&format=avif&q=40', { width: 64, height: 48, format: 'heif' }],
        ['?format=png', { width: 800, height: 600, format: 'png' }],
        ['?w=1600', { width: 1600, height: 1200, format: 'jpeg' }],
      ];
      for (const [query, expected] of cases) {
        const response = await get(photo, query);
        expect(response.statusCode, `${query}: ${response.body.slice(0, 200)}`).toBe(200);
        const metadata = await sharp(response.rawPayload).metadata();
        expect({ width: metadata.width, height: metadata.height, format: metadata.format }, query).toEqual(expected);
        expect(response.headers['cache-control']).toBe(IMMUTABLE);
        expect(response.headers['content-disposition']).toMatch(/^inline;/);
      }
      const avif = await get(photo, '?w=64&format=avif&q=40');
      expect(avif.headers['content-type']).toBe('image/avif');
    });

    it('changes quality with q', async () => {
      const low = await get(photo, '?w=400&format=jpeg&q=5');
      const high = await get(photo, '?w=400&format=jpeg&q=100');
      expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
    });

    it('caches each variant once in storage, with its own ETag', async () => {
      const first = await get(photo, '?w=123&format=webp');
      const second = await get(photo, '?w=123&format=webp');
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(first.headers.etag).not.toBe((await get(photo)).headers.etag);
      const variants = fs.readdirSync(path.join(t.config.dataDir, 'media', projectId, photo.id, 'variants'));
      expect(variants.filter((name) => name.startsWith('123x'))).toEqual(['123xauto-cover-qauto.webp']);
      const cached = await get(photo, '?w=123&format=webp', { 'if-none-match': first.headers.etag as string });
      expect(cached.statusCode).toBe(304);
    });

    it('refuses anything outside the documented parameters with a 400', async () => {
      for (const query of [
        '?w=0',
        '?w=4097',
        '?h=-5',
        '?w=abc',
        '?w=10.5',
        '?fit=fill',
        '?format=gif',
        '?format=svg',
        '?q=0',
        '?q=101',
        '?blur=5',
        '?w=10&callback=x',
      ]) {
        const response = await get(photo, query);
        expect(expectError(response, 400, 'VALIDATION_FAILED').message, query).toBeTruthy();
      }
      expectError(await get(clip, '?w=10'), 400, 'VALIDATION_FAILED');
      expectError(await get(pdf, '?format=png'), 400, 'VALIDATION_FAILED');
      expect((await get(photo, '?w=4096&h=1')).statusCode).toBe(200);
    });

    it('centres cover crops on the focal point', async () => {
      // Without a focal point a square crop is centred: red on the left, blue on the right.
      const centred = (await get(halves, '?w=100&h=100&format=png')).rawPayload;
      expect(await pixel(centred, 5, 50)).toEqual([255, 0, 0]);
      expect(await pixel(centred, 95, 50)).toEqual([0, 0, 255]);
      const focus = async (x: number) => {
        const response = await call(t.app, owner, {
          method: 'PATCH',
          url: `/api/v1/projects/${projectId}/media/${halves.id}`,
          payload: { focal_point: { x, y: 0.5 } },
        });
        expect(response.statusCode, response.body).toBe(200);
        return (await get(halves, '?w=100&h=100&format=png')).rawPayload;
      };
      const right = await focus(0.9);
      expect(await pixel(right, 5, 50)).toEqual([0, 0, 255]);
      expect(await pixel(right, 95, 50)).toEqual([0, 0, 255]);
      const left = await focus(0.1);
      expect(await pixel(left, 5, 50)).toEqual([255, 0, 0]);
      expect(await pixel(left, 95, 50)).toEqual([255, 0, 0]);
      // Non-cover fits ignore it.
      const inside = (await get(halves, '?w=100&h=100&fit=inside&format=png')).rawPayload;
      expect((await sharp(inside).metadata()).height).toBe(50);
    });

    it(`keeps at most ${MAX_VARIANTS_PER_ASSET} variants per asset and serves the rest uncached`, async () => {
      const asset = await uploaded(
        'many.png',
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#777777' } })
          .png()
          .toBuffer(),
      );
      for (let width = 1; width <= MAX_VARIANTS_PER_ASSET + 5; width++) {
        const response = await get(asset, `?w=${width}`);
        expect(response.statusCode).toBe(200);
        expect((await sharp(response.rawPayload).metadata()).width).toBe(width);
      }
      const rows = await t.database.db
        .selectFrom('media_variants')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('asset_id', '=', asset.id)
        .executeTakeFirstOrThrow();
      expect(Number(rows.count)).toBe(MAX_VARIANTS_PER_ASSET);
      const files = fs.readdirSync(path.join(t.config.dataDir, 'media', projectId, asset.id, 'variants'));
      expect(files.length).toBe(MAX_VARIANTS_PER_ASSET);
    });

    it('refuses to transform a decompression bomb that reached storage', async () => {
      // Uploads refuse bombs; this one is placed behind the upload's back (an older file, say).
      const id = '01900000-0000-7000-8000-00000000b0b0';
      const key = `${projectId}/${id}/original`;
      const bomb = pngBomb();
      fs.mkdirSync(path.join(t.config.dataDir, 'media', projectId, id), { recursive: true });
      fs.writeFileSync(path.join(t.config.dataDir, 'media', key), bomb);
      const now = new Date().toISOString();
      await t.database.db
        .insertInto('media_assets')
        .values({
          id,
          project_id: projectId,
          filename: 'bomb.png',
          mime_type: 'image/png',
          kind: 'image',
          size: bomb.length,
          width: 20000,
          height: 20000,
          dominant_color: null,
          alt: '{}',
          folder: null,
          focal_x: null,
          focal_y: null,
          sha256: 'b'.repeat(64),
          storage_key: key,
          search_text: 'bomb.png',
          created_at: now,
          updated_at: now,
          created_by: owner.userId,
          created_by_token: null,
          deleted_at: null,
        })
        .execute();
      const response = await t.app.inject({ url: `/media/${projectId}/${id}/bomb.png?w=100` });
      expect(expectError(response, 400, 'VALIDATION_FAILED').message).toMatch(/pixels/);
      // The original itself is still a file one can download.
      expect((await t.app.inject({ url: `/media/${projectId}/${id}/bomb.png` })).statusCode).toBe(200);
    });

    it('survives a burst of concurrent transforms of one new variant', async () => {
      const responses = await Promise.all(Array.from({ length: 12 }, () => get(photo, '?w=321&format=webp')));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
      const sizes = new Set(responses.map((response) => response.rawPayload.length));
      expect(sizes.size).toBe(1);
    });
  });
});
