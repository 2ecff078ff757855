import type {
  Asset,
  CreateDocumentBody,
  Document,
  DocumentListQuery,
  DocumentReadQuery,
  FilterOperator,
  ListMeta,
  PreviewToken,
  PreviewTokenBody,
  PublishBody,
  UpdateDocumentBody,
  VisitorAttribute,
} from '@plinth/contract';
import {
  type CreateOptions,
  idempotencyHeaders,
  type PlinthRequest,
  projectPath,
  readData,
  readNothing,
  segment,
} from './request.js';

/**
 * The `data` of a document. Interfaces from `plinth-sdk generate` fit here, as does any object
 * type; without one, fields are `unknown`.
 */
export type DocumentData = object;

/** A document (API.md, Document) whose `data` has the type `T`. */
export type PlinthDocument<T extends DocumentData = Record<string, unknown>> = Omit<Document, 'data'> & { data: T };

/**
 * A page of documents, with `meta.next_cursor` for the next one (null on the last page), and
 * `meta.audience` when the read named an `audience` or sent `visitor` attributes.
 */
export interface DocumentList<T extends DocumentData = Record<string, unknown>> {
  data: PlinthDocument<T>[];
  meta: ListMeta & { audience?: string | null };
}

/** Columns every document has, which filters and sorts accept besides model fields. */
export type SystemColumn = 'id' | 'created_at' | 'updated_at' | 'published_at';

/** Names of `T`'s fields. */
export type FieldName<T extends DocumentData> = Extract<keyof T, string>;

/** A value to compare with; dates are sent as ISO 8601 strings. */
export type FilterValue = string | number | boolean | Date;

/**
 * Conditions on one field, one per operator of API.md (`in` and `nin` take lists, `exists` a
 * boolean). A bare value means `eq`.
 * @example { gte: 10, lt: 100 }
 */
export type FieldFilter =
  | FilterValue
  | {
      [Op in FilterOperator]?: Op extends 'in' | 'nin'
        ? readonly FilterValue[]
        : Op extends 'exists'
          ? boolean
          : FilterValue;
    };

/**
 * A filter as an object: field names (or `reference.field` through a reference) to conditions.
 * It compiles to `filter[field][op]=value` parameters.
 * @example { title: { contains: 'headless' }, views: { gt: 10 }, 'author.name': 'Ann' }
 */
export type DocumentFilter<T extends DocumentData = Record<string, unknown>> = {
  [K in FieldName<T> | SystemColumn]?: FieldFilter;
} & { [path: `${string}.${string}`]: FieldFilter | undefined };

/** A sort key: a field or column, with `-` in front for descending order. */
export type SortKey<T extends DocumentData = Record<string, unknown>> =
  | FieldName<T>
  | SystemColumn
  | `-${FieldName<T> | SystemColumn}`;

/**
 * What a site knows about its visitor (API.md, Personalization): `country`, `language`,
 * `device` (`mobile`, `tablet`, `desktop`), `utm_source`, `utm_campaign`, `referrer`, and
 * `custom.<name>` attributes of its own.
 * @example { country: 'FR', device: 'mobile', 'custom.plan': 'pro' }
 */
export type VisitorAttributes = { [K in VisitorAttribute]?: string } & { [K in `custom.${string}`]?: string };

/**
 * How to read documents (API.md, Documents): `locale` (or `*` for every locale's values),
 * `fields` to project, `populate` to resolve references and media (`*` for all) `depth` levels
 * deep, and `status` (`published` asks a user's token for the published snapshot).
 * Personalized delivery: `audience` reads that audience's variant where the document has one;
 * `visitor` attributes pick the first matching audience (by priority) that has a variant.
 */
export interface DocumentReadOptions<T extends DocumentData = Record<string, unknown>> {
  locale?: string;
  fields?: readonly FieldName<T>[];
  populate?: '*' | readonly FieldName<T>[];
  depth?: 1 | 2 | 3;
  status?: DocumentReadQuery['status'];
  audience?: string;
  visitor?: VisitorAttributes;
}

/**
 * The list query: filters, sort, search (`q`), and either `page` or `cursor` with `limit`
 * (at most 100).
 * @example { filter: { views: { gt: 10 } }, sort: ['-published_at', 'title'], limit: 20, populate: ['author'] }
 */
export interface DocumentQuery<T extends DocumentData = Record<string, unknown>> extends DocumentReadOptions<T> {
  filter?: DocumentFilter<T>;
  sort?: SortKey<T> | readonly SortKey<T>[];
  q?: string;
  page?: number;
  limit?: number;
  cursor?: string;
}

/**
 * What a write accepts for a field: ids where reads may hold populated documents or assets.
 * @example WriteValue<string | PlinthDocument<Author>> // string
 */
