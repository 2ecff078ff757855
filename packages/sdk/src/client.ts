import type {
  AiGenerateBody,
  AiGenerated,
  AiSeoBody,
  AiSeoReport,
  AiTranslateBody,
  AiVariantBody,
  Asset,
  AssetReferenceList,
  Audience,
  Collection,
  Component,
  CreateAudienceBody,
  Document,
  DocumentVariant,
  EventTicket,
  ListMediaQuery,
  LoginResponse,
  MediaFolderCount,
  PreviewToken,
  Project,
  TokenPair,
  UpdateAudienceBody,
  User,
} from '@plinth/contract';
import {
  type GenerationStream,
  generateText,
  seoReport,
  streamGeneration,
  translateDocument,
  writeDocumentVariant,
} from './ai.js';
import { login, me, refresh } from './auth.js';
import {
  type CollectionTarget,
  type CreateDocumentOptions,
  createDocument,
  createPreviewToken,
  type DocumentData,
  type DocumentInput,
  type DocumentList,
  type DocumentQuery,
  type DocumentReadOptions,
  deleteDocument,
  documentAction,
  getDocument,
  listDocuments,
  type PlinthDocument,
  type PreviewReadOptions,
  type PublishOptions,
  type UpdateDocumentOptions,
  updateDocument,
} from './documents.js';
import { errorFromResponse, PlinthGraphqlError, PlinthNetworkError } from './errors.js';
import type { EtagCache } from './etag-cache.js';
import {
  createEventTicket,
  type EventSubscription,
  eventStreamPath,
  openEventStream,
  type PlinthEventName,
  type SubscribeOptions,
} from './events.js';
import { graphqlRequest } from './graphql.js';
import {
  getMedia,
  listMedia,
  listMediaFolders,
  listMediaReferences,
  mediaUrl,
  type UploadOptions,
  type UploadSource,
  uploadMedia,
} from './media.js';
import {
  getCollection,
  getComponent,
  getProject,
  type ListOf,
  listCollections,
  listComponents,
  listProjects,
} from './model.js';
import {
  createAudience,
  deleteAudience,
  deleteDocumentVariant,
  getAudience,
  listAudiences,
  listDocumentVariants,
  putDocumentVariant,
  updateAudience,
} from './personalization.js';
import { type CallOptions, type PlinthRequest, projectPath, toSearchParams } from './request.js';

export interface ClientOptions {
  /** Where Plinth runs, such as `https://cms.example.com` (the API is under `/api/v1`). */
  url: string;
  /** An API token (`plt_…`) or a user's access token; `setToken` and `auth.login` change it later. */
  token?: string | null;
  /** The project that collection, media and GraphQL calls go to. */
  projectId?: string;
  /** The fetch to use (a wrapper that adds framework caching, a test double…); the global one by default. */
  fetch?: typeof globalThis.fetch;
  /**
   * Keeps answers that carry an ETag (document lists and reads) and revalidates them with
   * `If-None-Match`: a 304 returns the kept value. Off unless given (see `createEtagCache`).
   */
  etagCache?: EtagCache;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
}

/**
 * Collection slugs to the type of their documents' `data`, such as the `Collections` interface
 * that `plinth-sdk generate` writes.
 */
export type CollectionMap = object;

