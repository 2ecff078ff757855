import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createProject, uploadAsset } from '../apps/server/src/test/content.js';
import { multipart } from '../apps/server/src/test/media.js';
import { sendThenRead } from '../apps/server/src/test/raw-http.js';
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

// The defects of issue 20, seen from outside: what an anonymous caller learns before signing in,
// long upload names, the shape of body errors, oversized bodies and the first status answer.

interface ErrorAnswer {
  code?: string;
  details?: { path: string; message: string }[];
}

const errorOf = (answer: Answer) => (answer.json ?? {}) as ErrorAnswer;

/** A details array in the shape API.md gives validation errors: `[{ path, message }]`, not empty. */
function expectDetails(answer: Answer): void {
  const { details } = errorOf(answer);
  expect(Array.isArray(details), answer.text).toBe(true);
  expect(details?.length).toBeGreaterThan(0);
  for (const detail of details ?? []) {
    expect(typeof detail.path).toBe('string');
    expect(typeof detail.message).toBe('string');
  }
}

const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

describe('defects seen from outside (issue 20)', () => {
  let target: Target;
  let owner: Session;
  let projectId: string;
  let assetId: string;
  let documents: string;

  beforeAll(async () => {
    target = await startTarget({ env: { PLINTH_MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) } });
    owner = await newUser(target, 'Owner');
    projectId = await createProject(target.app, owner);
    await createCollection(target.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
    assetId = await uploadAsset(target.app, owner, projectId);
    documents = `/api/v1/projects/${projectId}/collections/articles/documents`;
  });
  afterAll(async () => target?.close());

  /** Nothing the attacks sent was stored: no document, and the asset as uploaded. */
  async function expectNothingWritten(): Promise<void> {
    const list = await send(target, { path: documents, as: owner });
    expect((list.json as { meta: { total: number } }).meta.total).toBe(0);
    const asset = await send(target, { path: `/api/v1/projects/${projectId}/media/${assetId}`, as: owner });
    expect((asset.json as { data: { alt: unknown; filename: string } }).data).toMatchObject({
      alt: null,
      filename: 'pixel.png',
    });
  }

  it('validation before authentication: anonymous bad bodies learn the body rules instead of a 401', async () => {
    const form = multipart([{ name: 'alt', value: 'x' }]);
    const attempts = [
      {
        tried: 'multipart body on PATCH media, no credential',
        method: 'PATCH',
        path: `/api/v1/projects/${projectId}/media/${assetId}`,
        headers: form.headers,
        body: form.payload,
      },
      {
        tried: 'wrong-typed JSON on POST documents, no credential',
        method: 'POST',
        path: documents,
        body: { data: 7 },
      },
      {
        tried: 'text/plain body on POST documents, no credential',
        method: 'POST',
        path: documents,
        headers: { 'content-type': 'text/plain' },
        body: 'title=x',
      },
      {
        tried: 'unknown property on PATCH project, no credential',
        method: 'PATCH',
        path: `/api/v1/projects/${projectId}`,
        body: { is_admin: true },
      },
      { tried: 'invalid query on GET documents, no credential', method: 'GET', path: `${documents}?limit=abc` },
      {
        tried: 'multipart upload without a file part, no credential',
        method: 'POST',
        path: `/api/v1/projects/${projectId}/media`,
        headers: form.headers,
        body: form.payload,
      },
    ];
    for (const { tried, ...attempt } of attempts) {
      const anonymous = await attack(target, tried, attempt);
      expect(anonymous.status, anonymous.text).toBe(401);
      expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
      expect(anonymous.text).not.toMatch(/must be|is not allowed|multipart|content type/i);

      const signedIn = await attack(target, `${tried.replace(', no credential', '')}, as the owner`, {
        ...attempt,
        as: owner,
      });
      if (attempt.headers?.['content-type'] === 'text/plain') {
        expect(signedIn.status).toBe(415);
        expect(errorCode(signedIn)).toBe('UNSUPPORTED_MEDIA_TYPE');
      } else {
        expect(signedIn.status, signedIn.text).toBe(400);
        expect(errorCode(signedIn)).toBe('VALIDATION_FAILED');
        expectDetails(signedIn);
      }
    }
    await expectNothingWritten();
  });

  it('upload accepted but unreachable: a very long file name gives a url that answers 404', async () => {
    const content = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    for (const [label, filename] of [
      ['1000 ASCII characters', `${'a'.repeat(996)}.png`],
      ['400 two-byte and 200 four-byte characters', `${'é'.repeat(400)}${'😀'.repeat(200)}.png`],
    ] as const) {
      const form = multipart([{ name: 'file', filename, content, contentType: 'image/png' }]);
      const uploaded = await attack(target, `upload a file named with ${label}`, {
        method: 'POST',
        path: `/api/v1/projects/${projectId}/media`,
        as: owner,
        headers: form.headers,
        body: form.payload,
      });
      expect(uploaded.status, uploaded.text).toBe(201);
      const asset = (uploaded.json as { data: { url: string; filename: string } }).data;
      expect(asset.filename.endsWith('.png')).toBe(true);
      expect(asset.filename.length).toBeLessThanOrEqual(100);
      const url = new URL(asset.url);
      const served = await attack(target, `download the upload named with ${label} at its url`, {
        path: `${url.pathname}${url.search}`,
      });
      expect(served.status, served.text).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Number(served.headers['content-length'])).toBe(content.length);
    }
  });

  it('body errors without details: malformed JSON and prototype keys answer 400 with no details array', async () => {
    const bodies = [
      ['malformed JSON', '{"data": {"title": "x"'],
      ['a __proto__ key', '{"data": {"title": "x"}, "__proto__": {"isAdmin": true}}'],
      ['a constructor.prototype key', '{"data": {"title": "x", "constructor": {"prototype": {"isAdmin": true}}}}'],
    ];
    for (const [label, body] of bodies) {
      const answer = await attack(target, `POST a document with ${label}`, {
        method: 'POST',
        path: documents,
        as: owner,
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(answer.status, answer.text).toBe(400);
      expect(errorCode(answer)).toBe('VALIDATION_FAILED');
      expectDetails(answer);
    }
    const login = await attack(target, 'POST malformed JSON to the login route, no credential', {
      method: 'POST',
      path: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(login.status).toBe(400);
    expect(errorCode(login)).toBe('VALIDATION_FAILED');
    expectDetails(login);
  });

  it('oversized body: the connection is reset before the client can read the 413', async () => {
    const huge = Buffer.alloc(60 * 1024 * 1024, 'a');
    const json = Buffer.concat([Buffer.from('{"data":{"title":"'), huge, Buffer.from('"}}')]);
    const document = await attack(target, 'POST a 60 MB JSON document', {
      method: 'POST',
      path: documents,
      as: owner,
      headers: { 'content-type': 'application/json' },
      body: json,
    });
    expect(document.status).toBe(413);
    expect(errorCode(document)).toBe('PAYLOAD_TOO_LARGE');

    const form = multipart([{ name: 'file', filename: 'big.bin', content: huge }]);
    const upload = await attack(target, `upload 60 MB to a media library limited to ${MAX_UPLOAD_BYTES} bytes`, {
      method: 'POST',
      path: `/api/v1/projects/${projectId}/media`,
      as: owner,
      headers: form.headers,
      body: form.payload,
    });
    expect(upload.status).toBe(413);
    expect(errorCode(upload)).toBe('PAYLOAD_TOO_LARGE');

    // Most clients read the answer only once they have sent the whole body: a reset loses it.
    const headers = { authorization: `Bearer ${owner.accessToken}` };
    for (const [label, path, body, type] of [
      ['a 60 MB JSON document', documents, json, 'application/json'],
      ['a 60 MB upload', `/api/v1/projects/${projectId}/media`, form.payload, form.headers['content-type'] ?? ''],
    ] as const) {
      const answer = await sendThenRead(
        target.port,
        { method: 'POST', path, headers: { ...headers, 'content-type': type } },
        body,
      )
        .then((raw) => ({ status: raw.status, code: (JSON.parse(raw.body) as ErrorAnswer).code }))
        .catch((error: Error) => ({ status: 0, code: error.message }));
      report(`POST ${label}, reading the answer only once all of it is sent`, `${answer.status} ${answer.code}`);
      expect(answer).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    }
    await expectNothingWritten();
  });
});

describe('the first status answer (issue 20)', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(async () => target?.close());

  it('status without figures: a fresh server answers system.cpu_percent null', async () => {
    const answer = await attack(target, 'read /status right after start', { path: '/api/v1/status' });
    expect(answer.status).toBe(200);
    const { system } = answer.json as { system: Record<string, unknown> };
    report('the system figures of the first /status', JSON.stringify(system));
    for (const key of ['cpu_percent', 'memory_percent', 'disk_percent', 'database_ms']) {
      expect(typeof system[key], key).toBe('number');
    }
  });
});
