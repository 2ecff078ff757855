import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../apps/server/src/test/content.js';
import { multipart, pngBomb } from '../apps/server/src/test/media.js';
import {
  type Answer,
  attack,
  errorCode,
  newUser,
  report,
  type Session,
  send,
  startTarget,
  type Target,
} from './harness.js';

// Uploads: files that could run script in the app's origin (SVG, HTML, XML, polyglots, lying
// names and types), names that try to leave the media folder or break headers, and files or
// requests built to exhaust the server (pixel floods, transform sizes, part counts).

interface StoredAsset {
  id: string;
  filename: string;
  mime_type: string;
  size: number;
  url: string;
}

/** Everything a browser looks at before deciding whether a file may run as a page. */
function expectInert(answer: Answer, mime: string) {
  expect(answer.status).toBe(200);
  const type = String(answer.headers['content-type']);
  expect(type.split(';')[0]).toBe(mime);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  const csp = String(answer.headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp.split(';').map((directive) => directive.trim())).toContain('sandbox');
}

/** Active types (script may run in them) must be downloads, never shown in place. */
function expectAttachment(answer: Answer) {
  expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename="/);
}

describe('uploads: nothing uploaded runs, escapes the media folder or exhausts the server', () => {
  let target: Target;
  let owner: Session;
  let projectId: string;

  const mediaPath = () => `/api/v1/projects/${projectId}/media`;
  const assetCount = async () =>
    Number(
      (
        await target.database.db
          .selectFrom('media_assets')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const upload = (tried: string, filename: string, content: Buffer, contentType?: string) => {
    const { payload, headers } = multipart([
      { name: 'file', filename, content, ...(contentType ? { contentType } : {}) },
    ]);
    return attack(target, tried, { method: 'POST', path: mediaPath(), as: owner, headers, body: payload });
  };
  const uploaded = async (tried: string, filename: string, content: Buffer, contentType?: string) => {
    const answer = await upload(tried, filename, content, contentType);
    expect(answer.status).toBe(201);
    return (answer.json as { data: StoredAsset }).data;
  };
  /** The public file at the asset's url (its path, on the target). */
  const served = (asset: Pick<StoredAsset, 'url'>, tried: string, query = '') =>
    attack(target, tried, { path: `${new URL(asset.url).pathname}${query}` });

  beforeAll(async () => {
    target = await startTarget({ worker: false });
    owner = await newUser(target, 'Owner');
    projectId = await createProject(target.app, owner);
  });
  afterAll(async () => target?.close());

  it('CWE-79 stored XSS via SVG: <script>, onload and foreignObject are served as sandboxed attachments', async () => {
    const svgs = {
      'script.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
      'onload.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      'foreign.svg':
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="100" height="100">' +
        '<body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe></body></foreignObject></svg>',
    };
    for (const [name, svg] of Object.entries(svgs)) {
      const asset = await uploaded(`upload ${name}`, name, Buffer.from(svg), 'image/svg+xml');
      expect(asset.mime_type).toBe('image/svg+xml');
      const answer = await served(asset, `open ${name} from its url`);
      expectInert(answer, 'image/svg+xml');
      expectAttachment(answer);
      // A transform would rasterize it elsewhere; it is refused rather than run through a renderer.
      const transformed = await served(asset, `ask for ${name} as a PNG`, '?format=png');
      expect(transformed.status).toBe(400);
      expect(errorCode(transformed)).toBe('VALIDATION_FAILED');
    }
  });

  it('CWE-79 HTML, .htm, .xhtml and .xml uploads are never served as an active document', async () => {
    const files: [string, string, string, string][] = [
      ['page.html', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'text/html', 'text/html'],
      ['page.htm', '<html><body onload="alert(1)">hi</body></html>', 'text/html', 'text/html'],
      [
        'page.xhtml',
        '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
        'application/xhtml+xml',
        'text/html',
      ],
      [
        'data.xml',
        '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
        'application/xml',
        'application/xml',
      ],
    ];
    for (const [name, body, declared, detected] of files) {
      const asset = await uploaded(`upload ${name} declared ${declared}`, name, Buffer.from(body), declared);
      expect(asset.mime_type).toBe(detected);
      const answer = await served(asset, `open ${name}`);
      expectInert(answer, detected);
      expectAttachment(answer);
    }
  });

  it('CWE-434 polyglot: a GIF header wrapping HTML and JavaScript is not an active document', async () => {
    const polyglot = Buffer.from(
      'GIF89a/*\x01\x00\x01\x00\x00\x00\x00;*/=1;<html><script>alert(1)</script></html>',
      'latin1',
    );
    const before = await assetCount();
    const answer = await upload('upload a GIF/JS/HTML polyglot named x.gif', 'x.gif', polyglot, 'image/gif');
    // Its bytes say GIF, and no image is in them: refused as a damaged image, nothing stored.
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('VALIDATION_FAILED');
    expect((answer.json as { details?: { path: string }[] }).details?.[0]?.path).toBe('file');
    expect(await assetCount()).toBe(before);
    // A real GIF with a page after its trailer: stored and served as a GIF, under nosniff and the sandbox.
    const gif = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const trailing = Buffer.concat([gif, Buffer.from('<html><script>alert(document.domain)</script></html>')]);
    const asset = await uploaded('upload a valid GIF followed by an HTML page', 'x.gif', trailing, 'text/html');
    expect(asset.mime_type).toBe('image/gif');
    const file = await served(asset, 'open the GIF/HTML polyglot');
    expectInert(file, 'image/gif');
  });

  it('CWE-646 lying names: PNG bytes named x.html stay a PNG; HTML bytes named x.png are HTML, as an attachment', async () => {
    const png = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const pngAsHtml = await uploaded('upload PNG bytes named x.html, declared text/html', 'x.html', png, 'text/html');
    expect(pngAsHtml.mime_type).toBe('image/png');
    const pngFile = await served(pngAsHtml, 'open the PNG named x.html');
    expectInert(pngFile, 'image/png');

    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const htmlAsPng = await uploaded('upload HTML bytes named x.png, declared image/png', 'x.png', html, 'image/png');
    expect(htmlAsPng.mime_type).toBe('text/html');
    const htmlFile = await served(htmlAsPng, 'open the HTML named x.png');
    expectInert(htmlFile, 'text/html');
    expectAttachment(htmlFile);
  });

  it('CWE-79 script and stylesheet uploads: served as text/plain under nosniff, so no page can load them as code', async () => {
    for (const [name, body, declared] of [
      ['app.js', 'fetch("/api/v1/auth/me").then((r) => r.text()).then(alert);', 'application/javascript'],
      ['app.mjs', 'export default document.cookie;', 'text/javascript'],
      ['theme.css', 'body { background: url("https://evil.example/?leak") }', 'text/css'],
    ] as const) {
      const asset = await uploaded(`upload ${name} declared ${declared}`, name, Buffer.from(body), declared);
      expect(asset.mime_type).toBe('text/plain');
      const file = await served(asset, `open ${name}`);
      expectInert(file, 'text/plain');
      expectAttachment(file);
    }
  });

  it('CWE-434 a lying Content-Type in the multipart part: the stored and served type come from the bytes', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const asset = await uploaded(
      'upload an SVG whose part says image/jpeg, named photo.jpg',
      'photo.jpg',
      svg,
      'image/jpeg',
    );
    expect(asset.mime_type).toBe('image/svg+xml');
    const file = await served(asset, 'open it');
    expectInert(file, 'image/svg+xml');
    expectAttachment(file);
  });

  it('CWE-22 path traversal in the file name: the name is cleaned, the file lands in the media folder, the url works', async () => {
    const content = Buffer.from('plain text, nothing more');
    const names = [
      '../../etc/passwd',
      '..\\..\\windows\\win.ini',
      '%2e%2e/%2e%2e/secret.txt',
      '%2e%2e%2f%2e%2e%2fsecret.txt',
      '/etc/shadow',
      'C:\\Windows\\system.ini',
      'evil\u0000.txt',
      '..',
      '...',
      '.',
      '....//....//x.txt',
    ];
    const mediaRoot = path.resolve(target.config.dataDir, 'media');
    for (const name of names) {
      const asset = await uploaded(`upload a file named ${JSON.stringify(name)}`, name, content, 'text/plain');
      expect(asset.filename).not.toMatch(/[/\\]/);
      expect(asset.filename).not.toContain('\u0000');
      expect(asset.filename).not.toMatch(/^\.{1,2}$/);
      const row = await target.database.db
        .selectFrom('media_assets')
        .select(['storage_key'])
        .where('id', '=', asset.id)
        .executeTakeFirstOrThrow();
      const stored = path.resolve(mediaRoot, row.storage_key);
      expect(stored.startsWith(`${mediaRoot}${path.sep}`)).toBe(true);
      expect(fs.readFileSync(stored)).toEqual(content);
      const file = await served(asset, `download ${JSON.stringify(asset.filename)}`);
      expect(file.status).toBe(200);
      expect(file.text).toBe(content.toString());
      // The name in the header is quoted and cannot add a header or a second name.
      expect(String(file.headers['content-disposition'])).toMatch(
        /^attachment; filename="[^"\\\r\n]*"; filename\*=UTF-8''/,
      );
    }
  });

  it('CWE-22 traversal through RFC 5987 filename* and a part that names two files: cleaned, inside the media folder', async () => {
    const boundary = 'plinthattackboundary7';
    const raw = (disposition: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
      );
    const mediaRoot = path.resolve(target.config.dataDir, 'media');
    for (const disposition of [
      `form-data; name="file"; filename*=UTF-8''..%2F..%2F..%2Fetc%2Fcron.d%2Fevil`,
      `form-data; name="file"; filename="safe.txt"; filename*=UTF-8''..%5C..%5Cboot.ini`,
      'form-data; name="file"; filename="a.txt"; filename="../../b.txt"',
      'form-data; name="file"; filename="   "',
    ]) {
      const answer = await attack(target, `upload with Content-Disposition: ${disposition}`, {
        method: 'POST',
        path: mediaPath(),
        as: owner,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: raw(disposition),
      });
      expect(answer.status).toBe(201);
      const asset = (answer.json as { data: StoredAsset }).data;
      expect(asset.filename).not.toMatch(/[/\\]|^\.{1,2}$|^\s*$/);
      const row = await target.database.db
        .selectFrom('media_assets')
        .select(['storage_key'])
        .where('id', '=', asset.id)
        .executeTakeFirstOrThrow();
      expect(path.resolve(mediaRoot, row.storage_key).startsWith(`${mediaRoot}${path.sep}`)).toBe(true);
      const file = await served(asset, `download ${JSON.stringify(asset.filename)}`);
      expect(file.status).toBe(200);
      expect(file.text).toBe('hello');
    }
  });

  it('CWE-113 header injection through the file name: CR/LF and quotes never reach a response header', async () => {
    const names = [
      'a\r\nSet-Cookie: session=stolen\r\nX-Evil: 1.txt',
      'b";filename="evil.html',
      "c';filename*=UTF-8''evil.html",
    ];
    for (const name of names) {
      const answer = await upload(
        `upload a file named ${JSON.stringify(name)}`,
        name,
        Buffer.from('text'),
        'text/plain',
      );
      if (answer.status !== 201) {
        expect(answer.status).toBe(400);
        expect(errorCode(answer)).toBe('VALIDATION_FAILED');
        continue;
      }
      const asset = (answer.json as { data: StoredAsset }).data;
      expect(asset.filename).not.toMatch(/[\r\n]/);
      const file = await served(asset, 'download it');
      expect(file.status).toBe(200);
      expect(file.headers['set-cookie']).toBeUndefined();
      expect(file.headers['x-evil']).toBeUndefined();
      const disposition = String(file.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[^"\\\r\n]*"; filename\*=UTF-8''[^"'\s;]*$/);
    }
    const renamed = await attack(target, 'rename an asset to a path with traversal', {
      method: 'PATCH',
      path: `${mediaPath()}/${(await uploaded('upload a file to rename', 'plain.txt', Buffer.from('x'), 'text/plain')).id}`,
      as: owner,
      body: { filename: '../../../etc/passwd' },
    });
    expect(renamed.status).toBe(400);
    expect(errorCode(renamed)).toBe('VALIDATION_FAILED');
  });

  it('CWE-409 pixel flood: a 400-megapixel PNG bomb is refused quickly, nothing is stored, the server stays up', async () => {
    const before = await assetCount();
    const started = performance.now();
    const answer = await upload('upload a 20000×20000 PNG of a few KB', 'bomb.png', pngBomb(), 'image/png');
    const elapsed = performance.now() - started;
    report('the bomb upload took', `${Math.round(elapsed)} ms`);
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('VALIDATION_FAILED');
    expect(elapsed).toBeLessThan(5000);
    expect(await assetCount()).toBe(before);
    const health = await attack(target, 'is the server still up', { path: '/healthz' });
    expect(health.status).toBe(200);
  });

  it('CWE-409 transform of the largest image allowed (100 megapixels): answered in bounded time, the server keeps serving', async () => {
    const asset = await uploaded(
      'upload a 10000×10000 one-colour PNG (the pixel limit)',
      'edge.png',
      pngBomb(10_000),
      'image/png',
    );
    const started = performance.now();
    const [variant, health] = await Promise.all([
      served(asset, 'transform it to 4096×4096 WebP', '?w=4096&h=4096&format=webp'),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const began = performance.now();
        const answer = await send(target, { path: '/healthz' });
        return { status: answer.status, ms: performance.now() - began };
      })(),
    ]);
    const elapsed = performance.now() - started;
    report(
      'the 100-megapixel transform',
      `${variant.status} in ${Math.round(elapsed)} ms; /healthz meanwhile ${health.status} in ${Math.round(health.ms)} ms`,
    );
    expect(variant.status).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(elapsed).toBeLessThan(25_000);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(1000);
  });

  it('CWE-400 transform sizes: huge, zero, negative or fractional w/h, bad formats and qualities are refused', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const asset = await uploaded('upload a small PNG to transform', 'small.png', png, 'image/png');
    for (const query of [
      '?w=100000&h=100000',
      '?w=4097',
      '?h=65536',
      '?w=0',
      '?w=-1',
      '?w=1e9',
      '?w=1.5',
      '?w=99999999999999999999',
      '?format=gif',
      '?format=svg',
      '?format=tiff',
      '?q=0',
      '?q=101',
      '?fit=fill',
      '?w=10&density=100000',
    ]) {
      const answer = await served(asset, `transform with ${query}`, query);
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('VALIDATION_FAILED');
    }
    // The bound itself is honoured: never enlarged past the image (8×8 stays 8×8).
    const largest = await served(asset, 'transform to the largest allowed box', '?w=4096&h=4096&format=png');
    expect(largest.status).toBe(200);
    report('the 4096×4096 request', `${largest.headers['content-length']} bytes`);
    expect(Number(largest.headers['content-length'])).toBeLessThan(10_000);
  });

  it('CWE-400 zero-byte file: refused with 400 and nothing stored', async () => {
    const before = await assetCount();
    const answer = await upload('upload an empty file', 'empty.png', Buffer.alloc(0), 'image/png');
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('VALIDATION_FAILED');
    expect(await assetCount()).toBe(before);
  });

  it('CWE-770 many parts: extra files, too many fields, unknown fields are refused and nothing is stored', async () => {
    const before = await assetCount();
    const file = (name: string, field = 'file') => ({ name: field, filename: name, content: Buffer.from('hello') });
    const bodies: [string, Parameters<typeof multipart>[0]][] = [
      ['two "file" parts', [file('a.txt'), file('b.txt')]],
      ['twenty files', Array.from({ length: 20 }, (_, i) => file(`f${i}.txt`))],
      ['a file under another field name', [file('a.txt', 'document')]],
      [
        'fifty fields and a file',
        [...Array.from({ length: 50 }, (_, i) => ({ name: 'alt', value: `x${i}` })), file('a.txt')],
      ],
      ['an unknown field', [{ name: 'owner_id', value: 'someone' }, file('a.txt')]],
      ['the alt field twice', [{ name: 'alt', value: 'a' }, { name: 'alt', value: 'b' }, file('a.txt')]],
      ['no file at all', [{ name: 'alt', value: 'a' }]],
    ];
    for (const [what, parts] of bodies) {
      const { payload, headers } = multipart(parts);
      const answer = await attack(target, `upload ${what}`, {
        method: 'POST',
        path: mediaPath(),
        as: owner,
        headers,
        body: payload,
      });
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('VALIDATION_FAILED');
    }
    const notMultipart = await attack(target, 'upload JSON claiming to be a file', {
      method: 'POST',
      path: mediaPath(),
      as: owner,
      body: { file: 'PGh0bWw+', filename: 'x.html' },
    });
    expect(notMultipart.status).toBe(415);
    expect(errorCode(notMultipart)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await assetCount()).toBe(before);
  });

  it('CWE-20 a 1000-character file name: stored shortened, and its url serves the file', async () => {
    const name = `${'a'.repeat(996)}.txt`;
    const asset = await uploaded('upload a file with a 1000-character name', name, Buffer.from('long'), 'text/plain');
    expect(asset.filename.length).toBeLessThanOrEqual(255);
    expect(asset.filename.endsWith('.txt')).toBe(true);
    const file = await served(asset, 'download it from its url');
    expect(file.status).toBe(200);
    expect(file.text).toBe('long');
  });

  it('CWE-434 profile pictures: SVG, HTML and a pixel flood are refused; a picture is re-encoded, never served as sent', async () => {
    const avatar = (tried: string, filename: string, content: Buffer, contentType: string) => {
      const { payload, headers } = multipart([{ name: 'file', filename, content, contentType }]);
      return attack(target, tried, {
        method: 'POST',
        path: '/api/v1/auth/me/avatar',
        as: owner,
        headers,
        body: payload,
      });
    };
    const refused: [string, string, Buffer, string, number, string][] = [
      [
        'an SVG with a script',
        'me.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an HTML page named me.png',
        'me.png',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'image/png',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      ['a 400-megapixel PNG bomb', 'me.png', pngBomb(), 'image/png', 400, 'VALIDATION_FAILED'],
    ];
    for (const [what, name, bytes, type, status, code] of refused) {
      const answer = await avatar(`upload ${what} as the profile picture`, name, bytes, type);
      expect(answer.status).toBe(status);
      expect(errorCode(answer)).toBe(code);
    }
    // A GIF polyglot with a page after it comes back as a plain WebP: the page is gone.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from('<html><script>alert(1)</script></html>')]);
    const set = await avatar('upload a GIF/HTML polyglot as the profile picture', 'me.gif', polyglot, 'text/html');
    expect(set.status).toBe(200);
    // The auth endpoints answer the user without a data envelope (API.md "Auth").
    const url = (set.json as { avatar_url: string }).avatar_url;
    const file = await attack(target, 'open the profile picture', { path: new URL(url).pathname });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.text).not.toContain('<script>');
  });

  it('CWE-79 the url path: asking for a PNG under an .html or .svg name never serves it as a page', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const asset = await uploaded('upload a PNG', 'photo.png', png, 'image/png');
    const base = new URL(asset.url).pathname.split('/').slice(0, -1).join('/');
    for (const name of ['evil.html', 'evil.svg', 'x.html%00.png']) {
      const answer = await send(target, { path: `${base}/${name}` });
      report(`GET the PNG under the name ${name}`, `${answer.status} ${answer.headers['content-type']}`);
      if (answer.status === 200) expectInert(answer, 'image/png');
      else {
        expect(answer.status).toBe(404);
        expect(errorCode(answer)).toBe('NOT_FOUND');
      }
    }
  });
});
