import type { Field } from '@plinth/contract';
import type { Trx } from '../../db/repository.js';
import { notFound } from '../../lib/errors.js';
import { carryHiddenValues, presentBlocks } from '../collections/block-values.js';
import { checkValue, type ValueProblem } from '../collections/field-values.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { DocumentChecks } from './document-checks.js';
import type { DocumentStore } from './document-store.js';
import { validationError } from './document-values.js';
import type { DocumentsRepository } from './documents.repository.js';
import { projectLocale, type StoredData } from './stored-document.js';

/*
 * Variants are partial field overrides of a document, one per audience. The personalization
 * module owns them (its tables, its routes); the documents module declares here what it needs
 * from them (VariantSource, PublishListener) and what it offers them: overrides checked like an
 * edit, presented like a read, and laid over a copy's data.
 */

/** The copy a variant's overrides are laid over. */
export type VariantCopy = 'working' | 'published';

/** A document's variant picked for a read: which audience, and the overrides of the copy read. */
export interface PickedVariant {
  audience: string;
  data: StoredData;
}

/**
 * Where document reads find variants (the personalization module implements it, wired in the
 * composition root).
 */
export interface VariantSource {
  /**
   * For each document, the first of `audiences` (in the order given) that has a variant of it
   * with overrides in `copy`; documents without one are absent.
   */
  pick(options: {
    projectId: string;
    documentIds: readonly string[];
    audiences: readonly string[];
    copy: VariantCopy;
  }): Promise<ReadonlyMap<string, PickedVariant>>;
}

/** What a delivery read sends that may pick a variant: a named audience, visitor attributes. */
export interface AudienceRequest {
  /** `?audience=key`. */
  audience?: string;
  /** The read's query parameters (`visitor[country]=FR`…; others are ignored). */
  query?: Record<string, unknown>;
  /** The `X-Plinth-Visitor` header (`country=FR;device=mobile`). */
  header?: string;
}

/**
 * Decides which audiences a delivery read tries, in order (the personalization module
 * implements it): null when the read asks for no personalization.
 */
export interface AudienceResolver {
  audiencesFor(projectId: string, request: AudienceRequest): Promise<string[] | null>;
}

/**
 * Told of each publish and unpublish, in its transaction (the personalization module publishes
 * and withdraws variants with their document). `locales` null: every locale, and for an
 * unpublish, the whole document.
 */
export interface PublishListener {
  published(
    trx: Trx,
    change: {
      project: ProjectRecord;
      collection: CollectionModel;
      documentId: string;
      publish: boolean;
      locales: readonly string[] | null;
    },
  ): Promise<void>;
}

/**
 * A copy's data with a variant's overrides laid over it: shared fields are replaced, localized
 * fields replaced in the locales the variant holds (the others keep the document's values).
 * @example applyOverrides(collection, { title: { en: 'Hi', es: 'Hola' } }, { title: { en: 'Hey' } }) // { title: { en: 'Hey', es: 'Hola' } }
 */
export function applyOverrides(collection: CollectionModel, data: StoredData, overrides: StoredData): StoredData {
  const result: StoredData = { ...data };
  for (const field of collection.fields) {
    if (!(field.name in overrides)) continue;
    const value = overrides[field.name];
    if (!field.localized) result[field.name] = value;
    else if (isLocaleMap(value)) {
      const current = result[field.name];
      result[field.name] = { ...(isLocaleMap(current) ? current : {}), ...value };
    }
  }
  return result;
}

/** What a variant write sends: flat values of `locale` for the fields it overrides. */
export interface OverrideInput {
  data: Record<string, unknown>;
  locale?: string;
}

/** The document a variant write concerns, and the check of its overrides (in the write's transaction). */
export interface OverrideEditor {
  collection: CollectionModel;
  documentId: string;
  /** The locale the write is in (the project's default when the input names none). */
  locale: string;
  /**
   * The variant's overrides after `input`: its shared fields and `locale`'s values of localized
   * fields become exactly the input's (other locales' stay), each value checked as an edit
   * checks it (unknown or hidden fields, types, options, references): a 400 with details.
   */
  apply(current: StoredData, input: OverrideInput): Promise<StoredData>;
}

/**
 * Variants as the documents module sees them: whose document a variant belongs to, its
 * overrides checked like an edit of that document, and presented like a read of it.
 */
export class DocumentOverrides {
  constructor(
    private readonly deps: {
      store: DocumentStore;
      repository: Pick<DocumentsRepository, 'find'>;
      models: ModelCache;
      checks: Pick<DocumentChecks, 'references'>;
    },
  ) {}

