import { expect } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../apps/server/src/test/content.js';
import { call } from '../apps/server/src/test/harness.js';
import { type Answer, attack, errorCode, newUser, type Session, startTarget, type Target } from './harness.js';

// The content both query-oracle and injection cases attack: a project with a hidden field in
// each collection, published documents, a draft, a published document with newer unpublished
// edits, and a published article whose author is an unpublished draft. Words only present in
// hidden values or unpublished copies are unique, so seeing one in an answer is a leak.

/** Words that live only where a `content:read` token may not look. */
export const HIDDEN_WORDS = {
  alphaSecret: 'hunter2alphaquagga',
  gammaSecret: 'hunter2gammaquagga',
  adaSsn: 'ssnada4242okapi',
  draftTitle: 'draftonlyquokka',
  changedTitle: 'changedwombat',
  draftBio: 'draftbiozebra',
  changedBio: 'changedbiotapir',
} as const;

export interface Doc {
  id: string;
  status: string;
  data: Record<string, unknown>;
}

export interface ListAnswer {
  data: Doc[];
  meta: { total: number; page: number; limit: number; next_cursor: string | null };
}

export interface QueryFixture {
  target: Target;
  owner: Session;
  projectId: string;
  /** A `content:read` API token: published snapshots only, no hidden fields. */
  reader: string;
  authors: { ada: Doc; dan: Doc };
  articles: { alpha: Doc; beta: Doc; gamma: Doc; delta: Doc };
  /** `/api/v1/projects/<p>/collections/<collection>/documents<rest>` as sent (nothing encoded). */
  documents: (rest?: string, collection?: string) => string;
  graphqlPath: string;
}

