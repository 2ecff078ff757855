import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { ImportProblem } from '@plinth/contract';
import * as tar from 'tar-stream';
import type { FileDigest } from './archive-files.js';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportManifest } from './exports.service.js';

/** Bounds that keep a hostile archive from filling the disk or the memory. */
export interface ArchiveLimits {
  /** Entries in the archive, the manifest included. */
  maxEntries: number;
  /** Bytes of one entry once unpacked. */
  maxEntryBytes: number;
  /** Bytes of all entries once unpacked (a gzip bomb stops here). */
  maxTotalBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 100_000,
  maxEntryBytes: 1024 * 1024 * 1024,
  maxTotalBytes: 8 * 1024 * 1024 * 1024,
};

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** An archive refused as a whole, with what was wrong. */
export class ArchiveError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '));
  }
}

const fail = (entry: string, message: string): never => {
  throw new ArchiveError([{ path: entry, message }]);
};

const NAME = '[a-z][a-z0-9_]{0,63}';
/** The only entry names an export writes; anything else (`../x`, `/etc/x`, `a\b`) is refused. */
const ALLOWED = new RegExp(
  `^(?:manifest\\.json|audiences\\.json|webhooks\\.json|media\\.ndjson|audit\\.ndjson|model/collections/${NAME}\\.json|model/components/${NAME}\\.json|documents/${NAME}\\.ndjson|versions/${NAME}\\.ndjson|media/[A-Za-z0-9-]{1,64}/[^/\\\\\\u0000-\\u001f]{1,200})$`,
);

/** Whether an entry name is one an export writes, with no way out of the directory it unpacks to. */
export function isSafeEntryName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || name.includes('\u0000')) return false;
  if (name.split('/').some((part) => part === '' || part === '.' || part === '..')) return false;
  return ALLOWED.test(name);
}

/** A read archive: its manifest, and where each checked entry waits on disk. */
export interface ReadArchive {
  manifest: ExportManifest;
  files: Map<string, string>;
}

function parseManifest(body: Buffer): ExportManifest {
  let manifest: unknown;
  try {
    manifest = JSON.parse(body.toString('utf8'));
  } catch {
    return fail('manifest.json', 'is not JSON');
  }
  const value = manifest as Partial<ExportManifest> | null;
  if (typeof value !== 'object' || value === null) return fail('manifest.json', 'is not an object');
  if (value.format !== EXPORT_FORMAT) return fail('manifest.json', `format is not "${EXPORT_FORMAT}"`);
  if (value.format_version !== EXPORT_FORMAT_VERSION) {
    return fail(
      'manifest.json',
      `format_version ${String(value.format_version)} is not one this server reads (${EXPORT_FORMAT_VERSION})`,
    );
  }
  if (typeof value.files !== 'object' || value.files === null) return fail('manifest.json', 'files is missing');
  for (const [name, digest] of Object.entries(value.files)) {
    if (!isSafeEntryName(name)) return fail(name, 'is not an entry name an export writes');
    const { sha256, size } = (digest ?? {}) as Partial<FileDigest>;
    if (
      typeof sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(sha256) ||
      !Number.isSafeInteger(size) ||
      Number(size) < 0
    ) {
      return fail(name, 'has no valid checksum and size in the manifest');
    }
  }
  if (typeof value.project !== 'object' || value.project === null || !Array.isArray(value.project.locales)) {
    return fail('manifest.json', 'project is missing');
  }
  return value as ExportManifest;
}

/**
 * Unpacks an archive into `dir`, checking as it goes: the manifest comes first; every other
 * entry is a plain file the manifest lists, no larger than it says, under the limits, and its
 * checksum matches. Throws an ArchiveError at the first problem (and stops reading there).
 */
export async function readArchive(file: string, dir: string, limits: ArchiveLimits): Promise<ReadArchive> {
  await fs.promises.mkdir(dir, { recursive: true });
  const extract = tar.extract();
  const source = pipeline(fs.createReadStream(file), createGunzip(), extract);
  // Errors surface through the loop below; this keeps an early one from going unhandled.
  source.catch(() => undefined);
  let manifest: ExportManifest | null = null;
  const files = new Map<string, string>();
  let entries = 0;
  let total = 0;
  try {
    for await (const entry of extract) {
      const { name, type, size = 0 } = entry.header;
      entries++;
      if (entries > limits.maxEntries) fail(name, `the archive has more than ${limits.maxEntries} entries`);
      if (type !== 'file') fail(name, `is a ${type ?? 'special'} entry; archives hold plain files only`);
      if (!isSafeEntryName(name)) fail(name, 'is not an entry name an export writes');
      if (files.has(name) || (manifest && name === 'manifest.json')) fail(name, 'appears twice');
      if (size > limits.maxEntryBytes) fail(name, `is larger than ${limits.maxEntryBytes} bytes`);
      total += size;
      if (total > limits.maxTotalBytes) fail(name, `the archive unpacks to more than ${limits.maxTotalBytes} bytes`);
      if (!manifest) {
        if (name !== 'manifest.json') fail(name, 'comes before manifest.json, which must be first');
        if (size > MAX_MANIFEST_BYTES) fail(name, 'is too large');
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = parseManifest(Buffer.concat(chunks));
        continue;
      }
      const declared = manifest.files[name];
      if (!declared) fail(name, 'is not listed in the manifest');
      else if (size !== declared.size) fail(name, `holds ${size} bytes, the manifest says ${declared.size}`);
      const target = path.join(dir, String(files.size));
      const hash = createHash('sha256');
      entry.on('data', (chunk) => hash.update(chunk as Buffer));
      await pipeline(entry, fs.createWriteStream(target));
      if (hash.digest('hex') !== declared?.sha256) fail(name, 'does not match its checksum in the manifest');
      files.set(name, target);
    }
    await source;
  } catch (error) {
    extract.destroy();
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError([{ path: '', message: 'is not a readable gzipped tar archive' }]);
  }
  if (!manifest) return fail('manifest.json', 'is missing');
  const missing = Object.keys(manifest.files).filter((name) => !files.has(name));
  if (missing.length > 0) {
    throw new ArchiveError(missing.map((name) => ({ path: name, message: 'is listed in the manifest but missing' })));
  }
  return { manifest, files };
}
