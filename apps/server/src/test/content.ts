import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { call, type Session, signUp } from './harness.js';
import { multipart } from './media.js';

/** Creates a project owned by `owner` and returns its id. */
export async function createProject(
  app: FastifyInstance,
  owner: Session,
  body: Record<string, unknown> = { name: 'Content project', locales: ['en', 'es', 'fr', 'zh'], default_locale: 'en' },
): Promise<string> {
  const response = await call(app, owner, { method: 'POST', url: '/api/v1/projects', payload: body });
  if (response.statusCode !== 201) throw new Error(`project create failed: ${response.body}`);
  return response.json().data.id;
}

/** Signs a new user up and adds them to the project with `role`; answers their session. */
export async function addMember(
  app: FastifyInstance,
  owner: Session,
  projectId: string,
  role: string,
): Promise<Session> {
  const member = await signUp(app);
  const response = await call(app, owner, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/members`,
    payload: { email: member.email, role },
  });
  if (response.statusCode !== 201) throw new Error(`member add failed: ${response.body}`);
  return member;
}

/** Creates a collection (or fails the test with the server's answer). */
export async function createCollection(
  app: FastifyInstance,
  owner: Session,
  projectId: string,
  body: Record<string, unknown>,
) {
  const response = await call(app, owner, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/collections`,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`collection create failed: ${response.body}`);
  return response.json().data;
}

/** Creates a document and returns it. */
export async function createDocument(
  app: FastifyInstance,
  credential: Session | string,
  projectId: string,
  collection: string,
  body: Record<string, unknown>,
) {
  const response = await call(app, credential, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/collections/${collection}/documents`,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`document create failed: ${response.body}`);
  return response.json().data;
}

/** Creates an API token with the given scopes and returns its secret. */
export async function createToken(
  app: FastifyInstance,
  owner: Session,
  projectId: string,
  scopes: string[],
): Promise<string> {
  const response = await call(app, owner, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/api-tokens`,
    payload: { name: `token ${scopes.join(' ')}`, scopes },
  });
  if (response.statusCode !== 201) throw new Error(`token create failed: ${response.body}`);
  return response.json().data.token;
}

/** Uploads a small real PNG (with an optional alt text and folder) to the project's media library and returns the asset id. */
export async function uploadAsset(
  app: FastifyInstance,
  credential: Session | string,
  projectId: string,
  filename = 'pixel.png',
  fields: { alt?: string; folder?: string } = {},
): Promise<string> {
  const content = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const { payload, headers } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename, content, contentType: 'image/png' },
  ]);
  const response = await call(app, credential, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/media`,
    payload,
    headers,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().data.id;
}
