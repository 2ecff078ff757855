import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What the manifest records of each file of an archive. */
export interface FileDigest {
  sha256: string;
  size: number;
}

/**
 * A file of an archive being written to disk before it is packed (a tar header needs the size
 * first), hashed as it goes: what the export holds in memory is one line at a time.
 */
export class SpooledFile {
  private readonly hash = createHash('sha256');
  private readonly stream: fs.WriteStream;
  private size = 0;

  constructor(readonly path: string) {
    this.stream = fs.createWriteStream(path);
  }

  async write(text: string): Promise<void> {
    const chunk = Buffer.from(text, 'utf8');
    this.hash.update(chunk);
    this.size += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /** One JSON value per line (NDJSON). */
  line(value: unknown): Promise<void> {
    return this.write(`${JSON.stringify(value)}\n`);
  }

  async close(): Promise<FileDigest> {
    this.stream.end();
    await once(this.stream, 'finish');
    return { sha256: this.hash.digest('hex'), size: this.size };
  }
}

/** Copies a stream to `path`, hashing it on the way. */
export async function spoolStream(source: Readable, path: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  let size = 0;
  source.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  await pipeline(source, fs.createWriteStream(path));
  return { sha256: hash.digest('hex'), size };
}

/** A file name as an archive entry holds it: its last part, without control or path characters. */
export const safeName = (filename: string): string => {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '');
  return cleaned.slice(0, 200) || 'file';
};
