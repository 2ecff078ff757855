import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createToken } from '../apps/server/src/test/content.js';
import { fillStorage } from '../apps/server/src/test/media.js';
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

// Resumable uploads (tus 1.0): declared sizes that dodge the size limit or the storage quota,
// upload ids used across projects and callers, offsets and bodies that try to write outside the
// declared file, and metadata that tries to name a path or smuggle bytes.

const TUS = { 'tus-resumable': '1.0.0' };
const OFFSET_STREAM = 'application/offset+octet-stream';
const STARTER_QUOTA = 100 * 1024 * 1024;
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

describe('resumable uploads: no write past the quota, the declared size or the caller', () => {
  let target: Target;
  let owner: Session;
  let projectId: string;

  const uploadsPath = (project = projectId) => `/api/v1/projects/${project}/uploads`;
  const partsDir = () => path.join(target.config.dataDir, 'resumable-uploads');
  const partFiles = () => (fs.existsSync(partsDir()) ? fs.readdirSync(partsDir()) : []);
  const rows = (project: string) =>
    target.database.db.selectFrom('resumable_uploads').selectAll().where('project_id', '=', project).execute();

  /** A fixture upload of `length` bytes, through the API; returns its path. */
  const created = async (as: Session | string, length: number, filename = 'file.bin', project = projectId) => {
    const answer = await send(target, {
      method: 'POST',
      path: uploadsPath(project),
      as,
      headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': `filename ${b64(filename)}` },
    });
    expect(answer.status, answer.text).toBe(201);
    return new URL(String(answer.headers.location)).pathname;
  };
  const patch = (
    tried: string,
    as: Session | string | null,
    url: string,
    offset: string,
    body: Buffer,
    headers: Record<string, string> = {},
  ) =>
    attack(target, tried, {
      method: 'PATCH',
      path: url,
      as,
      headers: { ...TUS, 'content-type': OFFSET_STREAM, 'upload-offset': offset, ...headers },
      body,
    });
  const offsetOf = async (as: Session, url: string) =>
    (await send(target, { method: 'HEAD', path: url, as, headers: TUS })).headers['upload-offset'];
  const bytesOf = (url: string) => fs.readFileSync(path.join(partsDir(), `${url.split('/').pop()}.bin`));

  const expectRefused = (answer: Answer, status: number, code: string) => {
    expect(answer.status).toBe(status);
    expect(errorCode(answer)).toBe(code);
    expect(answer.headers['tus-resumable']).toBe('1.0.0');
  };

  beforeAll(async () => {
    target = await startTarget({ worker: false });
    owner = await newUser(target, 'Owner');
    projectId = await createProject(target.app, owner);
  });
  afterAll(() => target.close());

  it('storage quota bypass: an Upload-Length past what the plan has left, or split over unfinished uploads', async () => {
    const full = await createProject(target.app, owner, { name: 'Nearly full', locales: ['en'], default_locale: 'en' });
    await fillStorage(target, full, STARTER_QUOTA - 5000);
    const before = partFiles();
    const over = await attack(target, 'declare 5001 bytes with 5000 left on the plan', {
      method: 'POST',
      path: uploadsPath(full),
      as: owner,
      headers: { ...TUS, 'upload-length': '5001', 'upload-metadata': `filename ${b64('big.bin')}` },
    });
    expectRefused(over, 413, 'STORAGE_QUOTA_EXCEEDED');
    // Two uploads of 3000 bytes each fit alone; together they would pass the quota.
    await created(owner, 3000, 'first.bin', full);
    const second = await attack(target, 'a second unfinished upload that, with the first, passes the quota', {
      method: 'POST',
      path: uploadsPath(full),
      as: owner,
      headers: { ...TUS, 'upload-length': '3000', 'upload-metadata': `filename ${b64('second.bin')}` },
    });
    expectRefused(second, 413, 'STORAGE_QUOTA_EXCEEDED');
    expect(await rows(full)).toHaveLength(1);
    expect(partFiles()).toHaveLength(before.length + 1);
  });

  it("IDOR: someone else's upload id, under their project and under one's own", async () => {
    const victimUrl = await created(owner, 20);
    await patch('(fixture) the owner sends 5 bytes', owner, victimUrl, '0', Buffer.from('AAAAA'));
    const attacker = await newUser(target, 'Attacker');
    const own = await createProject(target.app, attacker, { name: 'Mine', locales: ['en'], default_locale: 'en' });
    const moved = victimUrl.replace(projectId, own);
    for (const url of [victimUrl, moved]) {
      const probe = await attack(target, "read another person's upload offset", {
        method: 'HEAD',
        path: url,
        as: attacker,
        headers: TUS,
      });
      expect(probe.status).toBe(404);
      expect(probe.headers['upload-offset']).toBeUndefined();
      expectRefused(
        await patch("append to another person's upload", attacker, url, '5', Buffer.from('EVIL!')),
        404,
        'NOT_FOUND',
      );
      expectRefused(
        await attack(target, "terminate another person's upload", {
          method: 'DELETE',
          path: url,
          as: attacker,
          headers: TUS,
        }),
        404,
        'NOT_FOUND',
      );
    }
    // A fellow editor of the project may upload, but not into the owner's upload.
    const editor = await newUser(target, 'Editor');
    await send(target, {
      method: 'POST',
      path: `/api/v1/projects/${projectId}/members`,
      as: owner,
      body: { email: editor.email, role: 'editor' },
    });
    expectRefused(
      await patch(
        "a member of the same project appends to the owner's upload",
        editor,
        victimUrl,
        '5',
        Buffer.from('EVIL!'),
      ),
      404,
      'NOT_FOUND',
    );
    expect(await offsetOf(owner, victimUrl)).toBe('5');
    expect(bytesOf(victimUrl).toString()).toBe('AAAAA');
  });

  it('offset tricks: negative, huge, non-numeric, behind or ahead of the current offset', async () => {
    const url = await created(owner, 16);
    await patch('(fixture) 8 bytes', owner, url, '0', Buffer.from('GOODDATA'));
    const tries: [string, string, number, string][] = [
      ['a negative offset to write before the file', '-8', 400, 'VALIDATION_FAILED'],
      ['a huge offset to write far past the file (sparse file)', '9007199254740993', 409, 'CONFLICT'],
      ['an offset of 1e30 written in digits', '1'.padEnd(31, '0'), 409, 'CONFLICT'],
      ['a non-numeric offset', '8abc', 400, 'VALIDATION_FAILED'],
      ['a hexadecimal offset', '0x8', 400, 'VALIDATION_FAILED'],
      ['an offset behind the current one, to overwrite received bytes', '0', 409, 'CONFLICT'],
      ['an offset ahead of the current one, to leave a hole', '12', 409, 'CONFLICT'],
    ];
    for (const [tried, offset, status, code] of tries) {
      expectRefused(await patch(tried, owner, url, offset, Buffer.from('EVIL')), status, code);
    }
    expectRefused(
      await attack(target, 'PATCH without Upload-Offset', {
        method: 'PATCH',
        path: url,
        as: owner,
        headers: { ...TUS, 'content-type': OFFSET_STREAM },
        body: Buffer.from('EVIL'),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await offsetOf(owner, url)).toBe('8');
    const bytes = bytesOf(url);
    expect(bytes.length).toBeLessThanOrEqual(16);
    expect(bytes.subarray(0, 8).toString()).toBe('GOODDATA');
    expect(bytes.includes(Buffer.from('EVIL'))).toBe(false);
  });

  it('a PATCH larger than declared: by Content-Length, and chunked with no length', async () => {
    const url = await created(owner, 10);
    expectRefused(
      await patch('send 11 bytes into a 10-byte upload', owner, url, '0', Buffer.from('ELEVENBYTES')),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    // Chunked: the size is only known as the bytes arrive.
    let answered = false;
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: target.port,
        method: 'PATCH',
        path: url,
        agent: false,
        headers: {
          ...TUS,
          authorization: `Bearer ${owner.accessToken}`,
          'content-type': OFFSET_STREAM,
          'upload-offset': '0',
          'transfer-encoding': 'chunked',
        },
      });
      request.on('response', (response) => {
        answered = true;
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      // The server may close once it refused: what matters is the answer, if one came.
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      request.write(Buffer.alloc(6, 1));
      request.write(Buffer.alloc(6, 2));
      request.end();
    });
    report('a chunked PATCH of 12 bytes into a 10-byte upload', `${status}`);
    expect(status).toBe(413);
    expect(await offsetOf(owner, url)).toBe('0');
    expect(bytesOf(url).length).toBeLessThanOrEqual(10);
    // Nothing was made of the refused bytes.
    const assets = await target.database.db
      .selectFrom('media_assets')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    expect(assets).toEqual([]);
  });

  it('Upload-Length negative, non-numeric, fractional, exponent, huge, or past the limit', async () => {
    const before = (await rows(projectId)).length;
    const tries: [string, string, number, string][] = [
      ['a negative length', '-1', 400, 'VALIDATION_FAILED'],
      ['a non-numeric length', 'lots', 400, 'VALIDATION_FAILED'],
      ['a fractional length', '10.5', 400, 'VALIDATION_FAILED'],
      ['an exponent', '1e3', 400, 'VALIDATION_FAILED'],
      ['a zero length', '0', 400, 'VALIDATION_FAILED'],
      ['a length past the safe integers', '99999999999999999999999', 413, 'PAYLOAD_TOO_LARGE'],
      ['one byte past PLINTH_MAX_UPLOAD_BYTES', String(target.config.maxUploadBytes + 1), 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [tried, length, status, code] of tries) {
      const answer = await attack(target, tried, {
        method: 'POST',
        path: uploadsPath(),
        as: owner,
        headers: { ...TUS, 'upload-length': length, 'upload-metadata': `filename ${b64('x.bin')}` },
      });
      expectRefused(answer, status, code);
    }
    const deferred = await attack(target, 'Upload-Defer-Length, to declare no size at all', {
      method: 'POST',
      path: uploadsPath(),
      as: owner,
      headers: { ...TUS, 'upload-defer-length': '1', 'upload-metadata': `filename ${b64('x.bin')}` },
    });
    expectRefused(deferred, 400, 'VALIDATION_FAILED');
    expect(await rows(projectId)).toHaveLength(before);
  });

  it('Upload-Metadata: a filename with path traversal stays a name; bad base64 and bytes are refused', async () => {
    const traversal = '../../../../../../tmp/../etc/plinth-pwned.txt';
    const answer = await attack(target, 'a filename that climbs out of the media folder', {
      method: 'POST',
      path: uploadsPath(),
      as: owner,
      headers: { ...TUS, 'upload-length': '5', 'upload-metadata': `filename ${b64(traversal)}` },
    });
    expect(answer.status).toBe(201);
    const url = new URL(String(answer.headers.location)).pathname;
    const done = await patch('finish it', owner, url, '0', Buffer.from('owned'));
    expect(done.status).toBe(204);
    const asset = await send(target, {
      path: `/api/v1/projects/${projectId}/media/${done.headers['x-plinth-asset-id']}`,
      as: owner,
    });
    const data = (asset.json as { data: { filename: string; url: string } }).data;
    report('the stored asset of that upload', `${data.filename} at ${data.url}`);
    expect(data.filename).toBe('plinth-pwned.txt');
    expect(fs.existsSync('/etc/plinth-pwned.txt')).toBe(false);
    expect(fs.existsSync(path.join(target.config.dataDir, '..', 'etc'))).toBe(false);

    const bad: [string, string][] = [
      ['filename value that is not base64', 'filename !!not*base64!!'],
      ['base64 of bytes that are not UTF-8', `filename ${b64(Buffer.from([0xff, 0xfe, 0xfd]))}`],
      ['the filename key twice, to confuse which one is used', `filename ${b64('a.txt')},filename ${b64('b.txt')}`],
      ['no filename at all', `alt ${b64('x')}`],
      // Folders are labels, never paths; still, backslashes and control characters are refused.
      ['a folder with backslashes', `filename ${b64('a.txt')},folder ${b64('..\\..\\etc')}`],
      ['a folder with CRLF, to split a header', `filename ${b64('a.txt')},folder ${b64('x\r\nSet-Cookie: a=b')}`],
      ['a key with a space inside a pair', `filename ${b64('a.txt')} extra`],
    ];
    const before = (await rows(projectId)).length;
    for (const [tried, metadata] of bad) {
      const refused = await attack(target, `Upload-Metadata with ${tried}`, {
        method: 'POST',
        path: uploadsPath(),
        as: owner,
        headers: { ...TUS, 'upload-length': '5', 'upload-metadata': metadata },
      });
      expectRefused(refused, 400, 'VALIDATION_FAILED');
    }
    expect(await rows(projectId)).toHaveLength(before);
  });

  it('protocol and permission gates: no Tus-Resumable, wrong body type, anonymous, viewer, read-only token', async () => {
    const url = await created(owner, 10);
    expectRefused(
      await attack(target, 'PATCH without Tus-Resumable', {
        method: 'PATCH',
        path: url,
        as: owner,
        headers: { 'content-type': OFFSET_STREAM, 'upload-offset': '0' },
        body: Buffer.from('0123456789'),
      }),
      412,
      'PRECONDITION_FAILED',
    );
    expectRefused(
      await attack(target, 'PATCH as application/json, to get the body parsed', {
        method: 'PATCH',
        path: url,
        as: owner,
        headers: { ...TUS, 'upload-offset': '0' },
        body: { data: '0123456789' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectRefused(await patch('anonymous PATCH', null, url, '0', Buffer.from('0123456789')), 401, 'UNAUTHENTICATED');
    const viewer = await newUser(target, 'Viewer');
    await send(target, {
      method: 'POST',
      path: `/api/v1/projects/${projectId}/members`,
      as: owner,
      body: { email: viewer.email, role: 'viewer' },
    });
    expectRefused(
      await attack(target, 'a viewer starts an upload', {
        method: 'POST',
        path: uploadsPath(),
        as: viewer,
        headers: { ...TUS, 'upload-length': '5', 'upload-metadata': `filename ${b64('v.txt')}` },
      }),
      403,
      'FORBIDDEN',
    );
    const reader = await createToken(target.app, owner, projectId, ['content:read']);
    expectRefused(
      await attack(target, 'a read-only API token starts an upload', {
        method: 'POST',
        path: uploadsPath(),
        as: reader,
        headers: { ...TUS, 'upload-length': '5', 'upload-metadata': `filename ${b64('t.txt')}` },
      }),
      403,
      'FORBIDDEN',
    );
    expect(await offsetOf(owner, url)).toBe('0');
  });
});
