import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
// @ts-expect-error s3rver ships no types; the test uses its constructor, run() and close().
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  createTestDatabase,
  expectError,
  type Session,
  signIn,
  signUp,
  startTestServer,
  type TestApp,
} from '../../test/harness.js';
import { fillStorage } from '../../test/media.js';

const TUS = { 'tus-resumable': '1.0.0' };
const OFFSET_STREAM = 'application/offset+octet-stream';
const STARTER_QUOTA = 100 * 1024 * 1024;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

/** A PNG of random pixels (tens of kilobytes: three chunks are real chunks). */
const noisePng = () =>
  sharp(randomBytes(96 * 96 * 3), { raw: { width: 96, height: 96, channels: 3 } })
    .png()
    .toBuffer();

/** The path of an upload's `Location`, for `inject`. */
const pathOf = (location: string | undefined) => new URL(String(location)).pathname;

function createUpload(
  app: FastifyInstance,
  credential: Session | string | null,
  projectId: string,
  length: number,
  fields: Record<string, string> = { filename: 'photo.png' },
): Promise<LightMyRequestResponse> {
  return call(app, credential, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/uploads`,
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata(fields) },
  });
}

function patch(
  app: FastifyInstance,
  credential: Session | string | null,
  url: string,
  offset: number,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return call(app, credential, {
    method: 'PATCH',
    url,
    payload: bytes,
    headers: { ...TUS, 'content-type': OFFSET_STREAM, 'upload-offset': String(offset), ...headers },
  });
}

const head = (app: FastifyInstance, credential: Session | string | null, url: string) =>
  call(app, credential, { method: 'HEAD', url, headers: TUS });

/** Files under the data dir's upload folder. */
const partFiles = (dataDir: string): string[] => {
  const dir = path.join(dataDir, 'resumable-uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

async function uploadRows(t: Pick<TestApp, 'database'>, projectId: string) {
  return t.database.db.selectFrom('resumable_uploads').selectAll().where('project_id', '=', projectId).execute();
}

describe('resumable uploads (tus 1.0)', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
  });
  afterAll(() => t.close());

  it('uploads a file in three PATCHes, reports offsets, and makes the asset as POST /media would', async () => {
    const png = await noisePng();
    const created = await createUpload(t.app, owner, projectId, png.length, {
      filename: 'noise.png',
      alt: 'Static',
      folder: 'big/files',
      filetype: 'image/png',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    expect(created.headers.location).toMatch(new RegExp(`^http://plinth\\.test/api/v1/projects/${projectId}/uploads/`));
    const expires = Date.parse(String(created.headers['upload-expires']));
    expect(expires - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const url = pathOf(created.headers.location);

    const first = await head(t.app, owner, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['upload-offset']).toBe('0');
    expect(first.headers['upload-length']).toBe(String(png.length));
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['tus-resumable']).toBe('1.0.0');

    const cuts = [0, Math.floor(png.length / 3), Math.floor((2 * png.length) / 3), png.length];
    let answer: LightMyRequestResponse | null = null;
    for (let index = 0; index < 3; index += 1) {
      const [from, to] = [cuts[index] as number, cuts[index + 1] as number];
      answer = await patch(t.app, owner, url, from, png.subarray(from, to));
      expect(answer.statusCode, answer.body).toBe(204);
      expect(answer.headers['upload-offset']).toBe(String(to));
      expect(answer.headers['tus-resumable']).toBe('1.0.0');
      if (index < 2) {
        expect(answer.headers['x-plinth-asset-id']).toBeUndefined();
        expect((await head(t.app, owner, url)).headers['upload-offset']).toBe(String(to));
      }
    }
    const assetId = String(answer?.headers['x-plinth-asset-id']);
    expect(assetId).not.toBe('undefined');

    const asset = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/media/${assetId}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.json().data).toMatchObject({
      id: assetId,
      filename: 'noise.png',
      mime_type: 'image/png',
      size: png.length,
      width: 96,
      height: 96,
      alt: 'Static',
      folder: 'big/files',
      created_by: owner.userId,
    });
    const file = await t.app.inject({ url: new URL(asset.json().data.url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    // Audited and announced as any upload is.
    const audit = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/audit-log` });
    expect(JSON.stringify(audit.json().data)).toContain('media.created');
    const events = await t.database.db
      .selectFrom('project_events')
      .select(['event', 'payload'])
      .where('project_id', '=', projectId)
      .where('event', '=', 'media.created')
      .execute();
    expect(events.map((event) => JSON.parse(event.payload).id)).toContain(assetId);
    // The bytes moved into the media library; the finished upload reports its asset.
    expect(partFiles(t.config.dataDir)).toEqual([]);
    const done = await head(t.app, owner, url);
    expect(done.headers['upload-offset']).toBe(String(png.length));
    expect(done.headers['x-plinth-asset-id']).toBe(assetId);
    expectError(await patch(t.app, owner, url, png.length, Buffer.alloc(0)), 409, 'CONFLICT');
  });

  it('refuses a PATCH at another offset (409), of another type (415), or without Tus-Resumable (412)', async () => {
    const created = await createUpload(t.app, owner, projectId, 100);
    const url = pathOf(created.headers.location);
    expect((await patch(t.app, owner, url, 0, Buffer.alloc(10, 1))).statusCode).toBe(204);

    const mismatch = expectError(await patch(t.app, owner, url, 0, Buffer.alloc(10, 2)), 409, 'CONFLICT');
    expect(mismatch.message).toContain('10');
    expectError(await patch(t.app, owner, url, 20, Buffer.alloc(10, 2)), 409, 'CONFLICT');

    const octets = await patch(t.app, owner, url, 10, Buffer.alloc(10, 2), {
      'content-type': 'application/octet-stream',
    });
    expectError(octets, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(octets.headers['tus-resumable']).toBe('1.0.0');
    const json = await call(t.app, owner, {
      method: 'PATCH',
      url,
      payload: { bytes: 'x' },
      headers: { ...TUS, 'upload-offset': '10' },
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');

    for (const request of [
      call(t.app, owner, { method: 'HEAD', url }),
      call(t.app, owner, {
        method: 'PATCH',
        url,
        payload: Buffer.alloc(10, 2),
        headers: { 'content-type': OFFSET_STREAM, 'upload-offset': '10' },
      }),
      call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/uploads`,
        headers: { 'tus-resumable': '0.2.2', 'upload-length': '5', 'upload-metadata': metadata({ filename: 'a' }) },
      }),
      call(t.app, owner, { method: 'DELETE', url }),
    ]) {
      const answer = await request;
      expect(answer.statusCode).toBe(412);
      expect(answer.headers['tus-version']).toBe('1.0.0');
      if (answer.body) expect(answer.json()).toMatchObject({ statusCode: 412, code: 'PRECONDITION_FAILED' });
    }
    // Nothing of the refused requests was kept, and the upload is still there.
    expect((await head(t.app, owner, url)).headers['upload-offset']).toBe('10');
  });

  it('refuses a body longer than what is left (413) and counts none of it', async () => {
    const created = await createUpload(t.app, owner, projectId, 20);
    const url = pathOf(created.headers.location);
    expect((await patch(t.app, owner, url, 0, Buffer.alloc(15, 1))).statusCode).toBe(204);
    expectError(await patch(t.app, owner, url, 15, Buffer.alloc(6, 2)), 413, 'PAYLOAD_TOO_LARGE');
    expect((await head(t.app, owner, url)).headers['upload-offset']).toBe('15');
  });

  it('checks the size against the limit and the media quota before taking a byte', async () => {
    const tooBig = await createUpload(t.app, owner, projectId, t.config.maxUploadBytes + 1);
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
    expect(tooBig.headers['tus-resumable']).toBe('1.0.0');

    const full = await createProject(t.app, owner, { name: 'Full', locales: ['en'], default_locale: 'en' });
    await fillStorage(t, full, STARTER_QUOTA - 1000);
    const before = partFiles(t.config.dataDir);
    expectError(await createUpload(t.app, owner, full, 1001), 413, 'STORAGE_QUOTA_EXCEEDED');
    expect(await uploadRows(t, full)).toEqual([]);
    expect(partFiles(t.config.dataDir)).toEqual(before);
    // An unfinished upload keeps its declared bytes: a second one cannot take them too.
    const first = await createUpload(t.app, owner, full, 600);
    expect(first.statusCode).toBe(201);
    expectError(await createUpload(t.app, owner, full, 600), 413, 'STORAGE_QUOTA_EXCEEDED');
    expect(await uploadRows(t, full)).toHaveLength(1);
  });

  it('re-checks the quota when the last byte arrives: storage used meanwhile refuses the asset', async () => {
    const project = await createProject(t.app, owner, { name: 'Filling', locales: ['en'], default_locale: 'en' });
    const created = await createUpload(t.app, owner, project, 100, { filename: 'late.txt' });
    const url = pathOf(created.headers.location);
    expect((await patch(t.app, owner, url, 0, Buffer.alloc(50, 65))).statusCode).toBe(204);
    // Files stored by other means since the upload started leave it no room.
    await fillStorage(t, project, STARTER_QUOTA - 60);
    expectError(await patch(t.app, owner, url, 50, Buffer.alloc(50, 66)), 413, 'STORAGE_QUOTA_EXCEEDED');
    expect(await uploadRows(t, project)).toEqual([]);
    expect((await head(t.app, owner, url)).statusCode).toBe(404);
    const listed = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project}/media?q=late` });
    expect(listed.json().data).toEqual([]);
    expect(partFiles(t.config.dataDir).some((name) => url.endsWith(name.replace('.bin', '')))).toBe(false);
  });

  it('a PATCH of no bytes finishes a complete upload whose asset was not made; lost bytes are a 404', async () => {
    const fileOf = (url: string) => path.join(t.config.dataDir, 'resumable-uploads', `${url.split('/').pop()}.bin`);
    // As after a storage failure on the last PATCH: every byte is on disk, no asset yet.
    const stranded = pathOf(
      (await createUpload(t.app, owner, projectId, 4, { filename: 'retry.txt' })).headers.location,
    );
    fs.writeFileSync(fileOf(stranded), 'data');
    const id = stranded.split('/').pop() as string;
    await t.database.db.updateTable('resumable_uploads').set({ upload_offset: 4 }).where('id', '=', id).execute();
    const retried = await patch(t.app, owner, stranded, 4, Buffer.alloc(0));
    expect(retried.statusCode, retried.body).toBe(204);
    expect(retried.headers['x-plinth-asset-id']).toBeTruthy();

    // Bytes removed behind the server's back: the upload cannot continue, nor finish.
    const lost = pathOf((await createUpload(t.app, owner, projectId, 10)).headers.location);
    await patch(t.app, owner, lost, 0, Buffer.alloc(5, 1));
    fs.rmSync(fileOf(lost));
    expectError(await patch(t.app, owner, lost, 5, Buffer.alloc(5, 1)), 404, 'NOT_FOUND');
    expect((await head(t.app, owner, lost)).statusCode).toBe(404);
    const gone = pathOf((await createUpload(t.app, owner, projectId, 10)).headers.location);
    await patch(t.app, owner, gone, 0, Buffer.alloc(5, 1));
    const goneId = gone.split('/').pop() as string;
    await t.database.db.updateTable('resumable_uploads').set({ upload_offset: 10 }).where('id', '=', goneId).execute();
    fs.rmSync(fileOf(gone));
    expectError(await patch(t.app, owner, gone, 10, Buffer.alloc(0)), 404, 'NOT_FOUND');
    expect((await head(t.app, owner, gone)).statusCode).toBe(404);
  });

  it('validates Upload-Length and Upload-Metadata', async () => {
    const base = `/api/v1/projects/${projectId}/uploads`;
    const post = (headers: Record<string, string>) =>
      call(t.app, owner, { method: 'POST', url: base, headers: { ...TUS, ...headers } });
    const name = metadata({ filename: 'a.txt' });
    for (const length of ['-1', 'abc', '1.5', '']) {
      expectError(await post({ 'upload-length': length, 'upload-metadata': name }), 400, 'VALIDATION_FAILED');
    }
    expectError(await post({ 'upload-metadata': name }), 400, 'VALIDATION_FAILED');
    expectError(await post({ 'upload-length': '0', 'upload-metadata': name }), 400, 'VALIDATION_FAILED');
    expectError(await post({ 'upload-length': '9'.repeat(40), 'upload-metadata': name }), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await post({ 'upload-length': '10' }), 400, 'VALIDATION_FAILED');
    expectError(await post({ 'upload-length': '10', 'upload-metadata': 'filename !!!' }), 400, 'VALIDATION_FAILED');
    expectError(await post({ 'upload-length': '10', 'upload-metadata': `alt ${b64('x')}` }), 400, 'VALIDATION_FAILED');
    expectError(
      await post({ 'upload-length': '10', 'upload-metadata': `${name},folder ${b64('a//b')}` }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post({ 'upload-length': '10', 'upload-metadata': `${name},alt ${b64('x'.repeat(1001))}` }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await uploadRows(t, projectId)).not.toContainEqual(expect.objectContaining({ upload_length: 10 }));
  });

  it('DELETE terminates an upload and removes its bytes', async () => {
    const created = await createUpload(t.app, owner, projectId, 50);
    const url = pathOf(created.headers.location);
    const id = url.split('/').pop() as string;
    await patch(t.app, owner, url, 0, Buffer.alloc(20, 7));
    expect(partFiles(t.config.dataDir)).toContain(`${id}.bin`);
    const deleted = await call(t.app, owner, { method: 'DELETE', url, headers: TUS });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.headers['tus-resumable']).toBe('1.0.0');
    expect(partFiles(t.config.dataDir)).not.toContain(`${id}.bin`);
    expect((await head(t.app, owner, url)).statusCode).toBe(404);
    expectError(await patch(t.app, owner, url, 20, Buffer.alloc(5)), 404, 'NOT_FOUND');
  });

  it('has the permissions of POST /media: 401, 403 for viewers, 404 across projects and callers', async () => {
    const created = await createUpload(t.app, owner, projectId, 10);
    const url = pathOf(created.headers.location);
    const addMember = async (role: string) => {
      const member = await signUp(t.app);
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: member.email, role },
      });
      expect(added.statusCode, added.body).toBe(201);
      return member;
    };
    const viewer = await addMember('viewer');
    const editor = await addMember('editor');
    const outsider = await signUp(t.app);
    const elsewhere = await createProject(t.app, outsider, { name: 'Other', locales: ['en'], default_locale: 'en' });

    expectError(await createUpload(t.app, null, projectId, 10), 401, 'UNAUTHENTICATED');
    expect((await head(t.app, null, url)).statusCode).toBe(401);
    expectError(await patch(t.app, null, url, 0, Buffer.alloc(10)), 401, 'UNAUTHENTICATED');
    expectError(await createUpload(t.app, viewer, projectId, 10), 403, 'FORBIDDEN');
    expectError(await patch(t.app, viewer, url, 0, Buffer.alloc(10)), 403, 'FORBIDDEN');
    expectError(await createUpload(t.app, outsider, projectId, 10), 404, 'NOT_FOUND');
    expect((await head(t.app, outsider, url)).statusCode).toBe(404);
    // The id under the outsider's own project, and another member's upload: not theirs.
    const moved = url.replace(projectId, elsewhere);
    expect((await head(t.app, outsider, moved)).statusCode).toBe(404);
    expectError(await patch(t.app, outsider, moved, 0, Buffer.alloc(10)), 404, 'NOT_FOUND');
    expectError(await call(t.app, outsider, { method: 'DELETE', url: moved, headers: TUS }), 404, 'NOT_FOUND');
    expect((await head(t.app, editor, url)).statusCode).toBe(404);
    expectError(await patch(t.app, editor, url, 0, Buffer.alloc(10)), 404, 'NOT_FOUND');
    expect((await head(t.app, owner, url)).headers['upload-offset']).toBe('0');

    // API tokens: media:write may upload; a read-only token may not.
    const writer = await createToken(t.app, owner, projectId, ['media:write']);
    const reader = await createToken(t.app, owner, projectId, ['content:read']);
    expectError(await createUpload(t.app, reader, projectId, 10), 403, 'FORBIDDEN');
    const byToken = await createUpload(t.app, writer, projectId, 4, { filename: 'a.txt' });
    expect(byToken.statusCode).toBe(201);
    const done = await patch(t.app, writer, pathOf(byToken.headers.location), 0, Buffer.from('text'));
    expect(done.statusCode, done.body).toBe(204);
    expect(done.headers['x-plinth-asset-id']).toBeTruthy();
  });

  it('answers tus discovery and CORS preflights on OPTIONS, and exposes the tus headers', async () => {
    const url = `/api/v1/projects/${projectId}/uploads`;
    const discovery = await t.app.inject({ method: 'OPTIONS', url });
    expect(discovery.statusCode).toBe(204);
    expect(discovery.headers).toMatchObject({
      'tus-resumable': '1.0.0',
      'tus-version': '1.0.0',
      'tus-extension': 'creation,termination,expiration',
      'tus-max-size': String(t.config.maxUploadBytes),
    });
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `${url}/0190abcd`,
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'tus-resumable,upload-offset,content-type,authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');
    const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase();
    for (const name of ['tus-resumable', 'upload-offset', 'upload-length', 'upload-metadata']) {
      expect(allowed).toContain(name);
    }
    expect(preflight.headers['tus-version']).toBe('1.0.0');

    const created = await call(t.app, owner, {
      method: 'POST',
      url,
      headers: {
        ...TUS,
        origin: 'https://app.example',
        'upload-length': '3',
        'upload-metadata': metadata({ filename: 'x' }),
      },
    });
    const exposed = String(created.headers['access-control-expose-headers']);
    for (const name of [
      'Location',
      'Upload-Offset',
      'Upload-Length',
      'Tus-Resumable',
      'Upload-Expires',
      'X-Plinth-Asset-Id',
    ]) {
      expect(exposed).toContain(name);
    }
  });

  it('documents the routes and their headers in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const collection = document.paths['/api/v1/projects/{projectId}/uploads'];
    const one = document.paths['/api/v1/projects/{projectId}/uploads/{uploadId}'];
    expect(collection.post.operationId).toBe('createUpload');
    expect(collection.options.operationId).toBe('discoverUploads');
    expect(Object.keys(one).sort()).toEqual(['delete', 'head', 'options', 'patch']);
    const headerNames = (operation: { parameters: { in: string; name: string }[] }) =>
      operation.parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name);
    expect(headerNames(collection.post)).toEqual(
      expect.arrayContaining(['tus-resumable', 'upload-length', 'upload-metadata']),
    );
    expect(headerNames(one.patch)).toEqual(expect.arrayContaining(['tus-resumable', 'upload-offset']));
    expect(Object.keys(one.patch.requestBody.content)).toEqual([OFFSET_STREAM]);
    expect(Object.keys(collection.post.responses['201'].headers)).toEqual(
      expect.arrayContaining(['Location', 'Tus-Resumable', 'Upload-Expires']),
    );
    expect(Object.keys(one.patch.responses['204'].headers)).toEqual(
      expect.arrayContaining(['Upload-Offset', 'X-Plinth-Asset-Id']),
    );
    expect(Object.keys(collection.options.responses['204'].headers)).toEqual(
      expect.arrayContaining(['Tus-Version', 'Tus-Extension', 'Tus-Max-Size']),
    );
  });

  it('streams a body over a real socket in chunks, never as one buffer', async () => {
    const content = randomBytes(3 * 1024 * 1024);
    const created = await createUpload(t.app, owner, projectId, content.length, { filename: 'blob.bin' });
    const url = pathOf(created.headers.location);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: url,
        headers: {
          ...TUS,
          authorization: `Bearer ${owner.accessToken}`,
          'content-type': OFFSET_STREAM,
          'upload-offset': '0',
          // No Content-Length: the body arrives chunked, as a browser stream would send it.
          'transfer-encoding': 'chunked',
        },
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response));
      });
      request.on('error', reject);
      const write = (from: number) => {
        const to = Math.min(from + 64 * 1024, content.length);
        if (from >= content.length) return void request.end();
        request.write(content.subarray(from, to), () => write(to));
      };
      write(0);
    });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['upload-offset']).toBe(String(content.length));
    const assetId = String(answer.headers['x-plinth-asset-id']);
    const asset = (
      await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/media/${assetId}` })
    ).json().data;
    expect(asset.size).toBe(content.length);
    const file = await t.app.inject({ url: new URL(asset.url).pathname });
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(file.rawPayload)).toBe(sha(content));
  });
  it('keeps the bytes of a body that broke off, for the client to resume from', async () => {
    const content = randomBytes(200_000);
    const created = await createUpload(t.app, owner, projectId, content.length, { filename: 'broken.bin' });
    const url = pathOf(created.headers.location);
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const sent = 120_000;
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: url,
        headers: {
          ...TUS,
          authorization: `Bearer ${owner.accessToken}`,
          'content-type': OFFSET_STREAM,
          'upload-offset': '0',
          'content-length': String(content.length),
        },
      });
      request.on('error', () => resolve());
      // Part of the body, then the connection drops (a train enters a tunnel).
      request.write(content.subarray(0, sent), () => setTimeout(() => request.destroy(), 300));
    });
    // The server notices the break and counts what it wrote.
    let offset = '0';
    for (let attempt = 0; attempt < 50 && offset === '0'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      offset = String((await head(t.app, owner, url)).headers['upload-offset']);
    }
    const kept = Number(offset);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(sent);
    const done = await patch(t.app, owner, url, kept, content.subarray(kept));
    expect(done.statusCode, done.body).toBe(204);
    const asset = (
      await call(t.app, owner, {
        method: 'GET',
        url: `/api/v1/projects/${projectId}/media/${done.headers['x-plinth-asset-id']}`,
      })
    ).json().data;
    const file = await t.app.inject({ url: new URL(asset.url).pathname });
    expect(file.rawPayload.equals(content)).toBe(true);
  });
});

