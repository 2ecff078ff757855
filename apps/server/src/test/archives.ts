import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar-stream';
import { call, type Session } from './harness.js';
import { multipart } from './media.js';

/** One entry of a tar archive, as tests build or read them. */
export interface ArchiveEntry {
  name: string;
  body: Buffer;
  type?: 'file' | 'symlink' | 'link' | 'directory';
  linkname?: string;
  /** The size the header claims (defaults to the body's). */
  size?: number;
}

/** Every entry of a gzipped tar, in order. */
export async function unpackArchive(archive: Buffer): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  const extract = tar.extract();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({
      name: entry.header.name,
      body: Buffer.concat(chunks),
      type: (entry.header.type ?? 'file') as ArchiveEntry['type'],
    });
  }
  return entries;
}

/** A gzipped tar of these entries, exactly as given (names, types and sizes are not checked). */
export async function packArchive(entries: readonly ArchiveEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const done = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  for (const entry of entries) {
    const type = entry.type ?? 'file';
    await new Promise<void>((resolve, reject) => {
      const header = { name: entry.name, type, size: type === 'file' ? (entry.size ?? entry.body.length) : 0 };
      const callback = (error?: Error | null) => (error ? reject(error) : resolve());
      if (type === 'file') pack.entry(header, entry.body, callback);
      else pack.entry({ ...header, linkname: entry.linkname ?? '' }, callback);
    });
  }
  pack.finalize();
  return gzipSync(await done);
}

/** The entries with `manifest.json` rewritten so that it lists every other file with its true checksum. */
export function withManifest(entries: readonly ArchiveEntry[], changes: Record<string, unknown> = {}): ArchiveEntry[] {
  const others = entries.filter((entry) => entry.name !== 'manifest.json');
  const manifestEntry = entries.find((entry) => entry.name === 'manifest.json');
  const manifest = manifestEntry ? JSON.parse(manifestEntry.body.toString('utf8')) : {};
  const files = Object.fromEntries(
    others.map((entry) => [
      entry.name,
      { sha256: createHash('sha256').update(entry.body).digest('hex'), size: entry.body.length },
    ]),
  );
  return [{ name: 'manifest.json', body: Buffer.from(JSON.stringify({ ...manifest, files, ...changes })) }, ...others];
}

/** Polls a background job's resource (an export or an import) until it is done or failed. */
export async function waitForJob(app: FastifyInstance, session: Session, url: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await call(app, session, { method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`polling ${url} failed: ${response.body}`);
    const resource = response.json().data;
    if (resource.status === 'done' || resource.status === 'failed') return resource;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not finish`);
}

/** Exports a project (defaults include) and returns the archive's bytes. */
export async function exportArchive(app: FastifyInstance, owner: Session, projectId: string): Promise<Buffer> {
  const created = await call(app, owner, { method: 'POST', url: `/api/v1/projects/${projectId}/exports`, payload: {} });
  if (created.statusCode !== 202) throw new Error(`export failed: ${created.body}`);
  const url = `/api/v1/projects/${projectId}/exports/${created.json().data.id}`;
  const done = await waitForJob(app, owner, url);
  if (done.status !== 'done') throw new Error(`export failed: ${JSON.stringify(done)}`);
  return (await call(app, owner, { method: 'GET', url: `${url}/download` })).rawPayload;
}

/** The multipart body of an import. */
export function importForm(archive: Buffer, fields: { mode?: string; dry_run?: string } = {}) {
  return multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    { name: 'archive', filename: 'project.tar.gz', content: archive, contentType: 'application/gzip' },
  ]);
}