/** Builds the fixture on a fresh listening server (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
export async function startQueryFixture(): Promise<QueryFixture> {
  const target = await startTarget();
  const { app } = target;
  const owner = await newUser(target, 'Owner');
  const projectId = await createProject(app, owner, {
    name: 'Query attacks',
    locales: ['en', 'es'],
    default_locale: 'en',
  });
  await createCollection(app, owner, projectId, {
    slug: 'authors',
    name: 'Authors',
    fields: [
      { name: 'name', type: 'text', required: true },
      { name: 'bio', type: 'text' },
      { name: 'ssn', type: 'text', hidden: true },
    ],
  });
  await createCollection(app, owner, projectId, {
    slug: 'articles',
    name: 'Articles',
    fields: [
      { name: 'title', type: 'text', required: true, localized: true },
      { name: 'secret', type: 'text', hidden: true },
      { name: 'views', type: 'integer' },
      { name: 'rating', type: 'number' },
      { name: 'published_on', type: 'date' },
      { name: 'seo', type: 'json' },
      { name: 'author', type: 'reference', options: { collection: 'authors' } },
      { name: 'tags', type: 'select', options: { choices: ['news', 'tech'], multiple: true } },
      { name: 'code', type: 'text' },
    ],
  });
  const make = (collection: string, data: Record<string, unknown>, status: 'draft' | 'published'): Promise<Doc> =>
    createDocument(app, owner, projectId, collection, { data, status });
  /** An unpublished edit of a published document (its status becomes `changed`). */
  const edit = async (collection: string, id: string, data: Record<string, unknown>): Promise<Doc> => {
    const edited = await call(app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/${collection}/documents/${id}`,
      payload: { data },
    });
    if (edited.statusCode !== 200) throw new Error(`edit failed: ${edited.body}`);
    const document: Doc = edited.json().data;
    expect(document.status).toBe('changed');
    return document;
  };
  const adaPublished = await make('authors', { name: 'Ada', bio: 'pioneer', ssn: HIDDEN_WORDS.adaSsn }, 'published');
  const ada = await edit('authors', adaPublished.id, { bio: `pioneer ${HIDDEN_WORDS.changedBio}` });
  const dan = await make('authors', { name: 'Dan Draft', bio: HIDDEN_WORDS.draftBio, ssn: 'ssndan1111' }, 'draft');
  const alpha = await make(
    'articles',
    {
      title: 'Alpha',
      secret: HIDDEN_WORDS.alphaSecret,
      views: 10,
      rating: 1.5,
      published_on: '2026-01-05',
      seo: { title: "it's" },
      author: ada.id,
      tags: ['news'],
      code: '100% pure_under\\score',
    },
    'published',
  );
  const beta = await make(
    'articles',
    {
      title: 'Beta',
      secret: 'zzbeta',
      views: 20,
      rating: 2.5,
      published_on: '2026-02-10',
      author: dan.id,
      tags: ['tech'],
      code: 'plain',
    },
    'published',
  );
  const gamma = await make(
    'articles',
    {
      title: `Gamma ${HIDDEN_WORDS.draftTitle}`,
      secret: HIDDEN_WORDS.gammaSecret,
      views: 30,
      author: ada.id,
      code: 'gamma',
    },
    'draft',
  );
  const deltaCreated = await make('articles', { title: 'Delta', views: 40, code: 'delta' }, 'published');
  const delta = await edit('articles', deltaCreated.id, { title: `Delta ${HIDDEN_WORDS.changedTitle}`, views: 99 });
  // The owner is the instance admin: an enterprise plan has no request quota or burst limit,
  // which hundreds of probes from one token would otherwise run into.
  const plan = await call(app, owner, {
    method: 'PATCH',
    url: `/api/v1/admin/projects/${projectId}`,
    payload: { plan: 'enterprise' },
  });
  if (plan.statusCode !== 200) throw new Error(`plan change failed: ${plan.body}`);
  const reader = await createToken(app, owner, projectId, ['content:read']);
  return {
    target,
    owner,
    projectId,
    reader,
    authors: { ada, dan },
    articles: { alpha, beta, gamma, delta },
    documents: (rest = '', collection = 'articles') =>
      `/api/v1/projects/${projectId}/collections/${collection}/documents${rest}`,
    graphqlPath: `/api/v1/projects/${projectId}/graphql`,
  };
}

/** The body of a 200 list answer (the case fails on anything else). */
export function listOf(answer: Answer): ListAnswer {
  expect(answer.status, answer.text).toBe(200);
  return answer.json as ListAnswer;
}

/** Ids of a 200 list answer, whose `meta.total` must agree with what it lists (one page). */
export function idsOf(answer: Answer): string[] {
  const list = listOf(answer);
  expect(list.meta.total, answer.text).toBe(list.data.length);
  return list.data.map((document) => document.id).sort();
}

/** A 400 VALIDATION_FAILED with the contract's details: what every refused query must answer. */
export function expectRefused(answer: Answer): { message: string; details: { path: string; message: string }[] } {
  expect(answer.status, answer.text).toBe(400);
  expect(errorCode(answer), answer.text).toBe('VALIDATION_FAILED');
  const body = answer.json as { message: string; details?: { path: string; message: string }[] };
  expect(body.details?.length, answer.text).toBeGreaterThan(0);
  return { message: body.message, details: body.details ?? [] };
}

/** Sends the attack and expects a refusal (400 VALIDATION_FAILED with details). */
export async function refused(
  fixture: QueryFixture,
  tried: string,
  path: string,
  as: Session | string = fixture.reader,
): Promise<{ message: string; details: { path: string; message: string }[] }> {
  return expectRefused(await attack(fixture.target, tried, { path, as }));
}

export interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Sends a GraphQL query over HTTP as `as` and returns the status and body. */
export async function graphqlAttack(
  fixture: QueryFixture,
  tried: string,
  query: string,
  as: Session | string = fixture.reader,
  variables?: Record<string, unknown>,
): Promise<{ status: number; body: GraphqlBody; text: string }> {
  const answer = await attack(fixture.target, tried, {
    method: 'POST',
    path: fixture.graphqlPath,
    as,
    headers: { accept: 'application/json' },
    body: { query, ...(variables ? { variables } : {}) },
  });
  expect(answer.status, answer.text).toBeLessThan(500);
  return { status: answer.status, body: (answer.json ?? {}) as GraphqlBody, text: answer.text };
}

/** Counts of documents as the owner sees them (working copies): proof the tables are intact. */
export async function ownerCounts(fixture: QueryFixture): Promise<{ articles: number; authors: number }> {
  const count = async (collection: string) => {
    const answer = await attack(fixture.target, `count ${collection} as the owner`, {
      path: fixture.documents('?limit=100', collection),
      as: fixture.owner,
    });
    return listOf(answer).meta.total;
  };
  return { articles: await count('articles'), authors: await count('authors') };
}
