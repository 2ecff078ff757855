import fs from 'node:fs';
import path from 'node:path';
import type { Asset } from '@plinth/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../test/content.js';
import { call, dialectName, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import {
  createMediaTestApp,
  fillStorage,
  fixture,
  insertAssetRow,
  minimalPdf,
  multipart,
  pngBomb,
} from '../../test/media.js';
import { ImageWorkers } from './images.js';
import { MAX_VARIANTS_PER_ASSET, TRANSFORMS_PER_CLIENT } from './media-files.js';

const SANDBOX = "default-src 'none'; sandbox";
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, no-cache';

/** A PNG of random pixels: it barely compresses, so its size shows what a variant costs. */
const noisePng = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();

/** Variant rows kept for an asset. */
async function variantCount(t: TestApp, assetId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('media_variants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('asset_id', '=', assetId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe(`media file delivery (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let photo: Asset;
  let halves: Asset;
  let halvesPng: Buffer;
  let clip: Asset;
  let clipBytes: Buffer;
  let tone: Asset;
  let toneBytes: Buffer;
  let svg: Asset;
  let html: Asset;
  let pdf: Asset;

  async function uploaded(filename: string, content: Buffer, project = projectId): Promise<Asset> {
    const { payload, headers } = multipart([{ name: 'file', filename, content }]);
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${project}/media`,
      payload,
      headers,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Asset }>().data;
  }

  const get = (asset: Asset, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${new URL(asset.url).pathname}${query}`, headers });

  /** GET of an asset's `url` as given (with its `v`, if any), plus transform parameters. */
  const getUrl = (url: string, params: Record<string, string> = {}) => {
    const address = new URL(url);
    for (const [name, value] of Object.entries(params)) address.searchParams.set(name, value);
    return t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
  };

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
    halvesPng = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .composite([
        {
          input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } },
          left: 200,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    halves = await uploaded('halves.png', halvesPng);
    clipBytes = fixture('clip.mp4');
    clip = await uploaded('clip.mp4', clipBytes);
    toneBytes = fixture('tone.mp3');
    tone = await uploaded('tone.mp3', toneBytes);
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

    it("percent-encodes ' ( ) * in filename* (RFC 8187), so a name cannot pose as its parameters", async () => {
      const named = await uploaded("c';filename*=UTF-8''evil (1).pdf", minimalPdf());
      const response = await get(named);
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="c';filename*=UTF-8''evil (1).pdf"; filename*=UTF-8''c%27%3Bfilename%2A%3DUTF-8%27%27evil%20%281%29.pdf`,
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

      expect(first.headers['content-type']).toBe('video/mp4');
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

    it('answers byte ranges of audio too', async () => {
      const size = toneBytes.length;
      expect(tone.mime_type).toBe('audio/mpeg');
      const head = await get(tone, '', { range: 'bytes=0-1023' });
      expect(head.statusCode).toBe(206);
      expect(head.headers['content-type']).toBe('audio/mpeg');
      expect(head.headers['content-disposition']).toMatch(/^inline;/);
      expect(head.headers['content-range']).toBe(`bytes 0-1023/${size}`);
      expect(head.rawPayload.equals(toneBytes.subarray(0, 1024))).toBe(true);
      const tail = await get(tone, '', { range: 'bytes=-500' });
      expect(tail.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
      expect(tail.rawPayload.equals(toneBytes.subarray(size - 500))).toBe(true);
      expect((await get(tone, '', { range: `bytes=${size}-` })).statusCode).toBe(416);
      const whole = await get(tone);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(toneBytes)).toBe(true);
    });

    it('serves stored bytes even to clients that accept compression', async () => {
      const rects = Array.from({ length: 200 }, (_, i) => `<rect x="${i}" width="1" height="10"/>`).join('');
      const bytes = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="10">${rects}</svg>`);
      const large = await uploaded('stripes.svg', bytes);
      const whole = await get(large, '', { 'accept-encoding': 'br, gzip' });
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      const part = await get(large, '', { range: 'bytes=100-1099', 'accept-encoding': 'gzip' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
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
        // Never enlarged: the image's own size is the most a transform gives.
        ['?w=1600', { width: 800, height: 600, format: 'jpeg' }],
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
      expect(await variantCount(t, asset.id)).toBe(MAX_VARIANTS_PER_ASSET);
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
      await insertAssetRow(t, {
        id,
        project_id: projectId,
        filename: 'bomb.png',
        mime_type: 'image/png',
        kind: 'image',
        size: bomb.length,
        width: 20000,
        height: 20000,
        sha256: 'b'.repeat(64),
        storage_key: key,
        created_by: owner.userId,
      });
      const response = await t.app.inject({ url: `/media/${projectId}/${id}/bomb.png?w=100` });
      expect(expectError(response, 400, 'VALIDATION_FAILED').message).toMatch(/pixels/);
      // The original itself is still a file one can download.
      expect((await t.app.inject({ url: `/media/${projectId}/${id}/bomb.png` })).statusCode).toBe(200);
    });

    it('never enlarges: past the image, the box shrinks to the largest the image fills', async () => {
      const source = await noisePng(128, 64);
      const noise = await uploaded('noise.png', source);
      const cases: Array<[string, { width: number; height: number }]> = [
        ['?w=4096&h=4096&format=png', { width: 64, height: 64 }],
        ['?w=4096&h=4096&fit=contain&format=png', { width: 128, height: 128 }],
        ['?w=4096&h=4096&fit=inside&format=png', { width: 128, height: 64 }],
        ['?w=4096&h=1024&format=png', { width: 128, height: 32 }],
        ['?w=4096&format=png', { width: 128, height: 64 }],
        ['?h=4096&format=webp', { width: 128, height: 64 }],
        ['?w=64&h=4096&format=png', { width: 1, height: 64 }],
      ];
      for (const [query, expected] of cases) {
        const response = await get(noise, query);
        expect(response.statusCode, `${query}: ${response.body.slice(0, 200)}`).toBe(200);
        const { width, height } = await sharp(response.rawPayload).metadata();
        expect({ width, height }, query).toEqual(expected);
      }
      // Every width past the image's own is the same variant, not one more to store.
      const wide = await get(noise, '?w=4096&format=png');
      expect(wide.rawPayload.length).toBeLessThan(2 * source.length);
      expect((await get(noise, '?w=1000&format=png')).headers.etag).toBe(wide.headers.etag);
      expect((await get(noise, '?w=128&format=png')).headers.etag).toBe(wide.headers.etag);
      expect(await variantCount(t, noise.id)).toBe(cases.length);
    });

    it("counts kept variants in the project's media usage", async () => {
      const usage = async () => {
        const response = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/usage` });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data.media_bytes.used as number;
      };
      const before = await usage();
      const variant = await get(photo, '?w=222&format=png');
      expect(variant.statusCode).toBe(200);
      expect(await usage()).toBe(before + variant.rawPayload.length);
      // Served again from the cache: counted once.
      await get(photo, '?w=222&format=png');
      expect(await usage()).toBe(before + variant.rawPayload.length);
    });

    it('serves but does not keep a variant that would not fit in the storage quota', async () => {
      const full = await createProject(t.app, owner, { name: 'Full' });
      const asset = await uploaded('n.png', await noisePng(64, 64), full);
      // 100 MB on Starter: what is left is less than the variant below.
      await fillStorage(t, full, 104_857_600 - asset.size - 1000);
      const variant = await get(asset, '?w=60&format=png');
      expect(variant.statusCode).toBe(200);
      expect(variant.rawPayload.length).toBeGreaterThan(1000);
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(60);
      expect(await variantCount(t, asset.id)).toBe(0);
      expect(fs.existsSync(path.join(t.config.dataDir, 'media', full, asset.id, 'variants'))).toBe(false);
    });

    it('gives cover crops a new URL when the focal point moves, and never old bytes as immutable', async () => {
      const asset = await uploaded('focus.png', halvesPng);
      const focus = async (focal_point: { x: number; y: number } | null) => {
        const response = await call(t.app, owner, {
          method: 'PATCH',
          url: `/api/v1/projects/${projectId}/media/${asset.id}`,
          payload: { focal_point },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: Asset }>().data.url;
      };
      const crop = { w: '100', h: '100', format: 'png' };
      // No focal point: the URL is the plain one, and its centred crop is immutable.
      expect(asset.url).not.toContain('?');
      const centred = await getUrl(asset.url, crop);
      expect(centred.headers['cache-control']).toBe(IMMUTABLE);

      const right = await focus({ x: 0.9, y: 0.5 });
      expect(right).toMatch(/\/focus\.png\?v=[0-9a-f]{8}$/);
      const rightCrop = await getUrl(right, crop);
      expect(rightCrop.headers['cache-control']).toBe(IMMUTABLE);
      expect(await pixel(rightCrop.rawPayload, 5, 50)).toEqual([0, 0, 255]);
      // The old address now shows the new crop, and only for caches that check it again.
      const stale = await getUrl(asset.url, crop);
      expect(stale.headers['cache-control']).toBe(REVALIDATE);
      expect(stale.headers.etag).toBe(rightCrop.headers.etag);
      expect(stale.headers.etag).not.toBe(centred.headers.etag);
      expect(await pixel(stale.rawPayload, 5, 50)).toEqual([0, 0, 255]);

      const left = await focus({ x: 0.1, y: 0.5 });
      expect(left).not.toBe(right);
      const leftCrop = await getUrl(left, crop);
      expect(leftCrop.headers['cache-control']).toBe(IMMUTABLE);
      expect(await pixel(leftCrop.rawPayload, 95, 50)).toEqual([255, 0, 0]);
      expect((await getUrl(right, crop)).headers['cache-control']).toBe(REVALIDATE);
      // Originals and fits that ignore the focal point never change: immutable under any `v`.
      expect((await getUrl(right)).headers['cache-control']).toBe(IMMUTABLE);
      expect((await getUrl(right, { w: '100' })).headers['cache-control']).toBe(IMMUTABLE);
      expect((await getUrl(right, { ...crop, fit: 'inside' })).headers['cache-control']).toBe(IMMUTABLE);

      // The same focal point again is the same version, with the same bytes.
      expect(await focus({ x: 0.9, y: 0.5 })).toBe(right);
      const cleared = await focus(null);
      expect(cleared).toBe(asset.url);
      expect((await getUrl(cleared, crop)).headers['cache-control']).toBe(IMMUTABLE);
      expectError(await getUrl(asset.url, { v: 'not-hex!' }), 400, 'VALIDATION_FAILED');
    });

    it('survives a burst of concurrent transforms of one new variant', async () => {
      const responses = await Promise.all(Array.from({ length: 12 }, () => get(photo, '?w=321&format=webp')));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
      const sizes = new Set(responses.map((response) => response.rawPayload.length));
      expect(sizes.size).toBe(1);
    });

    it('keeps the variant bound under a concurrent burst of distinct new variants', async () => {
      const asset = await uploaded(
        'burst.png',
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#448844' } })
          .png()
          .toBuffer(),
      );
      for (let width = 1; width <= MAX_VARIANTS_PER_ASSET - 2; width++) {
        expect((await get(asset, `?w=${width}`)).statusCode).toBe(200);
      }
      // Twelve different variants at once, from different clients, with two places left.
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.app.inject({
            url: `${new URL(asset.url).pathname}?w=${i + 1}&format=webp`,
            remoteAddress: `10.9.0.${i + 1}`,
          }),
        ),
      );
      expect(burst.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
      expect(await variantCount(t, asset.id)).toBe(MAX_VARIANTS_PER_ASSET);
      const files = fs.readdirSync(path.join(t.config.dataDir, 'media', projectId, asset.id, 'variants'));
      expect(files.length).toBe(MAX_VARIANTS_PER_ASSET);
    });
  });
});

/** Waits (without a deadline of its own: the test's timeout is one) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A promise the test settles when it chooses: it holds a transform slot for as long as it likes. */
function gate(): { held: Promise<void>; open: () => void } {
  let open = () => {};
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { held, open };
}

describe(`media transform line and bounds (${dialectName})`, () => {
  // One transform at a time, and a short line: the test fills it with a gate it controls.
  const LINE = TRANSFORMS_PER_CLIENT + 1;
  const transforms = new ImageWorkers({ concurrency: 1, queue: LINE });
  const VARIANT_BYTES = 120_000;
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let photo: Asset;

  async function upload(filename: string, content: Buffer) {
    const { payload, headers } = multipart([{ name: 'file', filename, content }]);
    return call(t.app, owner, { method: 'POST', url: `/api/v1/projects/${projectId}/media`, payload, headers });
  }

  const transform = (asset: Asset, query: string, client: string) =>
    t.app.inject({ method: 'GET', url: `${new URL(asset.url).pathname}${query}`, remoteAddress: client });

  beforeAll(async () => {
    t = await createMediaTestApp({
      media: { transformWorkers: transforms, variantLimits: { count: MAX_VARIANTS_PER_ASSET, bytes: VARIANT_BYTES } },
    });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    const response = await upload(
      'photo.jpg',
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer(),
    );
    expect(response.statusCode, response.body).toBe(201);
    photo = response.json<{ data: Asset }>().data;
  });
  afterAll(async () => t.close());

  it('keeps uploads going while public transforms fill their line', async () => {
    const { held, open } = gate();
    const holder = transforms.run(() => held);
    // Distinct uncached variants, from distinct clients, fill the line behind the held slot.
    const queued = Array.from({ length: LINE }, (_, i) => transform(photo, `?w=${10 + i}`, `10.1.0.${i + 1}`));
    await until(() => transforms.load.waiting === LINE);
    const refused = await transform(photo, '?w=99', '10.1.0.99');
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('1');
    // Uploads measure their images in a pool of their own.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const uploaded = await upload('during.png', png);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data).toMatchObject({ width: 40, height: 30 });
    open();
    await holder;
    for (const response of await Promise.all(queued)) expect(response.statusCode, response.body).toBe(200);
  });

  it(`lets one client have at most ${TRANSFORMS_PER_CLIENT} transforms in the line`, async () => {
    const client = '10.2.0.1';
    expect((await transform(photo, '?w=40', client)).statusCode).toBe(200);
    const { held, open } = gate();
    const holder = transforms.run(() => held);
    const mine = Array.from({ length: TRANSFORMS_PER_CLIENT }, (_, i) => transform(photo, `?w=${50 + i}`, client));
    await until(() => transforms.load.waiting === TRANSFORMS_PER_CLIENT);
    const refused = await transform(photo, '?w=60', client);
    expect(expectError(refused, 429, 'RATE_LIMITED').message).toMatch(/this address/);
    expect(refused.headers['retry-after']).toBe('1');
    // A variant already kept costs no transform, and other clients still get in line.
    expect((await transform(photo, '?w=40', client)).statusCode).toBe(200);
    const other = transform(photo, '?w=61', '10.2.0.2');
    await until(() => transforms.load.waiting === TRANSFORMS_PER_CLIENT + 1);
    open();
    await holder;
    for (const response of await Promise.all([...mine, other])) expect(response.statusCode, response.body).toBe(200);
    // Its transforms done, the client may ask again.
    expect((await transform(photo, '?w=60', client)).statusCode).toBe(200);
  });

  it('stops keeping variants of an asset past its byte bound, and still serves them', async () => {
    const response = await upload('noise.png', await noisePng(128, 128));
    expect(response.statusCode, response.body).toBe(201);
    const noise = response.json<{ data: Asset }>().data;
    const sizes: number[] = [];
    for (const width of [128, 127, 126, 125, 124]) {
      const variant = await transform(noise, `?w=${width}`, '10.3.0.1');
      expect(variant.statusCode).toBe(200);
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(width);
      sizes.push(variant.rawPayload.length);
    }
    // Kept in order while they fit in the bound; the first that does not fit is only served.
    let kept = 0;
    let total = 0;
    while (kept < sizes.length && total + (sizes[kept] as number) <= VARIANT_BYTES) total += sizes[kept++] as number;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(sizes.length);
    expect(await variantCount(t, noise.id)).toBe(kept);
    const files = fs.readdirSync(path.join(t.config.dataDir, 'media', projectId, noise.id, 'variants'));
    expect(files.length).toBe(kept);
  });
});
