import type {
  Audience,
  CreateAudienceBody,
  DocumentVariant,
  PutVariantBody,
  UpdateAudienceBody,
} from '@plinth/contract';
import type { CollectionTarget, DocumentData, DocumentInput } from './documents.js';
import type { ListOf } from './model.js';
import { type PlinthRequest, projectPath, readBody, readData, readNothing, segment } from './request.js';

const audiencePath = (projectId: string, key?: string) =>
  projectPath(projectId, `/audiences${key === undefined ? '' : `/${segment(key)}`}`);

/** The project's audiences, in the order delivery tries them (ascending priority, then key). */
export function listAudiences(projectId: string): PlinthRequest<ListOf<Audience>> {
  return { method: 'GET', path: audiencePath(projectId), read: readBody<ListOf<Audience>>() };
}

/** One audience by key. */
export function getAudience(target: { projectId: string; key: string }): PlinthRequest<Audience> {
  return { method: 'GET', path: audiencePath(target.projectId, target.key), read: readData<Audience>() };
}

/**
 * Creates an audience (owners and admins): rules on visitor attributes, `match` `all` (the
 * default) or `any`. A key already taken is a `CONFLICT`.
 * @example await client.request(createAudience({ projectId, body: { key: 'france', name: 'France', rules: [{ attribute: 'country', op: 'eq', value: 'FR' }] } }));
 */
export function createAudience(target: { projectId: string; body: CreateAudienceBody }): PlinthRequest<Audience> {
  return { method: 'POST', path: audiencePath(target.projectId), body: target.body, read: readData<Audience>() };
}

/** Changes an audience's name, priority, match or rules (rules are replaced as a whole). */
export function updateAudience(target: {
  projectId: string;
  key: string;
  body: UpdateAudienceBody;
}): PlinthRequest<Audience> {
  return {
    method: 'PATCH',
    path: audiencePath(target.projectId, target.key),
    body: target.body,
    read: readData<Audience>(),
  };
}

/** Deletes an audience and every document's variant for it. */
export function deleteAudience(target: { projectId: string; key: string }): PlinthRequest<undefined> {
  return { method: 'DELETE', path: audiencePath(target.projectId, target.key), read: readNothing };
}

/** Where one document's variants live. */
export type VariantTarget = CollectionTarget & { id: string };

const variantsPath = ({ projectId, collection, id }: VariantTarget, audience?: string) =>
  projectPath(
    projectId,
    `/collections/${segment(collection)}/documents/${segment(id)}/variants${audience === undefined ? '' : `/${segment(audience)}`}`,
  );

/**
 * A document's variants: the working overrides (`data`) and those published with it
 * (`published_data`), in `locale` (`*` for locale maps). For callers who read working copies.
 */
export function listDocumentVariants(
  target: VariantTarget & { locale?: string },
): PlinthRequest<ListOf<DocumentVariant>> {
  return {
    method: 'GET',
    path: variantsPath(target),
    query: { locale: target.locale },
    read: readBody<ListOf<DocumentVariant>>(),
  };
}

/**
 * Sets a document's variant for an audience: partial overrides of its fields in `locale`,
 * checked like an edit. Readers get it once the document is next published.
 * @example await client.request(putDocumentVariant<Article>({ projectId, collection: 'articles', id, audience: 'france', data: { title: 'Bonjour' } }));
 */
export function putDocumentVariant<T extends DocumentData = Record<string, unknown>>(
  target: VariantTarget & { audience: string; data: DocumentInput<T>; locale?: string },
): PlinthRequest<DocumentVariant> {
  const body: PutVariantBody = {
    data: target.data,
    ...(target.locale !== undefined ? { locale: target.locale } : {}),
  };
  return { method: 'PUT', path: variantsPath(target, target.audience), body, read: readData<DocumentVariant>() };
}

/** Deletes a document's variant for an audience, published overrides included (readers get the document at once). */
export function deleteDocumentVariant(target: VariantTarget & { audience: string }): PlinthRequest<undefined> {
  return { method: 'DELETE', path: variantsPath(target, target.audience), read: readNothing };
}