export type WriteValue<V> = V extends readonly (infer Item)[]
  ? WriteValue<Item>[]
  : V extends PlinthDocument<DocumentData> | Asset
    ? never
    : V;

/** The `data` of a create or a (partial) update. */
export type DocumentInput<T extends DocumentData> = { [K in keyof T]?: WriteValue<T[K]> };

/** Where a collection's documents live. */
export interface CollectionTarget {
  projectId: string;
  collection: string;
}

const documentsPath = ({ projectId, collection }: CollectionTarget, rest = '') =>
  projectPath(projectId, `/collections/${segment(collection)}/documents${rest}`);

const filterValue = (value: FilterValue) => (value instanceof Date ? value.toISOString() : String(value));

/**
 * `filter[field][op]=value` parameters of a filter object.
 * @example compileFilter({ views: { gt: 10 }, title: 'Hi' }) // { 'filter[views][gt]': '10', 'filter[title][eq]': 'Hi' }
 */
export function compileFilter<T extends DocumentData>(filter: DocumentFilter<T>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [field, condition] of Object.entries(filter) as [string, FieldFilter | undefined][]) {
    if (condition === undefined) continue;
    if (typeof condition !== 'object' || condition instanceof Date) {
      params[`filter[${field}][eq]`] = filterValue(condition);
      continue;
    }
    for (const [op, value] of Object.entries(condition) as [FilterOperator, FilterValue | FilterValue[]][]) {
      if (value === undefined) continue;
      params[`filter[${field}][${op}]`] = Array.isArray(value) ? value.map(filterValue).join(',') : filterValue(value);
    }
  }
  return params;
}

const list = (values: string | readonly string[] | undefined) =>
  values === undefined ? undefined : typeof values === 'string' ? values : values.join(',');

/**
 * `visitor[name]=value` parameters of visitor attributes.
 * @example compileVisitor({ country: 'FR', 'custom.plan': 'pro' }) // { 'visitor[country]': 'FR', 'visitor[custom.plan]': 'pro' }
 */
export function compileVisitor(visitor: VisitorAttributes): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(visitor) as [string, string | undefined][]) {
    if (value !== undefined) params[`visitor[${name}]`] = value;
  }
  return params;
}

/** The query parameters of a read (`DocumentReadQuery` of the contract; `visitor[…]` keys ride along). */
export function compileReadOptions<T extends DocumentData>(options: DocumentReadOptions<T> = {}): DocumentReadQuery {
  const fields = list(options.fields);
  const populate = list(options.populate);
  return {
    ...(options.locale !== undefined ? { locale: options.locale } : {}),
    ...(fields !== undefined ? { fields } : {}),
    ...(populate !== undefined ? { populate } : {}),
    ...(options.depth !== undefined ? { depth: options.depth } : {}),
    ...(options.status !== undefined ? { status: options.status } : {}),
    ...(options.audience !== undefined ? { audience: options.audience } : {}),
    ...(options.visitor ? compileVisitor(options.visitor) : {}),
  };
}

/**
 * The query parameters of a list (`DocumentListQuery` of the contract), filters compiled.
 * @example compileQuery({ sort: ['-views', 'title'], limit: 5 }) // { sort: '-views,title', limit: 5 }
 */
