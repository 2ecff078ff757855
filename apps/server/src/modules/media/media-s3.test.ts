import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Asset } from '@plinth/contract';
// @ts-expect-error s3rver ships no types; the test uses its constructor, run() and close().
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../test/content.js';
import { call, dialectName, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import { createMediaTestApp, fillStorage, fixture, multipart, runDueJobs } from '../../test/media.js';

const BUCKET = 'plinth-media';

/** The same storage contract, against a local S3-compatible server (s3rver) on 127.0.0.1. */
describe(`media on S3-compatible storage (${dialectName})`, () => {
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let s3Dir: string;
  let s3: S3Client;
  let t: TestApp;
  let owner: Session;
  let projectId: string;

  const keys = async (prefix = '') => {
    const answer = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
    return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
  };

  async function upload(filename: string, content: Buffer, project = projectId) {
    const { payload, headers } = multipart([{ name: 'file', filename, content }]);
    return call(t.app, owner, { method: 'POST', url: `/api/v1/projects/${project}/media`, payload, headers });
  }

  const get = (asset: Asset, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${new URL(asset.url).pathname}${query}`, headers });

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    t = await createMediaTestApp({
      env: {
        PLINTH_STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        PLINTH_MAX_UPLOAD_BYTES: '200000',
      },
    });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
  });
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    await server?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores uploads in the bucket and serves them, transformed and by range', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const response = await upload('orange.png', png);
    expect(response.statusCode, response.body).toBe(201);
    const asset = response.json<{ data: Asset }>().data;
    expect(asset).toMatchObject({ mime_type: 'image/png', width: 300, height: 200, size: png.length });
    expect(await keys(`${projectId}/`)).toEqual([`${projectId}/${asset.id}/original`]);
    // Nothing on the local disk.
    expect(fs.existsSync(path.join(t.config.dataDir, 'media'))).toBe(false);

    const original = await get(asset);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(png)).toBe(true);
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const small = await get(asset, '?w=60&format=webp');
    expect(small.statusCode, small.body).toBe(200);
    const metadata = await sharp(small.rawPayload).metadata();
    expect({ width: metadata.width, height: metadata.height, format: metadata.format }).toEqual({
      width: 60,
      height: 40,
      format: 'webp',
    });
    expect(await keys(`${projectId}/${asset.id}/variants/`)).toEqual([
      `${projectId}/${asset.id}/variants/60xauto-cover-qauto.webp`,
    ]);
    const again = await get(asset, '?w=60&format=webp');
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);

    for (const [name, mime] of [
      ['clip.mp4', 'video/mp4'],
      ['tone.mp3', 'audio/mpeg'],
    ] as const) {
      const bytes = fixture(name);
      const media = (await upload(name, bytes)).json<{ data: Asset }>().data;
      expect(media.mime_type).toBe(mime);
      const part = await get(media, '', { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
      const tail = await get(media, '', { range: 'bytes=-64' });
      expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 64))).toBe(true);
    }
  });

  it('enforces the storage quota on the bucket too, and frees it on delete', async () => {
    const quotaProject = await createProject(t.app, owner, { name: 'Bucket quota' });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    // Room for one copy of the file, not two.
    await fillStorage(t, quotaProject, 104_857_600 - 2 * png.length + 1);
    const first = await upload('first.png', png, quotaProject);
    expect(first.statusCode, first.body).toBe(201);
    const asset = first.json<{ data: Asset }>().data;
    const refused = await upload('second.png', png, quotaProject);
    expectError(refused, 413, 'STORAGE_QUOTA_EXCEEDED');
    expect(await keys(`${quotaProject}/`)).toEqual([`${quotaProject}/${asset.id}/original`]);
    const deleted = await call(t.app, owner, {
      method: 'DELETE',
      url: `/api/v1/projects/${quotaProject}/media/${asset.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await keys(`${quotaProject}/`)).toEqual([]);
    const retried = await upload('second.png', png, quotaProject);
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('purges a deleted project’s objects from the bucket through the purge job', async () => {
    const doomed = await createProject(t.app, owner, { name: 'Doomed bucket' });
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#654321' } })
      .png()
      .toBuffer();
    const asset = (await upload('doomed.png', png, doomed)).json<{ data: Asset }>().data;
    expect((await get(asset, '?w=10')).statusCode).toBe(200);
    await upload('other.mp3', fixture('tone.mp3'), doomed);
    expect((await keys(`${doomed}/`)).length).toBe(3);
    const before = await keys(`${projectId}/`);
    const removed = await call(t.app, owner, { method: 'DELETE', url: `/api/v1/projects/${doomed}` });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await runDueJobs(t.services)).toBe(1);
    expect(await keys(`${doomed}/`)).toEqual([]);
    // Another project's objects stay.
    expect(await keys(`${projectId}/`)).toEqual(before);
  });

  it('keeps nothing in the bucket when an upload is refused', async () => {
    const before = await keys();
    const response = await upload('big.bin', Buffer.alloc(200_100, 1));
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(await keys()).toEqual(before);
  });

  it('removes the original and its variants from the bucket on delete', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const asset = (await upload('gone.png', png)).json<{ data: Asset }>().data;
    await get(asset, '?w=10');
    expect((await keys(`${projectId}/${asset.id}/`)).length).toBe(2);
    const deleted = await call(t.app, owner, {
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/media/${asset.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await keys(`${projectId}/${asset.id}/`)).toEqual([]);
    expectError(await get(asset), 404, 'NOT_FOUND');
  });
});
