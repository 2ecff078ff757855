import type { Asset, Document } from '@plinth/contract';
import DataLoader from 'dataloader';
import type { DocumentLifecycle } from '../documents/document-lifecycle.js';
import type { DocumentReads } from '../documents/document-reads.js';
import type { AudienceResolver } from '../documents/document-variants.js';
import type { DocumentWrites } from '../documents/document-writes.js';
import type { MediaService } from '../media/media.service.js';
import type { ProjectAction, ProjectGrant } from '../projects/project-access.js';

/** How a value was read, so that what it references is read the same way. */
export interface ReadContext {
  /** Published snapshots (content:read tokens, or `status: published`) rather than working copies. */
  published: boolean;
  /** The locale the values are in; references are read in the same one. */
  locale: string;
}

/** What model-field resolvers read from: a document's or a block's values. */
export interface ValuesNode {
  values: Record<string, unknown>;
  read: ReadContext;
}

/** A document as the object types resolve it. */
export interface DocumentNode extends ValuesNode {
  document: Document;
}

/** One block of a blocks field. */
export interface BlockNode extends ValuesNode {
  component: string;
}

/** The document operations resolvers call: the very ones behind REST. */
export interface DocumentOperations {
  reads: DocumentReads;
  writes: DocumentWrites;
  lifecycle: DocumentLifecycle;
  /** Which audiences' variants a read tries (`audience`, `visitor`), as REST decides it. */
  audiences: AudienceResolver;
}

/** What every resolver gets: the document operations and the caller's grants. */
export interface GraphqlContext {
  documents: DocumentOperations;
  /**
   * The caller's grant for `action`, checked with `ProjectAccess.authorize` as the REST route
   * for the same operation does (403 outside the role or scopes), once per action and request.
   */
  authorize(action: ProjectAction): Promise<ProjectGrant>;
  references: ReferenceLoader;
  assets: AssetLoader;
}

export const documentNode = (document: Document, published: boolean): DocumentNode => ({
  document,
  values: document.data,
  read: { published, locale: document.locale },
});

/** The list takes at most this many ids in one `in` filter and one page. */
const BATCH_SIZE = 100;

/**
 * Loads referenced documents through the document list (an `id in …` filter), so that the
 * locale fallback, published-snapshot rule and hidden fields are those of REST. Every id asked
 * for while one level of a query resolves goes into one list call per collection, locale and
 * copy: a page of 100 documents with their authors costs one batch, not 100 reads.
 */
export class ReferenceLoader {
  private readonly loader: DataLoader<string, DocumentNode | null>;

  constructor(
    private readonly reads: DocumentReads,
    private readonly grant: () => Promise<ProjectGrant>,
  ) {
    this.loader = new DataLoader((keys) => this.batch(keys));
  }

  /** The referenced document, or null when the reader cannot see it (deleted, unpublished). */
  load(collection: string, id: string, read: ReadContext): Promise<DocumentNode | null> {
    return this.loader.load(JSON.stringify([collection, read.published, read.locale, id]));
  }

  private async batch(keys: readonly string[]): Promise<(DocumentNode | null | Error)[]> {
    const parsed = keys.map((key) => {
      const [collection, published, locale, id] = JSON.parse(key) as [string, boolean, string, string];
      return { group: JSON.stringify([collection, published, locale]), collection, read: { published, locale }, id };
    });
    const groups = new Map<string, { collection: string; read: ReadContext; ids: Set<string> }>();
    for (const { group, collection, read, id } of parsed) {
      const entry = groups.get(group) ?? { collection, read, ids: new Set<string>() };
      entry.ids.add(id);
      groups.set(group, entry);
    }
    const grant = await this.grant();
    const results = new Map<string, Map<string, DocumentNode> | Error>();
    await Promise.all(
      [...groups].map(async ([group, { collection, read, ids }]) => {
        const all = [...ids];
        const found = new Map<string, DocumentNode>();
        try {
          for (let start = 0; start < all.length; start += BATCH_SIZE) {
            const { data } = await this.reads.list(grant, collection, {
              filter: [{ field: 'id', op: 'in', value: all.slice(start, start + BATCH_SIZE) }],
              limit: BATCH_SIZE,
              locale: read.locale,
              ...(read.published ? { status: 'published' } : {}),
            });
            for (const document of data) found.set(document.id, documentNode(document, read.published));
          }
          results.set(group, found);
        } catch (error) {
          results.set(group, error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
    return parsed.map(({ group, id }) => {
      const result = results.get(group);
      return result instanceof Error ? result : (result?.get(id) ?? null);
    });
  }
}

/**
 * Loads media assets through `MediaService.findLiveAssets`, as REST's `populate` shows them:
 * the alt text of the locale the holding document was read in, deleted assets absent. Every
 * asset asked for while one level of a query resolves is read in one query per locale, so a
 * page of 100 documents with their images costs one query, not 100.
 */
export class AssetLoader {
  private readonly loader: DataLoader<string, Asset | null>;

  constructor(
    private readonly media: MediaService,
    private readonly grant: () => Promise<ProjectGrant>,
  ) {
    this.loader = new DataLoader((keys) => this.batch(keys));
  }

  /** The asset, or null when it does not exist (any more) in the project. */
  load(id: string, read: ReadContext): Promise<Asset | null> {
    return this.loader.load(JSON.stringify([read.locale, id]));
  }

  private async batch(keys: readonly string[]): Promise<(Asset | null)[]> {
    const parsed = keys.map((key) => JSON.parse(key) as [string, string]);
    const idsByLocale = new Map<string, Set<string>>();
    for (const [locale, id] of parsed) idsByLocale.set(locale, (idsByLocale.get(locale) ?? new Set()).add(id));
    const grant = await this.grant();
    const found = new Map<string, Map<string, Asset>>();
    await Promise.all(
      [...idsByLocale].map(async ([locale, ids]) => {
        const assets = await this.media.findLiveAssets(grant.project.id, [...ids], {
          locale,
          defaultLocale: grant.project.defaultLocale,
        });
        found.set(locale, assets);
      }),
    );
    return parsed.map(([locale, id]) => found.get(locale)?.get(id) ?? null);
  }
}
