import { type Field, MAX_SLUG_LENGTH } from '@plinth/contract';
import type { Trx } from '../../db/repository.js';
import { AppError, conflict } from '../../lib/errors.js';
import { nulPath } from '../../lib/nul-characters.js';
import { blockValues } from '../collections/block-values.js';
import type { ValueProblem } from '../collections/field-values.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { ModelCache, ProjectModel } from '../collections/model-cache.js';
import type { MediaService } from '../media/media.service.js';
import type { Scalar } from './document-query.js';
import { storedValue, validationError } from './document-values.js';
import type { DocumentsRepository } from './documents.repository.js';
import type { StoredData } from './stored-document.js';

/** `image/*` matches every image type; anything else matches exactly. */
const mimeMatches = (pattern: string, mimeType: string): boolean =>
  pattern.endsWith('/*') ? mimeType.startsWith(pattern.slice(0, -1)) : pattern === mimeType;

const isLink = (field: Field) => field.type === 'reference' || field.type === 'media';

/** What a write stores, and which fields and locales it wrote. */
interface WrittenValues {
  projectId: string;
  model: ProjectModel;
  collection: CollectionModel;
  /** The fields the write names (their values are checked). */
  input: Record<string, unknown>;
  data: StoredData;
  locales: readonly string[];
}

/**
 * What a write must check against the database before it saves, inside its transaction (under
 * the collection's writer lock): references, unique values, the model it was validated
 * against, and a singleton's one document.
 */
export class DocumentChecks {
  constructor(
    private readonly deps: {
      repository: DocumentsRepository;
      models: ModelCache;
      media: Pick<MediaService, 'liveAssetsIn'>;
    },
  ) {}

  /**
   * What the values a write stores must meet besides the model: references to what exists, and
   * unique values, in each locale the write changed (`input` names the fields it wrote).
   */
  async values(trx: Trx, options: WrittenValues & { documentId: string; seesHidden: boolean }): Promise<void> {
    // JSON bodies are checked when parsed; GraphQL literals arrive here unchecked.
    const nul = nulPath(options.input, 'data');
    if (nul) throw validationError([{ path: nul, message: 'must not contain a NUL character' }]);
    await this.references(trx, options);
    for (const locale of options.locales) await this.unique(trx, { ...options, locale });
  }

  /**
   * References must point at live documents of their collection, and media at live assets, in
   * this project: at the top level and inside blocks, however deep. One query per kind checks
   * every id of the write.
   */
  async references(trx: Trx, options: WrittenValues): Promise<void> {
    const { model, collection, input, data } = options;
    const links: { path: string; field: Field; ids: string[] }[] = [];
    for (const field of collection.fields) {
      if (!(field.name in input) || (!isLink(field) && field.type !== 'blocks')) continue;
      const stored = data[field.name];
      // Every locale the write changed (a restore writes them all).
      const values = field.localized
        ? options.locales.map((locale) => (isLocaleMap(stored) ? stored[locale] : undefined))
        : [stored];
      const found = values.flatMap((value) =>
        field.type === 'blocks'
          ? blockValues(value, model.componentFields, isLink).map((item) => ({
              ...item,
              path: `data.${field.name}.${item.path}`,
            }))
          : [{ field, path: `data.${field.name}`, value }],
      );
      for (const item of found) {
        const ids = Array.isArray(item.value)
          ? item.value.filter((id): id is string => typeof id === 'string')
          : typeof item.value === 'string'
            ? [item.value]
            : [];
        if (ids.length > 0) links.push({ path: item.path, field: item.field, ids });
      }
    }
    if (links.length === 0) return;
    const idsOf = (type: Field['type']) => [
      ...new Set(links.filter((link) => link.field.type === type).flatMap((link) => link.ids)),
    ];
    // Read through the transaction: on SQLite anything else would wait for it forever.
    const assets = await this.deps.media.liveAssetsIn(trx, options.projectId, idsOf('media'));
    const documents = new Map(
      (await this.deps.repository.in(trx).findLiveCollections(options.projectId, idsOf('reference'))).map((row) => [
        row.id,
        row.collection_id,
      ]),
    );
    const problems: ValueProblem[] = [];
    for (const { path, field, ids } of links) {
      if (field.type === 'media') {
        const missing = ids.filter((id) => !assets.has(id));
        const accept = field.options?.accept ?? [];
        const refused = ids
          .flatMap((id) => assets.get(id) ?? [])
          .filter((asset) => accept.length > 0 && !accept.some((pattern) => mimeMatches(pattern, asset.mimeType)));
        if (missing.length > 0) {
          problems.push({ path, message: `refers to media assets that do not exist: ${missing.join(', ')}` });
        } else if (refused.length > 0) {
          problems.push({
            path,
            message: `accepts ${accept.join(', ')} only; ${refused[0]?.filename} is ${refused[0]?.mimeType}`,
          });
        }
        continue;
      }
      const target = model.collections.get(field.options?.collection ?? '');
      const missing = ids.filter((id) => !target || documents.get(id) !== target.id);
      if (missing.length > 0) {
        problems.push({
          path,
          message: `refers to documents that do not exist in ${field.options?.collection}: ${missing.join(', ')}`,
        });
      }
    }
    if (problems.length > 0) throw validationError(problems);
  }