/** Reads and writes of one collection's documents. */
export interface CollectionApi<T extends DocumentData> {
  readonly slug: string;
  /**
   * One page of documents.
   * @example await articles.list({ filter: { views: { gt: 10 } }, sort: '-published_at', limit: 20 })
   */
  list(query?: DocumentQuery<T>, options?: CallOptions): Promise<DocumentList<T>>;
  /** Every page of the query, in order, following `meta.next_cursor`. */
  pages(query?: Omit<DocumentQuery<T>, 'page' | 'cursor'>, options?: CallOptions): AsyncGenerator<DocumentList<T>>;
  /**
   * Every document of the query, fetched a page (`limit`) at a time with cursors.
   * @example for await (const article of articles.iterate({ sort: 'title', limit: 100 })) console.log(article.data.title);
   */
  iterate(query?: Omit<DocumentQuery<T>, 'page' | 'cursor'>, options?: CallOptions): AsyncGenerator<PlinthDocument<T>>;
  /**
   * One document. With `previewToken` (a `plp_…` token from a preview URL, see
   * `previewTokenFrom`), the call reads with that token instead of the client's credential.
   * @example const article = await articles.get(id, { populate: ['author'], previewToken });
   */
  get(id: string, options?: DocumentReadOptions<T> & PreviewReadOptions & CallOptions): Promise<PlinthDocument<T>>;
  create(data: DocumentInput<T>, options?: CreateDocumentOptions): Promise<PlinthDocument<T>>;
  /** Changes the given fields; pass `version` to fail with `CONFLICT` rather than overwrite a newer edit. */
  update(id: string, data: DocumentInput<T>, options?: UpdateDocumentOptions & CallOptions): Promise<PlinthDocument<T>>;
  /** Moves the document to trash. */
  delete(id: string, options?: CallOptions): Promise<void>;
  restore(id: string, options?: CallOptions): Promise<PlinthDocument<T>>;
  /**
   * Publishes the working copy, in every locale or only in `locales`.
   * @example await articles.publish(id, { locales: ['es'] });
   */
  publish(id: string, options?: PublishOptions & CallOptions): Promise<PlinthDocument<T>>;
  /**
   * Withdraws the published snapshot, in every locale or only in `locales` (unpublishing the
   * default locale unpublishes the document).
   * @example await articles.unpublish(id, { locales: ['fr'] });
   */
  unpublish(id: string, options?: PublishOptions & CallOptions): Promise<PlinthDocument<T>>;
  /**
   * A read-only token (1 hour) for previewing this document's working copy, and the
   * collection's preview URL filled in with it (null when the collection has no `preview_url`).
   * Needs a member's token or an API token with `content:preview`.
   * @example const { url } = await articles.previewToken(id, { locale: 'es' });
   */
  previewToken(id: string, options?: { locale?: string } & CallOptions): Promise<PreviewToken>;
}

