import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset, ListMeta } from '@plinth/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../db/database.js';
import { createProject, createToken } from '../../test/content.js';
import { call, dialectName, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import {
  createMediaTestApp,
  fillStorage,
  fixture,
  minimalPdf,
  multipart,
  pngBomb,
  runDueJobs,
} from '../../test/media.js';

const MAX_UPLOAD = 1_000_000;
const ASSET_KEYS = [
  'alt',
  'created_at',
  'created_by',
  'dominant_color',
  'filename',
  'focal_point',
  'folder',
  'height',
  'id',
  'mime_type',
  'size',
  'url',
  'width',
].sort();

interface FileInput {
  filename: string;
  content: Buffer;
  contentType?: string;
}

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

describe(`media library (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let png: Buffer;
  let jpeg: Buffer;
  let webp: Buffer;

  const mediaDir = () => path.join(t.config.dataDir, 'media');
  const filesOf = (dir: string): string[] =>
    fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true, withFileTypes: false }) as string[]) : [];

  async function upload(
    credential: Session | string,
    project: string,
    file: FileInput,
    fields: Record<string, string> = {},
    query = '',
  ): Promise<LightMyRequestResponse> {
    const { payload, headers } = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', ...file },
    ]);
    return call(t.app, credential, {
      method: 'POST',
      url: `/api/v1/projects/${project}/media${query}`,
      payload,
      headers,
    });
  }

  async function uploaded(file: FileInput, fields: Record<string, string> = {}, credential?: Session | string) {
    const response = await upload(credential ?? owner, projectId, file, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Asset }>().data;
  }

  /** The path of a file URL (inject takes paths), with an optional query string. */
  const fileUrl = (asset: Asset, query = '') => `${new URL(asset.url).pathname}${query}`;
  const getFile = (asset: Asset, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: fileUrl(asset, query), headers });

  beforeAll(async () => {
    t = await createMediaTestApp({ env: { PLINTH_MAX_UPLOAD_BYTES: String(MAX_UPLOAD) } });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    png = await solid(640, 480, '#ff0000').png().toBuffer();
    jpeg = await solid(300, 200, '#00ff00').jpeg().toBuffer();
    webp = await solid(120, 90, '#0000ff').webp().toBuffer();
  });
  afterAll(async () => t.close());

  describe('upload', () => {
    it('stores a PNG with its metadata and answers the Asset of API.md', async () => {
      const response = await upload(
        owner,
        projectId,
        { filename: 'red.png', content: png, contentType: 'image/png' },
        { alt: 'A red square', folder: 'blog/2026' },
      );
      expect(response.statusCode, response.body).toBe(201);
      const asset = response.json<{ data: Asset }>().data;
      expect(Object.keys(asset).sort()).toEqual(ASSET_KEYS);
      expect(asset).toMatchObject({
        filename: 'red.png',
        mime_type: 'image/png',
        size: png.length,
        width: 640,
        height: 480,
        alt: 'A red square',
        folder: 'blog/2026',
        created_by: owner.userId,
        focal_point: null,
        // A histogram bin's colour: close to the red it stands for.
        dominant_color: expect.stringMatching(/^#f[0-9a-f]0[0-9a-f]0[0-9a-f]$/),
      });
      expect(asset.url).toBe(`http://plinth.test/media/${projectId}/${asset.id}/red.png`);
      expect(asset.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // The bytes are in the data dir, exactly as sent.
      const stored = path.join(mediaDir(), projectId, asset.id, 'original');
      expect(fs.readFileSync(stored).equals(png)).toBe(true);
    });

    it('measures JPEG and WebP, and turns EXIF-rotated photos upright', async () => {
      expect(await uploaded({ filename: 'green.jpg', content: jpeg })).toMatchObject({
        mime_type: 'image/jpeg',
        width: 300,
        height: 200,
        dominant_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });
      expect(await uploaded({ filename: 'blue.webp', content: webp })).toMatchObject({
        mime_type: 'image/webp',
        width: 120,
        height: 90,
      });
      const rotated = await solid(300, 200, '#808080').jpeg().withMetadata({ orientation: 6 }).toBuffer();
      expect(await uploaded({ filename: 'portrait.jpg', content: rotated })).toMatchObject({ width: 200, height: 300 });
    });

    it('detects PDF, MP4, MP3, SVG and HTML from their bytes', async () => {
      expect(await uploaded({ filename: 'terms.pdf', content: minimalPdf() })).toMatchObject({
        mime_type: 'application/pdf',
        width: null,
        height: null,
        dominant_color: null,
      });
      const clip = fixture('clip.mp4');
      expect(await uploaded({ filename: 'clip.mp4', content: clip })).toMatchObject({
        mime_type: 'video/mp4',
        size: clip.length,
        width: null,
        height: null,
      });
      // Named like something else: the bytes decide.
      const tone = fixture('tone.mp3');
      expect(await uploaded({ filename: 'tone.bin', content: tone })).toMatchObject({
        mime_type: 'audio/mpeg',
        size: tone.length,
        width: null,
        dominant_color: null,
      });
      const svg = Buffer.from(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      expect(await uploaded({ filename: 'logo.svg', content: svg })).toMatchObject({ mime_type: 'image/svg+xml' });
      const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
      expect(await uploaded({ filename: 'page.html', content: html })).toMatchObject({ mime_type: 'text/html' });
    });

    it('believes the bytes, not a name that lies about the type', async () => {
      const asset = await uploaded({ filename: 'report.pdf', content: png, contentType: 'application/pdf' });
      expect(asset).toMatchObject({ filename: 'report.pdf', mime_type: 'image/png', width: 640, height: 480 });
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      expect(await uploaded({ filename: 'innocent.png', content: html, contentType: 'image/png' })).toMatchObject({
        mime_type: 'text/html',
        width: null,
      });
    });

    it('keeps only the base name of a path-like filename', async () => {
      const asset = await uploaded({ filename: '../../etc/passwd.png', content: png });
      expect(asset.filename).toBe('passwd.png');
    });

    it('shortens a very long name, keeping its extension, so the file is served at its url', async () => {
      const names = [
        `${'a'.repeat(996)}.png`,
        // Long in bytes as well: two- and four-byte characters, none of them split.
        `${'é'.repeat(400)}${'😀'.repeat(200)}.png`,
      ];
      for (const name of names) {
        const asset = await uploaded({ filename: name, content: png });
        expect(asset.filename.length).toBeLessThanOrEqual(100);
        expect(asset.filename.endsWith('.png')).toBe(true);
        expect(name.startsWith(asset.filename.slice(0, -'.png'.length))).toBe(true);
        const file = await getFile(asset);
        expect(file.statusCode, file.body).toBe(200);
        expect(file.rawPayload.equals(png)).toBe(true);
      }
    });

    it('refuses a new name longer than the file url can carry', async () => {
      const asset = await uploaded({ filename: 'short.png', content: png });
      const response = await call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${projectId}/media/${asset.id}`,
        payload: { filename: `${'b'.repeat(200)}.png` },
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.details).toEqual([{ path: 'filename', message: 'must be at most 100 characters' }]);
    });

    it('refuses a decompression bomb before decoding it, and stores nothing', async () => {
      const before = filesOf(mediaDir()).length;
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(MAX_UPLOAD);
      const response = await upload(owner, projectId, { filename: 'bomb.png', content: bomb });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toMatch(/20000×20000 pixels/);
      expect(filesOf(mediaDir()).length).toBe(before);
    });

    it('refuses a file past PLINTH_MAX_UPLOAD_BYTES with 413, declared or streamed, storing nothing', async () => {
      const before = filesOf(mediaDir()).length;
      // Far past the limit: refused from Content-Length before the body is read.
      const huge = await upload(owner, projectId, { filename: 'big.bin', content: Buffer.alloc(MAX_UPLOAD * 2, 1) });
      expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
      // Just past it: the stream stops at the limit.
      const over = await upload(owner, projectId, { filename: 'big.bin', content: Buffer.alloc(MAX_UPLOAD + 10, 1) });
      expect(expectError(over, 413, 'PAYLOAD_TOO_LARGE').message).toMatch(/upload limit/);
      expect(filesOf(mediaDir()).length).toBe(before);
      expect(filesOf(path.join(t.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
      // Exactly at the limit is fine.
      const exact = await upload(owner, projectId, { filename: 'exact.bin', content: Buffer.alloc(MAX_UPLOAD, 1) });
      expect(exact.statusCode, exact.body).toBe(201);
      expect(exact.json().data).toMatchObject({ size: MAX_UPLOAD, mime_type: 'application/octet-stream' });
    });

    it('enforces the plan storage quota at upload (413, nothing stored) and lifts it on Enterprise', async () => {
      const quotaProject = await createProject(t.app, owner, { name: 'Quota' });
      // 100 MB of files already stored (a row stands in for them).
      await fillStorage(t, quotaProject, 104_857_600 - 1000);
      const small = Buffer.alloc(900, 7);
      const fits = await upload(owner, quotaProject, { filename: 'small.bin', content: small });
      expect(fits.statusCode, fits.body).toBe(201);
      const before = filesOf(path.join(mediaDir(), quotaProject)).length;
      const refused = await upload(owner, quotaProject, { filename: 'small2.bin', content: small });
      expect(expectError(refused, 413, 'STORAGE_QUOTA_EXCEEDED').message).toMatch(/100 MB/);
      expect(filesOf(path.join(mediaDir(), quotaProject)).length).toBe(before);
      const list = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${quotaProject}/media` });
      expect(list.json().meta.total).toBe(2);

      await t.database.db.updateTable('projects').set({ plan: 'enterprise' }).where('id', '=', quotaProject).execute();
      t.services.delivery.invalidate(quotaProject);
      const unlimited = await upload(owner, quotaProject, { filename: 'small2.bin', content: small });
      expect(unlimited.statusCode, unlimited.body).toBe(201);
    });

    it('answers bad uploads with 400/415 in the error shape', async () => {
      const url = `/api/v1/projects/${projectId}/media`;
      const json = await call(t.app, owner, { method: 'POST', url, payload: { file: 'x' } });
      expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const missing = multipart([{ name: 'alt', value: 'no file' }]);
      expect(
        expectError(await call(t.app, owner, { method: 'POST', url, ...missing }), 400, 'VALIDATION_FAILED').details,
      ).toEqual([{ path: 'file', message: 'is required' }]);
      const unknown = multipart([
        { name: 'created_by', value: 'someone' },
        { name: 'file', filename: 'a.png', content: png },
      ]);
      expectError(await call(t.app, owner, { method: 'POST', url, ...unknown }), 400, 'VALIDATION_FAILED');
      const two = multipart([
        { name: 'file', filename: 'a.png', content: png },
        { name: 'file', filename: 'b.png', content: png },
      ]);
      expectError(await call(t.app, owner, { method: 'POST', url, ...two }), 400, 'VALIDATION_FAILED');
      const empty = await upload(owner, projectId, { filename: 'empty.txt', content: Buffer.alloc(0) });
      expectError(empty, 400, 'VALIDATION_FAILED');
      const badFolder = await upload(owner, projectId, { filename: 'a.png', content: png }, { folder: 'a//b' });
      expectError(badFolder, 400, 'VALIDATION_FAILED');
      const broken = {
        payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc'),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      };
      expectError(await call(t.app, owner, { method: 'POST', url, ...broken }), 400, 'VALIDATION_FAILED');
    });

    it('replays an upload retried with the same Idempotency-Key', async () => {
      const { payload, headers } = multipart([{ name: 'file', filename: 'once.png', content: png }]);
      const send = () =>
        call(t.app, owner, {
          method: 'POST',
          url: `/api/v1/projects/${projectId}/media`,
          payload,
          headers: { ...headers, 'idempotency-key': 'upload-once' },
        });
      const first = await send();
      const second = await send();
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json().data.id).toBe(first.json().data.id);
    });

    it('answers 409 to the same Idempotency-Key with another file or other fields, and stores nothing', async () => {
      const send = (parts: Parameters<typeof multipart>[0]) => {
        const { payload, headers } = multipart(parts);
        return call(t.app, owner, {
          method: 'POST',
          url: `/api/v1/projects/${projectId}/media`,
          payload,
          headers: { ...headers, 'idempotency-key': 'upload-compared' },
        });
      };
      const count = async () =>
        (await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/media?limit=100` })).json().meta
          .total as number;
      const first = await send([{ name: 'file', filename: 'same.png', content: png }]);
      expect(first.statusCode).toBe(201);
      const before = await count();
      const otherFile = await send([
        { name: 'file', filename: 'same.png', content: Buffer.concat([png, Buffer.from([0])]) },
      ]);
      expectError(otherFile, 409, 'CONFLICT');
      const otherName = await send([{ name: 'file', filename: 'other.png', content: png }]);
      expectError(otherName, 409, 'CONFLICT');
      const otherAlt = await send([
        { name: 'alt', value: 'A red square' },
        { name: 'file', filename: 'same.png', content: png },
      ]);
      expectError(otherAlt, 409, 'CONFLICT');
      expect(await count()).toBe(before);
      // The same upload, sent again with a new multipart boundary, is still a replay.
      const again = await send([{ name: 'file', filename: 'same.png', content: png }]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.id).toBe(first.json().data.id);
    });
  });

  describe('list, read and update', () => {
    let listProject: string;
    let photo: Asset;
    let clip: Asset;
    let tone: Asset;
    let doc: Asset;
    const list = async (query: string) => {
      const response = await call(t.app, owner, {
        method: 'GET',
        url: `/api/v1/projects/${listProject}/media${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: Asset[]; meta: ListMeta }>();
    };

    beforeAll(async () => {
      listProject = await createProject(t.app, owner);
      const add = async (file: FileInput, fields: Record<string, string> = {}) => {
        const response = await upload(owner, listProject, file, fields);
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ data: Asset }>().data;
      };
      photo = await add({ filename: 'Sunset-Beach.png', content: png }, { alt: 'Golden hour 100%', folder: 'travel' });
      clip = await add({ filename: 'intro.mp4', content: fixture('clip.mp4') }, { folder: 'video' });
      tone = await add({ filename: 'jingle.mp3', content: fixture('tone.mp3') }, { folder: 'audio' });
      doc = await add({ filename: 'terms.pdf', content: minimalPdf() });
    });

    it('lists newest first with paging meta', async () => {
      const all = await list('');
      expect(all.data.map((asset) => asset.id)).toEqual([doc.id, tone.id, clip.id, photo.id]);
      expect(all.meta).toMatchObject({ total: 4, page: 1, limit: 25 });
      const second = await list('?limit=1&page=2');
      expect(second.data.map((asset) => asset.id)).toEqual([tone.id]);
      expect(second.meta).toMatchObject({ total: 4, page: 2, limit: 1 });
      expectError(
        await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${listProject}/media?limit=101` }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('searches file names and alt texts, case-insensitively, with % and _ taken literally', async () => {
      expect((await list('?q=SUNSET')).data.map((a) => a.id)).toEqual([photo.id]);
      expect((await list('?q=golden')).data.map((a) => a.id)).toEqual([photo.id]);
      expect((await list('?q=100%25')).data.map((a) => a.id)).toEqual([photo.id]);
      expect((await list('?q=%25')).data.map((a) => a.id)).toEqual([photo.id]);
      expect((await list('?q=_')).data).toEqual([]);
      expect((await list('?q=nothing-like-this')).meta.total).toBe(0);
    });

    it('filters by type and folder', async () => {
      expect((await list('?type=image')).data.map((a) => a.id)).toEqual([photo.id]);
      expect((await list('?type=video')).data.map((a) => a.id)).toEqual([clip.id]);
      expect((await list('?type=document')).data.map((a) => a.id)).toEqual([doc.id]);
      expect((await list('?type=audio')).data.map((a) => a.id)).toEqual([tone.id]);
      expect((await list('?folder=travel')).data.map((a) => a.id)).toEqual([photo.id]);
      const bad = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${listProject}/media?type=exe` });
      expectError(bad, 400, 'VALIDATION_FAILED');
    });

    it('keeps alt text per locale, with the default locale as fallback', async () => {
      const url = `/api/v1/projects/${listProject}/media/${photo.id}`;
      const patched = await call(t.app, owner, {
        method: 'PATCH',
        url,
        payload: { alt: { es: 'Hora dorada', fr: 'Heure dorée' } },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().data.alt).toBe('Golden hour 100%');
      const read = async (query: string) =>
        (await call(t.app, owner, { method: 'GET', url: `${url}${query}` })).json().data.alt;
      expect(await read('?locale=es')).toBe('Hora dorada');
      expect(await read('?locale=zh')).toBe('Golden hour 100%');
      expect(await read('?locale=*')).toEqual({ en: 'Golden hour 100%', es: 'Hora dorada', fr: 'Heure dorée' });
      // A string is the text of ?locale= (default: the project's default locale); null removes one.
      await call(t.app, owner, { method: 'PATCH', url: `${url}?locale=zh`, payload: { alt: '金色时光' } });
      await call(t.app, owner, { method: 'PATCH', url, payload: { alt: { fr: null } } });
      expect(await read('?locale=*')).toEqual({ en: 'Golden hour 100%', es: 'Hora dorada', zh: '金色时光' });
      expect((await list('?q=dorada')).data.map((a) => a.id)).toEqual([photo.id]);
      const unknown = await call(t.app, owner, { method: 'PATCH', url, payload: { alt: { de: 'Goldene Stunde' } } });
      expect(expectError(unknown, 400, 'VALIDATION_FAILED').details?.[0]?.path).toBe('alt.de');
      expectError(await call(t.app, owner, { method: 'GET', url: `${url}?locale=de` }), 400, 'VALIDATION_FAILED');
    });

    it('updates folder, filename and focal point, and validates them', async () => {
      const url = `/api/v1/projects/${listProject}/media/${photo.id}`;
      const response = await call(t.app, owner, {
        method: 'PATCH',
        url,
        payload: { folder: 'archive/2026', filename: 'beach.png', focal_point: { x: 0.25, y: 0.75 } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        folder: 'archive/2026',
        filename: 'beach.png',
        focal_point: { x: 0.25, y: 0.75 },
        // A focal point gives the URL its version (cover crops follow it).
        url: expect.stringMatching(
          new RegExp(`^http://plinth\\.test/media/${listProject}/${photo.id}/beach\\.png\\?v=[0-9a-f]{8}$`),
        ),
      });
      for (const payload of [
        { focal_point: { x: 1.5, y: 0.5 } },
        { focal_point: { x: 0.5 } },
        { filename: 'a/b.png' },
        { filename: '' },
        { folder: '' },
        { mime_type: 'text/html' },
        { size: 1 },
      ]) {
        expectError(await call(t.app, owner, { method: 'PATCH', url, payload }), 400, 'VALIDATION_FAILED');
      }
      const onVideo = await call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${listProject}/media/${clip.id}`,
        payload: { focal_point: { x: 0.5, y: 0.5 } },
      });
      expectError(onVideo, 400, 'VALIDATION_FAILED');
      // Trimmed first, then checked: what is stored is always a folder the list can filter by.
      const spaced = await call(t.app, owner, { method: 'PATCH', url, payload: { folder: '  travel/2026 ' } });
      expect(spaced.json().data.folder).toBe('travel/2026');
      expect((await list('?folder=travel/2026')).data.map((a) => a.id)).toEqual([photo.id]);
      for (const folder of ['x/ ', ' /x', '   ']) {
        const refused = await call(t.app, owner, { method: 'PATCH', url, payload: { folder } });
        expect(expectError(refused, 400, 'VALIDATION_FAILED').details, folder).toEqual([
          { path: 'folder', message: expect.stringMatching(/names separated by/) },
        ]);
      }
      expect((await call(t.app, owner, { method: 'GET', url })).json().data.folder).toBe('travel/2026');
      const cleared = await call(t.app, owner, { method: 'PATCH', url, payload: { folder: null, focal_point: null } });
      expect(cleared.json().data).toMatchObject({ folder: null, focal_point: null });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', photo.id)
        .execute();
      expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['media.created', 'media.updated']));
    });
  });

  describe('permissions and isolation', () => {
    let other: Session;
    let otherProject: string;
    let asset: Asset;

    beforeAll(async () => {
      other = await signUp(t.app);
      otherProject = await createProject(t.app, other);
      asset = await uploaded({ filename: 'private.png', content: png });
    });

    it('hides another project’s assets (404) through the API and the file route', async () => {
      // A stranger to the project.
      const stranger = await call(t.app, other, {
        method: 'GET',
        url: `/api/v1/projects/${projectId}/media/${asset.id}`,
      });
      expectError(stranger, 404, 'NOT_FOUND');
      // Their own project, someone else's asset id.
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await call(t.app, other, {
          method,
          url: `/api/v1/projects/${otherProject}/media/${asset.id}`,
          ...(method === 'PATCH' ? { payload: { alt: 'mine now' } } : {}),
        });
        expectError(response, 404, 'NOT_FOUND');
      }
      const listed = await call(t.app, other, { method: 'GET', url: `/api/v1/projects/${otherProject}/media` });
      expect(listed.json().data).toEqual([]);
      // The file under the wrong project, and unknown ids.
      expectError(await t.app.inject({ url: `/media/${otherProject}/${asset.id}/private.png` }), 404, 'NOT_FOUND');
      expectError(await t.app.inject({ url: `/media/${projectId}/nope/private.png` }), 404, 'NOT_FOUND');
      expect((await getFile(asset)).statusCode).toBe(200);
      // Uploading into a project one is not a member of.
      expectError(await upload(other, projectId, { filename: 'x.png', content: png }), 404, 'NOT_FOUND');
    });

    it('follows the role table: viewers read, authors change their own files, editors any', async () => {
      const add = async (email: string, role: string) => {
        const response = await call(t.app, owner, {
          method: 'POST',
          url: `/api/v1/projects/${projectId}/members`,
          payload: { email, role },
        });
        expect(response.statusCode, response.body).toBe(201);
      };
      const viewer = await signUp(t.app);
      const author = await signUp(t.app);
      const editor = await signUp(t.app);
      await add(viewer.email, 'viewer');
      await add(author.email, 'author');
      await add(editor.email, 'editor');
      const assetUrl = `/api/v1/projects/${projectId}/media/${asset.id}`;

      expect((await call(t.app, viewer, { method: 'GET', url: assetUrl })).statusCode).toBe(200);
      expectError(await upload(viewer, projectId, { filename: 'v.png', content: png }), 403, 'FORBIDDEN');
      expectError(
        await call(t.app, viewer, { method: 'PATCH', url: assetUrl, payload: { alt: 'x' } }),
        403,
        'FORBIDDEN',
      );

      const own = await uploaded({ filename: 'author.png', content: png }, {}, author);
      expect(own.created_by).toBe(author.userId);
      const ownUrl = `/api/v1/projects/${projectId}/media/${own.id}`;
      expect((await call(t.app, author, { method: 'PATCH', url: ownUrl, payload: { alt: 'mine' } })).statusCode).toBe(
        200,
      );
      expectError(
        await call(t.app, author, { method: 'PATCH', url: assetUrl, payload: { alt: 'not mine' } }),
        403,
        'FORBIDDEN',
      );
      expectError(await call(t.app, author, { method: 'DELETE', url: assetUrl }), 403, 'FORBIDDEN');
      expect((await call(t.app, editor, { method: 'PATCH', url: ownUrl, payload: { alt: 'edited' } })).statusCode).toBe(
        200,
      );
      expect((await call(t.app, author, { method: 'DELETE', url: ownUrl })).statusCode).toBe(204);
    });

    it('needs media:read or media:write on API tokens', async () => {
      const reader = await createToken(t.app, owner, projectId, ['media:read']);
      const writer = await createToken(t.app, owner, projectId, ['media:write']);
      const content = await createToken(t.app, owner, projectId, ['content:read']);
      const foreign = await createToken(t.app, other, otherProject, ['media:write']);
      const list = (token: string, project = projectId) =>
        call(t.app, token, { method: 'GET', url: `/api/v1/projects/${project}/media` });

      expect((await list(reader)).statusCode).toBe(200);
      expectError(await list(content), 403, 'FORBIDDEN');
      expectError(await list(foreign), 404, 'NOT_FOUND');
      expectError(await upload(reader, projectId, { filename: 't.png', content: png }), 403, 'FORBIDDEN');
      const byToken = await upload(writer, projectId, { filename: 't.png', content: png });
      expect(byToken.statusCode, byToken.body).toBe(201);
      expect(byToken.json().data.created_by).toBeNull();
      const patched = await call(t.app, writer, {
        method: 'PATCH',
        url: `/api/v1/projects/${projectId}/media/${asset.id}`,
        payload: { alt: 'by token' },
      });
      expect(patched.statusCode).toBe(200);
      expectError(
        await call(t.app, foreign, { method: 'GET', url: `/api/v1/projects/${projectId}/media/${asset.id}` }),
        404,
        'NOT_FOUND',
      );
    });
  });

  it('documents the media routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/projects/{projectId}/media',
        '/api/v1/projects/{projectId}/media/{assetId}',
        '/media/{projectId}/{assetId}/{filename}',
      ]),
    );
  });

  describe('delete', () => {
    it('refuses (409) while a published document uses the file, unless forced', async () => {
      const asset = await uploaded({ filename: 'cover.png', content: png });
      const draftOnly = await uploaded({ filename: 'draft.png', content: png });
      const created = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/collections`,
        payload: {
          slug: 'posts',
          name: 'Posts',
          fields: [
            { name: 'title', type: 'text' },
            { name: 'cover', type: 'media' },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const documents = `/api/v1/projects/${projectId}/collections/posts/documents`;
      const published = await call(t.app, owner, {
        method: 'POST',
        url: documents,
        payload: { data: { title: 'Hello', cover: asset.id }, status: 'published' },
      });
      expect(published.statusCode, published.body).toBe(201);
      const draft = await call(t.app, owner, {
        method: 'POST',
        url: documents,
        payload: { data: { title: 'Draft', cover: draftOnly.id } },
      });
      expect(draft.statusCode, draft.body).toBe(201);

      const url = `/api/v1/projects/${projectId}/media/${asset.id}`;
      const refused = await call(t.app, owner, { method: 'DELETE', url });
      expect(expectError(refused, 409, 'CONFLICT').message).toMatch(/1 published document/);
      expect((await getFile(asset)).statusCode).toBe(200);

      // A draft reference does not hold a file back.
      const draftUrl = `/api/v1/projects/${projectId}/media/${draftOnly.id}`;
      expect((await call(t.app, owner, { method: 'DELETE', url: draftUrl })).statusCode).toBe(204);

      await getFile(asset, '?w=20');
      expect((await call(t.app, owner, { method: 'DELETE', url: `${url}?force=true` })).statusCode).toBe(204);
      expectError(await call(t.app, owner, { method: 'GET', url }), 404, 'NOT_FOUND');
      expectError(await getFile(asset), 404, 'NOT_FOUND');
      expectError(await getFile(asset, '?w=20'), 404, 'NOT_FOUND');
      expect(fs.existsSync(path.join(mediaDir(), projectId, asset.id))).toBe(false);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('target_id', '=', asset.id)
        .where('action', '=', 'media.deleted')
        .executeTakeFirst();
      expect(audit).toBeDefined();
    });

    it('frees the quota a file and its variants used', async () => {
      const quotaProject = await createProject(t.app, owner, { name: 'Freed' });
      const usage = async () => {
        const response = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${quotaProject}/usage` });
        return response.json().data.media_bytes.used as number;
      };
      const first = await upload(owner, quotaProject, { filename: 'first.png', content: png });
      expect(first.statusCode, first.body).toBe(201);
      const asset = first.json<{ data: Asset }>().data;
      const variant = await getFile(asset, '?w=100&format=png');
      expect(variant.statusCode).toBe(200);
      expect(await usage()).toBe(png.length + variant.rawPayload.length);
      // Room left for less than one more copy of the file.
      const filler = 104_857_600 - 2 * png.length - variant.rawPayload.length + 1;
      await fillStorage(t, quotaProject, filler);
      const second = { filename: 'second.png', content: png };
      expectError(await upload(owner, quotaProject, second), 413, 'STORAGE_QUOTA_EXCEEDED');
      const deleted = await call(t.app, owner, {
        method: 'DELETE',
        url: `/api/v1/projects/${quotaProject}/media/${asset.id}`,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await usage()).toBe(filler);
      const retried = await upload(owner, quotaProject, second);
      expect(retried.statusCode, retried.body).toBe(201);
    });
  });

  describe('files left behind', () => {
    it('purges a deleted project’s files from storage through a job committed with the deletion', async () => {
      const doomed = await createProject(t.app, owner, { name: 'Doomed' });
      const keep = await uploaded({ filename: 'keep.png', content: png });
      const first = await upload(owner, doomed, { filename: 'a.png', content: png });
      const second = await upload(owner, doomed, { filename: 'b.pdf', content: minimalPdf() });
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      const image = first.json<{ data: Asset }>().data;
      expect((await getFile(image, '?w=50')).statusCode).toBe(200);
      const dir = path.join(mediaDir(), doomed);
      expect(fs.existsSync(path.join(dir, image.id, 'original'))).toBe(true);

      const removed = await call(t.app, owner, { method: 'DELETE', url: `/api/v1/projects/${doomed}` });
      expect(removed.statusCode, removed.body).toBe(204);
      // Public URLs stop at once; the bytes go with the job, which the deletion committed.
      expectError(await getFile(image), 404, 'NOT_FOUND');
      const jobs = await t.database.db
        .selectFrom('jobs')
        .select(['status', 'payload'])
        .where('kind', '=', 'media.purge-project')
        .execute();
      expect(jobs.map((job) => job.status)).toEqual(['pending']);
      expect(parseJson(jobs[0]?.payload)).toEqual({ projectId: doomed });
      expect(fs.existsSync(dir)).toBe(true);

      expect(await runDueJobs(t.services)).toBe(1);
      expect(fs.existsSync(dir)).toBe(false);
      const rows = await t.database.db
        .selectFrom('media_assets')
        .select(['id', 'deleted_at'])
        .where('project_id', '=', doomed)
        .execute();
      expect(rows.length).toBe(2);
      expect(rows.every((row) => row.deleted_at !== null)).toBe(true);
      const variants = await t.database.db
        .selectFrom('media_variants')
        .select('variant')
        .where('asset_id', '=', image.id)
        .execute();
      expect(variants).toEqual([]);
      // Other projects keep theirs.
      expect((await getFile(keep)).statusCode).toBe(200);
      expect(fs.existsSync(path.join(mediaDir(), projectId, keep.id, 'original'))).toBe(true);
    });

    it('removes stale temporary uploads at start, and leaves recent ones', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-stale-'));
      const tmp = path.join(dataDir, 'tmp', 'uploads');
      fs.mkdirSync(tmp, { recursive: true });
      const stale = path.join(tmp, 'crashed.part');
      const recent = path.join(tmp, 'writing.part');
      fs.writeFileSync(stale, Buffer.alloc(1000, 1));
      fs.writeFileSync(recent, Buffer.alloc(1000, 2));
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
      const restarted = await createMediaTestApp({ env: { PLINTH_DATA_DIR: dataDir } });
      try {
        expect(fs.existsSync(stale)).toBe(false);
        expect(fs.existsSync(recent)).toBe(true);
      } finally {
        await restarted.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