  /**
   * Unique fields must not repeat among the collection's live documents. Generated slugs get a
   * numeric suffix instead (written into `data`); a value the caller chose is a 409.
   */
  async unique(
    trx: Trx,
    options: {
      collection: CollectionModel;
      input: Record<string, unknown>;
      data: StoredData;
      locale: string;
      documentId: string;
      /** Whether the caller sees hidden fields (a conflict on one is not named to those who do not). */
      seesHidden: boolean;
    },
  ): Promise<void> {
    const { collection, input, data } = options;
    const documents = this.deps.repository.in(trx);
    for (const field of collection.fields) {
      if (!field.unique && field.type !== 'slug') continue;
      const valueLocale = field.localized ? options.locale : undefined;
      const value = storedValue(data, field, options.locale);
      if (value === undefined || (typeof value !== 'string' && typeof value !== 'number')) continue;
      const taken = (candidate: Scalar) =>
        documents.valueTaken({
          collectionId: collection.id,
          field,
          locale: valueLocale,
          value: candidate,
          exceptId: options.documentId,
        });
      if (!(await taken(value))) continue;
      const generated = field.type === 'slug' && !(field.name in input);
      if (!generated && field.hidden && !options.seesHidden) {
        // The caller did not write it (a default did) and must not learn its name or value.
        throw conflict('The document would repeat a unique value that another document holds');
      }
      if (!generated) {
        throw new AppError('CONFLICT', `data.${field.name} "${value}" is already used by another document`, [
          { path: `data.${field.name}`, message: 'is already used by another document' },
        ]);
      }
      // The suffix replaces the end of a long slug, so the result still fits the slug length.
      const withSuffix = (suffix: number) =>
        `${String(value)
          .slice(0, MAX_SLUG_LENGTH - `-${suffix}`.length)
          .replace(/-+$/, '')}-${suffix}`;
      let suffix = 2;
      let candidate = withSuffix(suffix);
      while (await taken(candidate)) candidate = withSuffix(++suffix);
      if (valueLocale) (data[field.name] as Record<string, unknown>)[valueLocale] = candidate;
      else data[field.name] = candidate;
    }
  }

  /**
   * The model a write was validated against must still be the stored one: a model change that
   * committed in between checked the documents stored before it, not this one. Runs under the
   * collection's writer lock, which model changes take too.
   */
  async modelCurrent(trx: Trx, projectId: string, collection: CollectionModel): Promise<void> {
    if ((await this.deps.models.storedRevision(trx, collection.id)) === collection.revision) return;
    this.deps.models.invalidate(projectId);
    throw conflict(`The model of ${collection.name} changed while this document was being saved; try again`);
  }

  /** A singleton holds one live document. */
  async singletonFree(trx: Trx, collection: CollectionModel): Promise<void> {
    if (collection.kind === 'singleton' && (await this.deps.repository.in(trx).countLive(collection.id)) > 0) {
      throw conflict(`${collection.name} is a singleton and already has its document`);
    }
  }
}
