import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../test/harness.js';
import { multipart } from '../test/media.js';
import { sendThenRead } from '../test/raw-http.js';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('request bodies', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const documents = () => `/api/v1/projects/${projectId}/collections/articles/documents`;
  const newDocument = async () =>
    (await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'A' } })).id;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
  });
  afterAll(async () => t.close());

  describe('an empty body on a route that takes none is no body, whatever its Content-Type', () => {
    for (const headers of [
      JSON_TYPE,
      { 'content-type': 'application/json; charset=utf-8' },
      { 'content-type': 'text/plain' },
    ]) {
      it(`publishes, unpublishes, restores and deletes with ${headers['content-type']}`, async () => {
        const id = await newDocument();
        const send = (method: 'POST' | 'DELETE', url: string) =>
          call(t.app, owner, { method, url, headers, payload: '' });
        const published = await send('POST', `${documents()}/${id}/publish`);
        expect(published.statusCode, published.body).toBe(200);
        expect(published.json().data.status).toBe('published');
        expect((await send('POST', `${documents()}/${id}/unpublish`)).json().data.status).toBe('draft');
        expect((await send('DELETE', `${documents()}/${id}`)).statusCode).toBe(204);
        expect((await send('POST', `${documents()}/${id}/restore`)).statusCode).toBe(200);
      });
    }

    it('deletes a token and a project with an empty JSON body', async () => {
      const project = await createProject(t.app, owner, { name: 'Throwaway' });
      await createToken(t.app, owner, project, ['content:read']);
      const tokens = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project}/api-tokens` });
      const tokenId = tokens.json().data[0].id as string;
      const removeToken = await call(t.app, owner, {
        method: 'DELETE',
        url: `/api/v1/projects/${project}/api-tokens/${tokenId}`,
        headers: JSON_TYPE,
        payload: '',
      });
      expect(removeToken.statusCode, removeToken.body).toBe(204);
      const removeProject = await call(t.app, owner, {
        method: 'DELETE',
        url: `/api/v1/projects/${project}`,
        headers: JSON_TYPE,
        payload: '',
      });
      expect(removeProject.statusCode, removeProject.body).toBe(204);
    });

    it('accepts {} and null as bodies that ask for nothing', async () => {
      const id = await newDocument();
      for (const payload of ['{}', 'null']) {
        const response = await call(t.app, owner, {
          method: 'POST',
          url: `${documents()}/${id}/publish`,
          headers: JSON_TYPE,
          payload,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
    });
  });

  describe('a body on a route that takes none is still refused', () => {
    it('names each property it was sent', async () => {
      const id = await newDocument();
      const response = await call(t.app, owner, {
        method: 'POST',
        url: `${documents()}/${id}/publish`,
        payload: { locale: 'en', at: 'now' },
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toBe('locale is not allowed');
      expect(body.details).toEqual([
        { path: 'locale', message: 'is not allowed' },
        { path: 'at', message: 'is not allowed' },
      ]);
      const unchanged = await call(t.app, owner, { method: 'GET', url: `${documents()}/${id}` });
      expect(unchanged.json().data.status).toBe('draft');
    });

    it('refuses a body that is not an object', async () => {
      const id = await newDocument();
      for (const payload of ['[1]', '"publish"', '1']) {
        const response = await call(t.app, owner, {
          method: 'DELETE',
          url: `${documents()}/${id}`,
          headers: JSON_TYPE,
          payload,
        });
        expect(expectError(response, 400, 'VALIDATION_FAILED').details).toEqual([
          { path: 'body', message: 'must be empty: this request takes no body' },
        ]);
      }
    });

    it('refuses content of another media type with a 415', async () => {
      const id = await newDocument();
      const response = await call(t.app, owner, {
        method: 'POST',
        url: `${documents()}/${id}/publish`,
        headers: { 'content-type': 'text/plain' },
        payload: 'publish it',
      });
      expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('routes that take a JSON body', () => {
    it('answer a text/plain body with a 415, not a 400', async () => {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: documents(),
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ data: { title: 'Typed as text' } }),
      });
      const body = expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(body.message).toMatch(/application\/json/);
    });

    it('answer other media types and content without a type with a 415', async () => {
      for (const headers of [
        { 'content-type': 'application/xml' },
        { 'content-type': 'application/x-www-form-urlencoded' },
      ]) {
        const response = await call(t.app, owner, { method: 'POST', url: documents(), headers, payload: 'title=x' });
        expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
    });

    it('say a body is needed when it is empty', async () => {
      const response = await call(t.app, owner, { method: 'POST', url: documents(), headers: JSON_TYPE, payload: '' });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toBe('This request needs a JSON body');
      expect(body.details).toEqual([{ path: 'body', message: 'is required' }]);
    });

    it('still answer malformed JSON with a 400', async () => {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: documents(),
        headers: JSON_TYPE,
        payload: '{"data":',
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.message).toBe('The request body is not valid JSON');
      expect(body.details).toEqual([{ path: 'body', message: 'is not valid JSON: Unexpected end of JSON input' }]);
    });

    it('say where malformed JSON fails, without quoting the body back', async () => {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: documents(),
        headers: JSON_TYPE,
        payload: '{"data": {"title": "secret"}]',
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.details).toHaveLength(1);
      expect(body.details?.[0]?.path).toBe('body');
      expect(body.details?.[0]?.message).toMatch(/^is not valid JSON: /);
      expect(response.body).not.toContain('secret');
    });

    it('refuse __proto__ and constructor.prototype keys with details', async () => {
      for (const payload of [
        '{"data": {"title": "A"}, "__proto__": {"isAdmin": true}}',
        '{"data": {"title": "A", "constructor": {"prototype": {"isAdmin": true}}}}',
      ]) {
        const response = await call(t.app, owner, { method: 'POST', url: documents(), headers: JSON_TYPE, payload });
        const body = expectError(response, 400, 'VALIDATION_FAILED');
        expect(body.details).toEqual([
          { path: 'body', message: 'must not contain "__proto__" or "constructor.prototype" keys' },
        ]);
      }
    });
  });

  it('refuses a NUL character anywhere in a JSON body, naming where (PostgreSQL cannot store one)', async () => {
    const cases: [string, string, unknown, string][] = [
      ['PATCH', `/api/v1/projects/${projectId}`, { name: 'Plinth\u0000' }, 'name'],
      [
        'POST',
        `/api/v1/projects/${projectId}/api-tokens`,
        { name: 'site', scopes: ['content:read\u0000'] },
        'scopes.0',
      ],
      ['POST', documents(), { data: { title: 'A', 'x\u0000': 1 } }, 'data'],
    ];
    for (const [method, url, payload, path] of cases) {
      const response = await call(t.app, owner, {
        method: method as 'PATCH' | 'POST',
        url,
        payload: JSON.stringify(payload),
        headers: JSON_TYPE,
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.details).toEqual([{ path, message: 'must not contain a NUL character' }]);
    }
    const project = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}` });
    expect(project.json().data.name).not.toContain('\u0000');
  });

  describe('a body refused before it is all received', () => {
    const MAX_UPLOAD = 2 * 1024 * 1024;
    let server: TestApp;
    let port: number;
    let serverOwner: Session;
    let serverProject: string;
    beforeAll(async () => {
      server = await createTestApp({ env: { PLINTH_MAX_UPLOAD_BYTES: String(MAX_UPLOAD) }, worker: false });
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      port = (server.app.server.address() as AddressInfo).port;
      serverOwner = await signUp(server.app);
      serverProject = await createProject(server.app, serverOwner);
      await createCollection(server.app, serverOwner, serverProject, {
        slug: 'articles',
        name: 'Articles',
        fields: [{ name: 'title', type: 'text' }],
      });
    });
    afterAll(async () => server?.close());

    it('answers 413 in the error envelope to a client that reads only once it has sent everything', async () => {
      const huge = Buffer.alloc(60 * 1024 * 1024, 'a');
      const headers = { authorization: `Bearer ${serverOwner.accessToken}` };
      const document = await sendThenRead(
        port,
        {
          method: 'POST',
          path: `/api/v1/projects/${serverProject}/collections/articles/documents`,
          headers: { ...headers, 'content-type': 'application/json' },
        },
        huge,
      );
      expect(document.status).toBe(413);
      expect(document.headers.connection).toBe('close');
      expect(JSON.parse(document.body)).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });

      const form = multipart([{ name: 'file', filename: 'big.bin', content: huge }]);
      const upload = await sendThenRead(
        port,
        { method: 'POST', path: `/api/v1/projects/${serverProject}/media`, headers: { ...headers, ...form.headers } },
        form.payload,
      );
      expect(upload.status).toBe(413);
      expect(JSON.parse(upload.body)).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    });
  });

  it('lets a refresh token travel in the Authorization header with an empty JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { ...JSON_TYPE, authorization: `Bearer ${owner.refreshToken}` },
      payload: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(typeof response.json().access_token).toBe('string');
  });
});
