import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createToken } from '../../test/content.js';
import { call, createTestApp, type Session, signUp, type TestApp } from '../../test/harness.js';

describe('personalization: audiences', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let otherProjectId: string;
  const members: Record<string, Session> = {};
  const audiences = (path = '', project = projectId) => `/api/v1/projects/${project}/audiences${path}`;
  const france = {
    key: 'france',
    name: 'France',
    priority: 10,
    match: 'all',
    rules: [{ attribute: 'country', op: 'eq', value: 'FR' }],
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    otherProjectId = await createProject(t.app, owner, { name: 'Other project' });
    for (const role of ['admin', 'editor', 'viewer']) {
      const member = await signUp(t.app);
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: member.email, role },
      });
      if (added.statusCode !== 201) throw new Error(`adding ${role} failed: ${added.body}`);
      members[role] = member;
    }
  });
  afterAll(async () => t.close());

  it('creates, reads, lists in priority order, updates and deletes audiences', async () => {
    const created = await call(t.app, owner, { method: 'POST', url: audiences(), payload: france });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject(france);
    const mobile = await call(t.app, owner, {
      method: 'POST',
      url: audiences(),
      payload: { key: 'mobile_users', name: 'Mobile', rules: [{ attribute: 'device', op: 'in', value: ['mobile'] }] },
    });
    // Defaults: priority 100, match all.
    expect(mobile.json().data).toMatchObject({ priority: 100, match: 'all' });
    const early = await call(t.app, owner, {
      method: 'POST',
      url: audiences(),
      payload: { key: 'early', name: 'Early', priority: 1, match: 'any', rules: [] },
    });
    expect(early.statusCode).toBe(201);

    const list = await call(t.app, owner, { method: 'GET', url: audiences() });
    expect(list.json().data.map((audience: { key: string }) => audience.key)).toEqual([
      'early',
      'france',
      'mobile_users',
    ]);
    expect(list.json().meta.total).toBe(3);

    const patched = await call(t.app, owner, {
      method: 'PATCH',
      url: audiences('/early'),
      payload: { priority: 500, name: 'Late now' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ key: 'early', priority: 500, name: 'Late now', match: 'any' });
    expect((await call(t.app, owner, { method: 'GET', url: audiences('/early') })).json().data.priority).toBe(500);
    const reordered = await call(t.app, owner, { method: 'GET', url: audiences() });
    expect(reordered.json().data.map((audience: { key: string }) => audience.key)).toEqual([
      'france',
      'mobile_users',
      'early',
    ]);

    expect((await call(t.app, owner, { method: 'DELETE', url: audiences('/early') })).statusCode).toBe(204);
    expect((await call(t.app, owner, { method: 'GET', url: audiences('/early') })).statusCode).toBe(404);
  });

  it('answers 409 for a key taken, 404 for an unknown one', async () => {
    const again = await call(t.app, owner, { method: 'POST', url: audiences(), payload: { ...france, name: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await call(t.app, owner, {
        method,
        url: audiences('/nobody'),
        ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it.each([
    [{ ...france, key: 'Bad-Key' }, 'key'],
    [{ ...france, key: 'x1', match: 'some' }, 'match'],
    [{ ...france, key: 'x2', rules: [{ attribute: 'planet', op: 'eq', value: 'mars' }] }, 'attribute'],
    [{ ...france, key: 'x3', rules: [{ attribute: 'country', op: 'near', value: 'FR' }] }, 'op'],
    [{ ...france, key: 'x4', rules: [{ attribute: 'country', op: 'in', value: 'FR' }] }, 'rules.0.value'],
    [{ ...france, key: 'x5', rules: [{ attribute: 'device', op: 'eq', value: 'watch' }] }, 'rules.0.value'],
    [{ ...france, key: 'x6', rules: [{ attribute: 'custom.plan', op: 'exists', value: 'yes' }] }, 'rules.0.value'],
    [{ ...france, key: 'x7', color: 'blue' }, 'color'],
    [{ key: 'x8', rules: [] }, 'name'],
  ])('refuses %o with a 400 naming %s', async (payload, path) => {
    const response = await call(t.app, owner, { method: 'POST', url: audiences(), payload });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.some((detail: { path: string }) => detail.path.includes(path))).toBe(true);
  });

  it('refuses a bad rule on PATCH too', async () => {
    const response = await call(t.app, owner, {
      method: 'PATCH',
      url: audiences('/france'),
      payload: { rules: [{ attribute: 'country', op: 'exists', value: 'FR' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('rules.0.value');
  });

  it('lets every member read audiences and only owners and admins write them', async () => {
    for (const role of ['admin', 'editor', 'viewer']) {
      const session = members[role] as Session;
      expect((await call(t.app, session, { method: 'GET', url: audiences() })).statusCode).toBe(200);
      expect((await call(t.app, session, { method: 'GET', url: audiences('/france') })).statusCode).toBe(200);
      const created = await call(t.app, session, {
        method: 'POST',
        url: audiences(),
        payload: { key: `by_${role}`, name: role, rules: [] },
      });
      expect(created.statusCode).toBe(role === 'admin' ? 201 : 403);
      const patched = await call(t.app, session, {
        method: 'PATCH',
        url: audiences('/france'),
        payload: { name: 'F' },
      });
      expect(patched.statusCode).toBe(role === 'admin' ? 200 : 403);
    }
  });

  it('lets schema:read tokens read and schema:write tokens write; delivery tokens neither', async () => {
    const schemaRead = await createToken(t.app, owner, projectId, ['schema:read']);
    const schemaWrite = await createToken(t.app, owner, projectId, ['schema:write', 'schema:read']);
    const delivery = await createToken(t.app, owner, projectId, ['content:read']);
    expect((await call(t.app, schemaRead, { method: 'GET', url: audiences() })).statusCode).toBe(200);
    const refused = await call(t.app, schemaRead, {
      method: 'POST',
      url: audiences(),
      payload: { key: 'by_token', name: 'x', rules: [] },
    });
    expect(refused.statusCode).toBe(403);
    const created = await call(t.app, schemaWrite, {
      method: 'POST',
      url: audiences(),
      payload: { key: 'by_token', name: 'x', rules: [] },
    });
    expect(created.statusCode).toBe(201);
    expect((await call(t.app, delivery, { method: 'GET', url: audiences() })).statusCode).toBe(403);
  });

  it('keeps projects apart: another project has none of these, and its tokens get 404s here', async () => {
    const other = await call(t.app, owner, { method: 'GET', url: audiences('/france', otherProjectId) });
    expect(other.statusCode).toBe(404);
    // The same key is free in another project.
    const same = await call(t.app, owner, { method: 'POST', url: audiences('', otherProjectId), payload: france });
    expect(same.statusCode).toBe(201);
    const foreign = await createToken(t.app, owner, otherProjectId, ['schema:read', 'schema:write']);
    expect((await call(t.app, foreign, { method: 'GET', url: audiences() })).statusCode).toBe(404);
    const stranger = await signUp(t.app);
    expect((await call(t.app, stranger, { method: 'GET', url: audiences('/france') })).statusCode).toBe(404);
  });
});