export interface PlinthClient<TCollections extends CollectionMap = Record<string, Record<string, unknown>>> {
  /** The base URL the client was created with, without a trailing slash. */
  readonly url: string;
  readonly projectId: string | undefined;
  /** Runs a request built by one of the request functions (`listDocuments`, `uploadMedia`, …). */
  request<T>(request: PlinthRequest<T>, options?: CallOptions): Promise<T>;
  /** Replaces the credential sent from now on (null sends none). */
  setToken(token: string | null): void;
  /**
   * A collection's documents, typed from the client's collection map or from `T`.
   * @example const articles = client.collection<Article>('articles');
   */
  collection<K extends Extract<keyof TCollections, string>>(
    slug: K,
  ): CollectionApi<TCollections[K] extends DocumentData ? TCollections[K] : never>;
  collection<T extends DocumentData = Record<string, unknown>>(slug: string): CollectionApi<T>;
  /**
   * Runs a GraphQL query or mutation and returns its `data`; an answer with `errors` rejects
   * with a PlinthGraphqlError.
   * @example const { article } = await client.graphql<{ article: { title: string } }>('query ($id: ID!) { article(id: $id) { title } }', { id });
   */
  graphql<TData = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: CallOptions & { operationName?: string },
  ): Promise<TData>;
  auth: {
    /** Signs in and sends the new access token from then on. */
    login(credentials: { email: string; password: string }, options?: CallOptions): Promise<LoginResponse>;
    /** Rotates the refresh token and sends the new access token from then on. */
    refresh(refreshToken: string, options?: CallOptions): Promise<TokenPair>;
    me(options?: CallOptions): Promise<User>;
  };
  projects: {
    list(query?: { page?: number; limit?: number }, options?: CallOptions): Promise<ListOf<Project>>;
    /** The client's project, or another one by id. */
    get(projectId?: string, options?: CallOptions): Promise<Project>;
  };
  collections: {
    list(options?: CallOptions): Promise<ListOf<Collection>>;
    get(slug: string, options?: CallOptions): Promise<Collection>;
  };
  components: {
    list(options?: CallOptions): Promise<ListOf<Component>>;
    get(name: string, options?: CallOptions): Promise<Component>;
  };
  events: {
    /**
     * Opens the project's real-time event stream and keeps it open: reconnects with backoff and
     * resumes after the last event received. Sends the client's credential in a header, never
     * in the URL. A 400, 401, 403, 404 (any 4xx but 408 and 429) stops it (`onError`, `willRetry: false`).
     * @example
     * const subscription = client.events.subscribe({
     *   events: ['document.published', 'document.unpublished'],
     *   collections: ['articles'],
     *   onEvent: (event) => revalidate(event.data.id), // typed by the events asked for
     *   onReset: () => revalidateAll(),
     * });
     * // later
     * subscription.close();
     */
    subscribe<E extends PlinthEventName = PlinthEventName>(options: SubscribeOptions<E>): EventSubscription;
    /**
     * A single-use ticket valid 60 s, to open the stream where headers cannot be sent
     * (a browser's `EventSource`: `?ticket=`).
     * @example
     * const { ticket } = await client.events.ticket();
     * const source = new EventSource(`${client.url}/api/v1/projects/${client.projectId}/events?ticket=${ticket}`);
     */
    ticket(options?: CallOptions): Promise<EventTicket>;
  };
  media: {
    list(query?: ListMediaQuery, options?: CallOptions): Promise<ListOf<Asset>>;
    get(id: string, options?: CallOptions & { locale?: string }): Promise<Asset>;
    /**
     * Uploads a File, Blob or bytes.
     * @example await client.media.upload(input.files[0], { alt: 'Harbour at dawn', folder: 'covers' })
     */
    upload(file: UploadSource, options?: UploadOptions): Promise<Asset>;
    /** The folders that hold files, with their counts. */
    folders(options?: CallOptions): Promise<MediaFolderCount[]>;
    /**
     * Where a file is used: the documents that show it, newest first (needs a content scope too).
     * @example const { data, meta } = await client.media.references(asset.id, { limit: 10 })
     */
    references(id: string, options?: CallOptions & { limit?: number }): Promise<AssetReferenceList>;
    /** `mediaUrl`: the file's URL with image transforms. */
    url: typeof mediaUrl;
  };
  /**
   * The AI assistant (needs a model on the server: else `AI_NOT_CONFIGURED`, 503). Members who
   * may create documents, or tokens with `content:write`.
   */
  ai: {
    /**
     * Writes text and answers it whole.
     * @example const { text } = await client.ai.generate({ prompt: 'A headline about tides', field: 'articles.title', tone: 'friendly' });
     */
    generate(body: AiGenerateBody, options?: CallOptions): Promise<AiGenerated>;
    /**
     * Writes text and yields it as it comes (server-sent events); `result` holds the whole text
     * and the tokens used once the loop ends. Breaking out of the loop or aborting `signal`
     * stops the generation.
     * @example
     * const stream = client.ai.stream({ prompt: 'A tagline' }, { signal: controller.signal });
     * for await (const delta of stream) output.textContent += delta;
     */
    stream(body: AiGenerateBody, options?: CallOptions): GenerationStream;
    /**
     * Fills other locales of a document from one, as unpublished changes; answers the
     * document with every locale's values.
     * @example await client.ai.translate({ document_id: id, source_locale: 'en', target_locales: ['es', 'fr'] });
     */
    translate(body: AiTranslateBody, options?: CallOptions): Promise<Document>;
    /**
     * Scores a document for search engines, with the model's suggestions (null without a model).
     * @example const { score, checks } = await client.ai.seo({ document_id: id, keyword: 'tide tables' });
     */
    seo(body: AiSeoBody, options?: CallOptions): Promise<AiSeoReport>;
    /**
     * Has the model write a document's variant for an audience, and saves it.
     * @example await client.ai.variant({ document_id: id, audience: 'france', fields: ['title'] });
     */
    variant(body: AiVariantBody, options?: CallOptions): Promise<DocumentVariant>;
  };
  /** The project's audiences (read with `schema:read`; written by owners and admins). */
  audiences: {
    list(options?: CallOptions): Promise<ListOf<Audience>>;
    get(key: string, options?: CallOptions): Promise<Audience>;
    /**
     * @example await client.audiences.create({ key: 'mobile', name: 'Phones', priority: 10, rules: [{ attribute: 'device', op: 'eq', value: 'mobile' }] });
     */
    create(body: CreateAudienceBody, options?: CallOptions): Promise<Audience>;
    update(key: string, body: UpdateAudienceBody, options?: CallOptions): Promise<Audience>;
    /** Deletes the audience and every document's variant for it. */
    delete(key: string, options?: CallOptions): Promise<void>;
  };
  /** Documents' variants per audience, read and written by whoever edits the documents. */
  variants: {
    list(collection: string, id: string, options?: CallOptions & { locale?: string }): Promise<ListOf<DocumentVariant>>;
    /**
     * Sets the fields the variant overrides (in `locale`); delivered once the document is next published.
     * @example await client.variants.put('articles', id, 'france', { title: 'Bonjour' });
     */
    put<T extends DocumentData = Record<string, unknown>>(
      collection: string,
      id: string,
      audience: string,
      data: DocumentInput<T>,
      options?: CallOptions & { locale?: string },
    ): Promise<DocumentVariant>;
    delete(collection: string, id: string, audience: string, options?: CallOptions): Promise<void>;
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    if (response.ok) throw new Error(`expected JSON, got ${type || 'no content type'}`);
    return text;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (response.ok) throw error;
    return text;
  }
}