describe('resumable uploads over time', () => {
  it('resume after a restart: the offset and the bytes are kept', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-tus-'));
    const config = loadConfig({
      PLINTH_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PLINTH_SEED_DEMO: 'false',
      PUBLIC_URL: 'http://plinth.test',
    });
    const database = await createTestDatabase();
    try {
      const png = await noisePng();
      const first = await startTestServer({ config, database, worker: false });
      const owner = await signUp(first.app);
      const projectId = await createProject(first.app, owner);
      const created = await createUpload(first.app, owner, projectId, png.length, { filename: 'resumed.png' });
      const url = pathOf(created.headers.location);
      const half = Math.floor(png.length / 2);
      expect((await patch(first.app, owner, url, 0, png.subarray(0, half))).statusCode).toBe(204);
      await first.close();

      const second = await startTestServer({ config, database, worker: false });
      try {
        expect((await head(second.app, owner, url)).headers['upload-offset']).toBe(String(half));
        const done = await patch(second.app, owner, url, half, png.subarray(half));
        expect(done.statusCode, done.body).toBe(204);
        const asset = await call(second.app, owner, {
          method: 'GET',
          url: `/api/v1/projects/${projectId}/media/${done.headers['x-plinth-asset-id']}`,
        });
        expect(asset.json().data).toMatchObject({ filename: 'resumed.png', size: png.length, width: 96 });
        const file = await second.app.inject({ url: new URL(asset.json().data.url).pathname });
        expect(file.rawPayload.equals(png)).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('expires an unfinished upload after 24 hours: 404, and its bytes are removed', async () => {
    const time = createTestClock(new Date());
    const t = await createTestApp({ worker: false, clock: time.clock });
    try {
      const owner = await signUp(t.app);
      const projectId = await createProject(t.app, owner);
      const created = await createUpload(t.app, owner, projectId, 100);
      expect(Date.parse(String(created.headers['upload-expires']))).toBe(
        Math.floor((time.clock().getTime() + 24 * 3600_000) / 1000) * 1000,
      );
      const url = pathOf(created.headers.location);
      const swept = pathOf((await createUpload(t.app, owner, projectId, 100)).headers.location);
      expect((await patch(t.app, owner, url, 0, Buffer.alloc(40, 1))).statusCode).toBe(204);
      expect((await patch(t.app, owner, swept, 0, Buffer.alloc(40, 1))).statusCode).toBe(204);
      expect(partFiles(t.config.dataDir)).toHaveLength(2);

      time.advance(24 * 3600_000 - 1000);
      // Access tokens do not last a day: sign in again, as the client would.
      const later = await signIn(t.app, owner.email, owner.password);
      expect((await head(t.app, later, url)).headers['upload-offset']).toBe('40');
      time.advance(1000);
      expect((await head(t.app, later, url)).statusCode).toBe(404);
      expect(partFiles(t.config.dataDir)).toHaveLength(1);
      expectError(await patch(t.app, later, url, 40, Buffer.alloc(60, 1)), 404, 'NOT_FOUND');
      // The background sweep removes the other one without anyone asking.
      expect(await t.services.uploads.removeExpired()).toBe(1);
      expect(partFiles(t.config.dataDir)).toEqual([]);
      expect(await uploadRows(t, projectId)).toEqual([]);
      // Its declared bytes no longer hold quota.
      expect((await createUpload(t.app, later, projectId, STARTER_QUOTA - 1)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('removes files that no upload owns (a deleted project cascades its rows)', async () => {
    const t = await createTestApp({ worker: false });
    try {
      const owner = await signUp(t.app);
      const projectId = await createProject(t.app, owner);
      const created = await createUpload(t.app, owner, projectId, 100);
      await patch(t.app, owner, pathOf(created.headers.location), 0, Buffer.alloc(10));
      await t.database.db.deleteFrom('resumable_uploads').execute();
      expect(partFiles(t.config.dataDir)).toHaveLength(1);
      await t.services.uploads.removeExpired();
      expect(partFiles(t.config.dataDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('resumable uploads on S3-compatible storage', () => {
  it('assembles the parts under the data dir, then stores the file in the bucket as any upload', async () => {
    const bucket = 'plinth-media';
    const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-s3rver-'));
    const server: { run(): Promise<{ port: number }>; close(): Promise<void> } = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const t = await createTestApp({
      worker: false,
      env: {
        PLINTH_STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const owner = await signUp(t.app);
      const projectId = await createProject(t.app, owner);
      const png = await noisePng();
      const url = pathOf((await createUpload(t.app, owner, projectId, png.length)).headers.location);
      const half = Math.floor(png.length / 2);
      expect((await patch(t.app, owner, url, 0, png.subarray(0, half))).statusCode).toBe(204);
      const done = await patch(t.app, owner, url, half, png.subarray(half));
      expect(done.statusCode, done.body).toBe(204);
      const assetId = String(done.headers['x-plinth-asset-id']);
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${projectId}/` }));
      expect((listed.Contents ?? []).map((object) => object.Key)).toEqual([`${projectId}/${assetId}/original`]);
      expect(partFiles(t.config.dataDir)).toEqual([]);
      const asset = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/media/${assetId}` });
      const file = await t.app.inject({ url: new URL(asset.json().data.url).pathname });
      expect(file.rawPayload.equals(png)).toBe(true);
    } finally {
      await t.close();
      s3.destroy();
      await server.close();
      fs.rmSync(s3Dir, { recursive: true, force: true });
    }
  });
});
