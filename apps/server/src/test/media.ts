import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { NewMediaAssetRow } from '../db/schema.js';
import type { MediaOptions } from '../modules/media/media.service.js';
import type { Services } from '../services.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * `createTestApp` as the media tests use it: the job worker off (tests that need a job run a
 * worker pass themselves), and optionally the media library tuned.
 */
export function createMediaTestApp(
  options: { env?: Record<string, string>; media?: MediaOptions } = {},
): Promise<TestApp> {
  return createTestApp({
    ...(options.env ? { env: options.env } : {}),
    ...(options.media ? { media: options.media } : {}),
    worker: false,
  });
}

/** Real, tiny media files made with ffmpeg (see fixtures/README.md). */
export const fixture = (name: 'clip.mp4' | 'tone.mp3'): Buffer =>
  fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/**
 * A multipart/form-data body built by hand, for `app.inject`.
 * @example const { payload, headers } = multipart([{ name: 'file', filename: 'a.png', content: png }]);
 */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----plinth${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('content' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal valid PDF, written by hand (one empty page). */
export function minimalPdf(): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += object;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buffer: Buffer) => {
  let c = 0xffffffff;
  for (const byte of buffer) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/**
 * A decompression bomb: a valid one-colour 1-bit PNG of `size`×`size` pixels (400 megapixels
 * by default) that compresses to a few tens of kilobytes.
 */
export function pngBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(size / 8);
  // Every row: filter byte 0 and black pixels; zeros compress about a thousandfold.
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * size), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * One pass of a job worker over the due jobs (media test apps run none in the background).
 * @example await runDueJobs(t.services); // the purge of a deleted project's files ran
 */
export function runDueJobs(services: Services): Promise<number> {
  return services.worker().runDue();
}

/**
 * An asset row written straight to the database, behind the API's back (a file stored by an
 * older version, or a stand-in for storage already used); `values` override the defaults.
 * @example await insertAssetRow(t, { project_id: projectId, size: 1000 });
 */
export async function insertAssetRow(
  t: TestApp,
  values: Partial<NewMediaAssetRow> & Pick<NewMediaAssetRow, 'project_id'>,
): Promise<string> {
  const id = values.id ?? randomUUID();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('media_assets')
    .values({
      id,
      filename: 'archive.zip',
      mime_type: 'application/zip',
      kind: 'document',
      size: 0,
      width: null,
      height: null,
      dominant_color: null,
      alt: '{}',
      folder: null,
      focal_x: null,
      focal_y: null,
      sha256: '0'.repeat(64),
      storage_key: `${values.project_id}/${id}/original`,
      search_text: values.filename ?? 'archive.zip',
      created_at: now,
      updated_at: now,
      created_by: null,
      created_by_token: null,
      deleted_at: null,
      ...values,
    })
    .execute();
  return id;
}

/**
 * Makes a project's storage look `bytes` full: a document row stands in for files already
 * stored (nothing is written to storage).
 * @example await fillStorage(t, projectId, 104_857_600 - 1000); // 1000 bytes left on Starter
 */
export async function fillStorage(t: TestApp, projectId: string, bytes: number): Promise<void> {
  await insertAssetRow(t, { project_id: projectId, size: bytes });
}