/**
 * A client for one Plinth server (and, with `projectId`, one project). Works in Node.js 20+,
 * browsers and edge runtimes: it only needs `fetch`.
 * @example
 * import { createClient } from '@plinth/sdk';
 * import type { Collections } from './plinth-types';
 *
 * const plinth = createClient<Collections>({ url: 'https://cms.example.com', token: process.env.PLINTH_TOKEN, projectId: '01J…' });
 * const { data } = await plinth.collection('articles').list({ sort: '-published_at', limit: 10 });
 */
export function createClient<TCollections extends CollectionMap = Record<string, Record<string, unknown>>>(
  options: ClientOptions,
): PlinthClient<TCollections> {
  const baseUrl = options.url.replace(/\/+$/, '');
  const apiUrl = `${baseUrl}/api/v1`;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const { etagCache } = options;
  let token = options.token ?? null;

  /** The client's headers and the current credential, under the more specific ones given. */
  function headersOf(...layers: (Record<string, string> | undefined)[]): Headers {
    const headers = new Headers({ accept: 'application/json' });
    for (const layer of [options.headers, ...layers]) {
      for (const [name, value] of Object.entries(layer ?? {})) headers.set(name, value);
    }
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  }

  async function request<T>(call: PlinthRequest<T>, callOptions: CallOptions = {}): Promise<T> {
    const params = toSearchParams(call.query).toString();
    const url = `${apiUrl}${call.path}${params ? `?${params}` : ''}`;
    const headers = headersOf(call.headers, callOptions.headers);
    let body: BodyInit | undefined;
    if (call.form) body = call.form;
    else if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers.set('content-type', 'application/json');
    }
    // Keyed by credential too: two tokens may see different content at the same URL.
    const cacheKey =
      etagCache && call.revalidate && call.method === 'GET' ? `${headers.get('authorization')} ${url}` : null;
    const cached = cacheKey ? etagCache?.get(cacheKey) : undefined;
    if (cached) headers.set('if-none-match', cached.etag);

    const { signal } = callOptions;
    let response: Response;
    let parsed: unknown;
    try {
      response = await fetchImpl(url, {
        method: call.method,
        headers,
        ...(body ? { body } : {}),
        ...(signal ? { signal } : {}),
      });
      parsed = await readBody(response);
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      throw new PlinthNetworkError(
        `No usable answer from ${baseUrl}: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    }
    if (response.status === 304 && cached) return call.read(cached.body);
    if (!response.ok) throw errorFromResponse(response, parsed);
    if (cacheKey) {
      const etag = response.headers.get('etag');
      if (etag) etagCache?.set(cacheKey, { etag, body: parsed });
      else etagCache?.delete(cacheKey);
    }
    return call.read(parsed);
  }

  const requireProject = (): string => {
    if (!options.projectId) throw new TypeError('This call needs a project: pass projectId to createClient');
    return options.projectId;
  };

  function collectionApi<T extends DocumentData>(slug: string): CollectionApi<T> {
    const target = (): CollectionTarget => ({ projectId: requireProject(), collection: slug });
    async function* pages(query: Omit<DocumentQuery<T>, 'page' | 'cursor'> = {}, callOptions?: CallOptions) {
      let cursor: string | undefined;
      do {
        const page: DocumentList<T> = await request(
          listDocuments<T>({ ...target(), query: { ...query, ...(cursor ? { cursor } : {}) } }),
          callOptions,
        );
        yield page;
        cursor = page.meta.next_cursor ?? undefined;
      } while (cursor);
    }
    return {
      slug,
      list: async (query, callOptions) =>
        request(listDocuments<T>({ ...target(), ...(query ? { query } : {}) }), callOptions),
      pages,
      async *iterate(query, callOptions) {
        for await (const page of pages(query, callOptions)) yield* page.data;
      },
      // Read, create and update options carry the call options too; each side takes its own keys.
      get: async (id, options) =>
        request(
          getDocument<T>({
            ...target(),
            id,
            ...(options ? { options } : {}),
            ...(options?.previewToken ? { previewToken: options.previewToken } : {}),
          }),
          options,
        ),
      create: async (data, options) =>
        request(createDocument<T>({ ...target(), data, ...(options ? { options } : {}) }), options),
      update: async (id, data, options) =>
        request(updateDocument<T>({ ...target(), id, data, ...(options ? { options } : {}) }), options),
      delete: async (id, callOptions) => {
        await request(deleteDocument({ ...target(), id }), callOptions);
      },
      restore: async (id, callOptions) =>
        request(documentAction<T>({ ...target(), id, action: 'restore' }), callOptions),
      publish: async (id, options) =>
        request(
          documentAction<T>({
            ...target(),
            id,
            action: 'publish',
            ...(options?.locales ? { locales: options.locales } : {}),
          }),
          options,
        ),
      unpublish: async (id, options) =>
        request(
          documentAction<T>({
            ...target(),
            id,
            action: 'unpublish',
            ...(options?.locales ? { locales: options.locales } : {}),
          }),
          options,
        ),
      previewToken: async (id, options) =>
        request(
          createPreviewToken({ ...target(), id, ...(options?.locale !== undefined ? { locale: options.locale } : {}) }),
          options,
        ),
    };
  }

  const client: PlinthClient<TCollections> = {
    url: baseUrl,
    projectId: options.projectId,
    request,
    setToken(next) {
      token = next;
    },
    collection: collectionApi,
    async graphql<TData>(
      query: string,
      variables?: Record<string, unknown>,
      callOptions: CallOptions & { operationName?: string } = {},
    ) {
      const { operationName, ...rest } = callOptions;
      const answer = await request(
        graphqlRequest({
          projectId: requireProject(),
          query,
          ...(variables ? { variables } : {}),
          ...(operationName ? { operationName } : {}),
        }),
        rest,
      );
      const [first] = answer.errors ?? [];
      if (first) {
        throw new PlinthGraphqlError({
          status: 200,
          code: first.extensions.code as PlinthGraphqlError['code'],
          message: first.message,
          ...(first.extensions.details ? { details: first.extensions.details } : {}),
          errors: answer.errors ?? [],
          data: answer.data,
        });
      }
      return answer.data as TData;
    },
    auth: {
      async login(credentials, callOptions) {
        const answer = await request(login(credentials), callOptions);
        token = answer.access_token;
        return answer;
      },
      async refresh(refreshToken, callOptions) {
        const answer = await request(refresh(refreshToken), callOptions);
        token = answer.access_token;
        return answer;
      },
      me: async (callOptions) => request(me(), callOptions),
    },
    projects: {
      list: async (query, callOptions) => request(listProjects(query), callOptions),
      get: async (projectId, callOptions) => request(getProject(projectId ?? requireProject()), callOptions),
    },
    collections: {
      list: async (callOptions) => request(listCollections(requireProject()), callOptions),
      get: async (slug, callOptions) => request(getCollection({ projectId: requireProject(), slug }), callOptions),
    },
    components: {
      list: async (callOptions) => request(listComponents(requireProject()), callOptions),
      get: async (name, callOptions) => request(getComponent({ projectId: requireProject(), name }), callOptions),
    },
    events: {
      subscribe: (subscribeOptions) =>
        openEventStream(
          {
            url: `${apiUrl}${eventStreamPath({
              projectId: requireProject(),
              events: subscribeOptions.events,
              collections: subscribeOptions.collections,
            })}`,
            fetch: fetchImpl,
            // Asked for every connection, so a token changed with setToken is used on reconnection.
            headers: () => headersOf(),
          },
          subscribeOptions,
        ),
      ticket: async (callOptions) => request(createEventTicket(requireProject()), callOptions),
    },
    media: {
      list: async (query, callOptions) =>
        request(listMedia({ projectId: requireProject(), ...(query ? { query } : {}) }), callOptions),
      get: async (id, options) =>
        request(
          getMedia({ projectId: requireProject(), id, ...(options?.locale ? { locale: options.locale } : {}) }),
          options,
        ),
      upload: async (file, uploadOptions) =>
        request(
          uploadMedia({ projectId: requireProject(), file, ...(uploadOptions ? { options: uploadOptions } : {}) }),
          uploadOptions,
        ),
      folders: async (callOptions) => request(listMediaFolders({ projectId: requireProject() }), callOptions),
      references: async (id, options) =>
        request(
          listMediaReferences({ projectId: requireProject(), id, ...(options?.limit ? { limit: options.limit } : {}) }),
          options,
        ),
      url: mediaUrl,
    },
    ai: {
      generate: async (body, callOptions) => request(generateText({ projectId: requireProject(), body }), callOptions),
      stream: (body, callOptions = {}) =>
        streamGeneration(
          {
            url: `${apiUrl}${projectPath(requireProject(), '/ai/generate')}`,
            fetch: fetchImpl,
            headers: headersOf(callOptions.headers),
          },
          body,
          callOptions,
        ),
      translate: async (body, callOptions) =>
        request(translateDocument({ projectId: requireProject(), body }), callOptions),
      seo: async (body, callOptions) => request(seoReport({ projectId: requireProject(), body }), callOptions),
      variant: async (body, callOptions) =>
        request(writeDocumentVariant({ projectId: requireProject(), body }), callOptions),
    },
    audiences: {
      list: async (callOptions) => request(listAudiences(requireProject()), callOptions),
      get: async (key, callOptions) => request(getAudience({ projectId: requireProject(), key }), callOptions),
      create: async (body, callOptions) => request(createAudience({ projectId: requireProject(), body }), callOptions),
      update: async (key, body, callOptions) =>
        request(updateAudience({ projectId: requireProject(), key, body }), callOptions),
      delete: async (key, callOptions) => {
        await request(deleteAudience({ projectId: requireProject(), key }), callOptions);
      },
    },
    variants: {
      list: async (collection, id, options) =>
        request(
          listDocumentVariants({
            projectId: requireProject(),
            collection,
            id,
            ...(options?.locale !== undefined ? { locale: options.locale } : {}),
          }),
          options,
        ),
      put: async (collection, id, audience, data, options) =>
        request(
          putDocumentVariant({
            projectId: requireProject(),
            collection,
            id,
            audience,
            data,
            ...(options?.locale !== undefined ? { locale: options.locale } : {}),
          }),
          options,
        ),
      delete: async (collection, id, audience, callOptions) => {
        await request(deleteDocumentVariant({ projectId: requireProject(), collection, id, audience }), callOptions);
      },
    },
  };
  return client;
}
