import fsp from 'node:fs/promises';
import type { MediaKind } from '@plinth/contract';
import { fileTypeFromFile } from 'file-type';

export interface DetectedType {
  mime: string;
  kind: MediaKind;
}

const SNIFF_BYTES = 8192;

/** Raster formats sharp reads here: their metadata is measured and they can be transformed. */
const RASTER = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff']);

export const isRasterImage = (mime: string): boolean => RASTER.has(mime);

/**
 * Whether a browser may show the file in place. Everything else (SVG, HTML, XML, text, archives,
 * anything unknown) is served as an attachment, so no upload ever runs as a page of our origin.
 */
export const isInlineSafe = (mime: string): boolean =>
  (mime.startsWith('image/') && mime !== 'image/svg+xml') ||
  mime.startsWith('video/') ||
  mime.startsWith('audio/') ||
  mime === 'application/pdf';

export function kindOf(mime: string): MediaKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

const SVG =
  /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+svg[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;
const HTML =
  /<(?:!doctype\s+html|html|head|body|script|iframe|frame|object|embed|meta|link|style|title|form|svg|img|a)[\s>/]/i;

/** Plain text types we accept from the extension, once the bytes proved to be harmless text. */
const TEXT_BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  json: 'application/json',
  md: 'text/markdown',
  txt: 'text/plain',
};

/** Text formats: file-type reads binary signatures only (it calls SVG and XHTML "xml" at best). */
function sniffText(head: Buffer, filename: string): string {
  let text: string;
  try {
    // Control characters other than tab, line breaks, form feed and escape mean binary data.
    if (head.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b))) {
      return 'application/octet-stream';
    }
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(head, { stream: true });
  } catch {
    return 'application/octet-stream';
  }
  const start = text.trimStart();
  if (SVG.test(start)) return 'image/svg+xml';
  if (HTML.test(start)) return 'text/html';
  if (start.startsWith('<?xml') || /^<[a-z!?][^>]*>/i.test(start)) return 'application/xml';
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  return TEXT_BY_EXTENSION[extension] ?? 'text/plain';
}

/**
 * The type of a file from its bytes, never from its name: a PNG called `report.pdf` is a PNG.
 * The name only refines harmless text (`.csv` is `text/csv` rather than `text/plain`).
 * @example await detectType('/tmp/upload-1', 'photo.jpg') // { mime: 'image/png', kind: 'image' }
 */
export async function detectType(file: string, filename: string): Promise<DetectedType> {
  const detected = await fileTypeFromFile(file);
  let mime = detected?.mime as string | undefined;
  if (!mime || mime === 'application/xml') {
    const handle = await fsp.open(file, 'r');
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      mime = bytesRead === 0 ? 'application/octet-stream' : sniffText(buffer.subarray(0, bytesRead), filename);
    } finally {
      await handle.close();
    }
  }
  return { mime, kind: kindOf(mime) };
}