export function compileQuery<T extends DocumentData>(query: DocumentQuery<T> = {}): DocumentListQuery {
  const sort = list(query.sort);
  return {
    ...compileReadOptions(query),
    ...(query.filter ? compileFilter(query.filter) : {}),
    ...(sort !== undefined ? { sort } : {}),
    ...(query.q !== undefined ? { q: query.q } : {}),
    ...(query.page !== undefined ? { page: query.page } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
  };
}

/**
 * Lists a collection's documents.
 * @example await client.request(listDocuments<Article>({ projectId, collection: 'articles', query: { limit: 10 } }));
 */
export function listDocuments<T extends DocumentData = Record<string, unknown>>(
  target: CollectionTarget & { query?: DocumentQuery<T> },
): PlinthRequest<DocumentList<T>> {
  return {
    method: 'GET',
    path: documentsPath(target),
    query: compileQuery(target.query),
    revalidate: true,
    read: (body) => body as DocumentList<T>,
  };
}

/** Options of a read with a live-preview token (`previewToken` of a collection, or `previewTokenFrom`). */
export interface PreviewReadOptions {
  /**
   * A `plp_…` preview token: sent as the call's `Authorization: Bearer` instead of the client's
   * credential, it reads that one document's working copy (and the documents it references).
   */
  previewToken?: string;
}

/**
 * Reads one document; with `previewToken`, as that preview token allows.
 * @example await client.request(getDocument<Article>({ projectId, collection: 'articles', id, previewToken }));
 */
export function getDocument<T extends DocumentData = Record<string, unknown>>(
  target: CollectionTarget & { id: string; options?: DocumentReadOptions<T> } & PreviewReadOptions,
): PlinthRequest<PlinthDocument<T>> {
  return {
    method: 'GET',
    path: documentsPath(target, `/${segment(target.id)}`),
    query: compileReadOptions(target.options),
    ...(target.previewToken ? { headers: { authorization: `Bearer ${target.previewToken}` } } : {}),
    revalidate: true,
    read: readData<PlinthDocument<T>>(),
  };
}

/** Options of a create: the locale of localized values, and `published` to publish at once. */
export interface CreateDocumentOptions extends CreateOptions {
  locale?: string;
  status?: CreateDocumentBody['status'];
}

/** Creates a document (a draft unless `status: 'published'`). */
export function createDocument<T extends DocumentData = Record<string, unknown>>(
  target: CollectionTarget & { data: DocumentInput<T>; options?: CreateDocumentOptions },
): PlinthRequest<PlinthDocument<T>> {
  const { locale, status } = target.options ?? {};
  const body: CreateDocumentBody = {
    data: target.data,
    ...(locale !== undefined ? { locale } : {}),
    ...(status !== undefined ? { status } : {}),
  };
  const headers = idempotencyHeaders(target.options);
  return {
    method: 'POST',
    path: documentsPath(target),
    body,
    ...(headers ? { headers } : {}),
    read: readData<PlinthDocument<T>>(),
  };
}

/**
 * Options of an update: `version` is the version the change was based on; when the document
 * has moved on since, the call fails with a `CONFLICT` PlinthError instead of overwriting.
 */
export interface UpdateDocumentOptions {
  locale?: string;
  version?: number;
}

/** Changes some fields of a document (the others keep their values). */
export function updateDocument<T extends DocumentData = Record<string, unknown>>(
  target: CollectionTarget & { id: string; data: DocumentInput<T>; options?: UpdateDocumentOptions },
): PlinthRequest<PlinthDocument<T>> {
  const { locale, version } = target.options ?? {};
  const body: UpdateDocumentBody = {
    data: target.data,
    ...(locale !== undefined ? { locale } : {}),
    ...(version !== undefined ? { version } : {}),
  };
  return {
    method: 'PATCH',
    path: documentsPath(target, `/${segment(target.id)}`),
    body,
    read: readData<PlinthDocument<T>>(),
  };
}

/** Moves a document to trash (`status: 'deleted'` lists it; `restoreDocument` brings it back). */
export function deleteDocument(target: CollectionTarget & { id: string }): PlinthRequest<undefined> {
  return { method: 'DELETE', path: documentsPath(target, `/${segment(target.id)}`), read: readNothing };
}

/** The POST actions on one document that answer the document. */
export type DocumentAction = 'publish' | 'unpublish' | 'restore';

/**
 * Options of a publish or unpublish: `locales` limits it to those project locales (the first
 * publish must include the default locale; unpublishing the default locale unpublishes the
 * document). Without it, every locale.
 * @example { locales: ['es', 'fr'] }
 */
export interface PublishOptions {
  locales?: readonly string[];
}

/**
 * Publishes (snapshots the working copy for readers), unpublishes, or restores from trash.
 * Publish and unpublish take `locales`.
 * @example await client.request(documentAction({ projectId, collection: 'articles', id, action: 'publish', locales: ['es'] }));
 */
export function documentAction<T extends DocumentData = Record<string, unknown>>(
  target: CollectionTarget & { id: string } & (
      | ({ action: 'publish' | 'unpublish' } & PublishOptions)
      | { action: 'restore'; locales?: never }
    ),
): PlinthRequest<PlinthDocument<T>> {
  // No body unless locales are given: the same request as before per-locale publishing.
  const body: PublishBody | undefined = target.locales ? { locales: [...target.locales] } : undefined;
  return {
    method: 'POST',
    path: documentsPath(target, `/${segment(target.id)}/${target.action}`),
    ...(body ? { body } : {}),
    read: readData<PlinthDocument<T>>(),
  };
}

/**
 * Makes a short-lived, read-only preview token for one document (members, and API tokens with
 * `content:preview`). `locale` fills `{locale}` in the collection's preview URL.
 * @example const { url } = await client.request(createPreviewToken({ projectId, collection: 'articles', id, locale: 'es' }));
 */
export function createPreviewToken(
  target: CollectionTarget & { id: string; locale?: string },
): PlinthRequest<PreviewToken> {
  return {
    method: 'POST',
    path: documentsPath(target, `/${segment(target.id)}/preview-token`),
    body: (target.locale !== undefined ? { locale: target.locale } : {}) satisfies PreviewTokenBody,
    read: readData<PreviewToken>(),
  };
}