  /**
   * Runs `work` in the document's write transaction (the row locked, the collection's writers
   * serialized), once the caller may change that document (authors: their own, a 403 for
   * others'; a 404 when it does not exist or is in the trash). Delivery answers are dropped
   * once it commits.
   */
  async change<T>(
    grant: ProjectGrant,
    slug: string,
    id: string,
    locale: string | undefined,
    work: (trx: Trx, editor: OverrideEditor) => Promise<T>,
  ): Promise<T> {
    const { model, collection } = await this.deps.models.collection(grant.project.id, slug);
    const writeLocale = projectLocale(grant.project, locale, false);
    const target = { project: grant.project, collection, id, copy: 'working', owner: grant.content.documents } as const;
    return this.deps.store.change(target, (trx) =>
      work(trx, {
        collection,
        documentId: id,
        locale: writeLocale,
        apply: async (current, input) => {
          const next = mergeOverrides({
            collection,
            components: model.componentFields,
            current,
            input: input.data,
            locale: writeLocale,
            seesHidden: grant.content.seesHidden,
          });
          await this.deps.checks.references(trx, {
            projectId: grant.project.id,
            model,
            collection,
            input: input.data,
            data: next,
            locales: [writeLocale],
          });
          return next;
        },
      }),
    );
  }

  /**
   * A live document's collection, for reading its variants: callers who may read working copies
   * only (a 403 for tokens that read published content only; a preview token reads its own
   * document's). A 404 when the document does not exist or is in the trash.
   */
  async collectionFor(grant: ProjectGrant, slug: string, id: string): Promise<CollectionModel> {
    grant.content.copyFor('draft');
    const preview = grant.content.previewOf;
    if (preview && (preview.collection !== slug || preview.id !== id)) throw notFound('Document');
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const row = await this.deps.repository.find(
      { projectId: grant.project.id, collectionId: collection.id, copy: 'working' },
      id,
    );
    if (!row) throw notFound('Document');
    return collection;
  }

  /**
   * Overrides as the caller reads them: only the fields the variant holds (hidden ones only for
   * members), flat values of `locale` (a localized field without a value there is left out), or
   * locale maps with `*`.
   */
  present(
    grant: ProjectGrant,
    collection: CollectionModel,
    overrides: StoredData,
    locale: string | undefined,
  ): Record<string, unknown> {
    const readLocale = projectLocale(grant.project, locale, true);
    const includeHidden = grant.content.seesHidden;
    const presented: Record<string, unknown> = {};
    for (const field of collection.fields) {
      if ((field.hidden && !includeHidden) || !(field.name in overrides)) continue;
      const stored = overrides[field.name];
      const present = (value: unknown) =>
        field.type === 'blocks' ? presentBlocks(value, collection.components, includeHidden) : value;
      if (!field.localized) presented[field.name] = present(stored);
      else if (!isLocaleMap(stored)) continue;
      else if (readLocale === '*') {
        presented[field.name] = Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, present(value)]));
      } else if (stored[readLocale] !== undefined) presented[field.name] = present(stored[readLocale]);
    }
    return presented;
  }
}

/** The overrides after a write in `locale` (see OverrideEditor.apply), before the database checks. */
function mergeOverrides(options: {
  collection: CollectionModel;
  components: ReadonlyMap<string, readonly Field[]>;
  current: StoredData;
  input: Record<string, unknown>;
  locale: string;
  seesHidden: boolean;
}): StoredData {
  const { collection, input, locale, seesHidden, components } = options;
  const next: StoredData = structuredClone(options.current);
  const writable = (field: Field) => seesHidden || !field.hidden;
  // What the variant shows in this locale is replaced (hidden fields stay for those who cannot see them).
  for (const field of collection.fields.filter(writable)) {
    const stored = next[field.name];
    if (!field.localized) delete next[field.name];
    else if (isLocaleMap(stored)) {
      const rest = { ...stored };
      delete rest[locale];
      if (Object.keys(rest).length === 0) delete next[field.name];
      else next[field.name] = rest;
    }
  }
  const problems: ValueProblem[] = [];
  const fieldsByName = new Map(collection.fields.map((field) => [field.name, field]));
  for (const [name, value] of Object.entries(input)) {
    const field = fieldsByName.get(name);
    if (!field || !writable(field)) {
      problems.push({ path: `data.${name}`, message: 'is not a field of this collection' });
      continue;
    }
    // null or "" overrides nothing: the document's own value shows.
    if (value === null || value === '') continue;
    const checked = checkValue(field, value, `data.${name}`, { components, hiddenWritable: seesHidden });
    if (checked.problems.length > 0) {
      problems.push(...checked.problems);
      continue;
    }
    const previous = options.current[name];
    const before = field.localized ? (isLocaleMap(previous) ? previous[locale] : undefined) : previous;
    const stored =
      field.type === 'blocks' && !seesHidden ? carryHiddenValues(checked.value, before, components) : checked.value;
    if (field.localized) {
      const map = next[name];
      next[name] = { ...(isLocaleMap(map) ? map : {}), [locale]: stored };
    } else next[name] = stored;
  }
  if (problems.length > 0) throw validationError(problems);
  return next;
}
