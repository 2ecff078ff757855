import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, MediaStorage } from './media-storage.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Media on local disk, under PLINTH_DATA_DIR/media: one folder per project and asset. */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    // Keys come from stored ids; this is a second line of defence, not the first.
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Bad storage key ${key}`);
    return resolved;
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(file, target);
    } catch (error) {
      // Another file system (a temp folder on its own mount): copy, then remove.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await pipeline(fs.createReadStream(file), fs.createWriteStream(`${target}.part`));
      await fsp.rename(`${target}.part`, target);
      await fsp.rm(file, { force: true });
    }
  }

  async putBuffer(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const part = `${target}.${randomUUID()}.part`;
    await fsp.writeFile(part, body);
    await fsp.rename(part, target);
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  localPath(key: string): string | null {
    return this.pathOf(key);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async close(): Promise<void> {}
}
