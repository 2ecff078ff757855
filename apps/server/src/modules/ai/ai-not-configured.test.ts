import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import {
  call,
  createTestApp,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

/** Without PLINTH_AI_*, every route that needs the model answers 503 (API.md "AI assistant") and counts nothing. */
describe(`AI routes without a model (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let documentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [{ name: 'title', type: 'text', localized: true }],
    });
    documentId = (await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'Hello' } })).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const requests: [string, string, () => Record<string, unknown>, Record<string, string>?][] = [
    ['generating', 'generate', () => ({ prompt: 'x' })],
    ['generating as a stream', 'generate', () => ({ prompt: 'x' }), { accept: 'text/event-stream' }],
    ['translating', 'translate', () => ({ document_id: documentId, source_locale: 'en', target_locales: ['es'] })],
    ['writing a variant', 'variant', () => ({ document_id: documentId, audience: 'france' })],
  ];

  it.each(requests)('answers 503 AI_NOT_CONFIGURED %s', async (_what, route, payload, headers) => {
    const body = expectError(
      await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/ai/${route}`,
        payload: payload(),
        ...(headers ? { headers } : {}),
      }),
      503,
      'AI_NOT_CONFIGURED',
    );
    expect(body.message).toBe(
      'No AI model is configured on this server: an operator sets PLINTH_AI_BASE_URL and PLINTH_AI_MODEL',
    );
    const usage = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/usage` });
    expect(usage.json().data.ai_tokens).toEqual({ used: 0 });
  });
});
