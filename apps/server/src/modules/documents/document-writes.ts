import type { CreateDocumentBody, Document, UpdateDocumentBody } from '@plinth/contract';
import type { Trx } from '../../db/repository.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditService } from '../audit/audit.service.js';
import { userIdOf } from '../auth/principal.js';
import { carryHiddenValues, withoutHiddenValues } from '../collections/block-values.js';
import type { ValueProblem } from '../collections/field-values.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { ContentIndexes } from './content-indexes.js';
import type { DocumentChecks } from './document-checks.js';
import type { DocumentLifecycle } from './document-lifecycle.js';
import type { DocumentStore, PublishedVersions } from './document-store.js';
import { mergeValues, validationError } from './document-values.js';
import { documentStatus } from './locale-publishing.js';
import {
  presentWritten,
  projectLocale,
  type StoredData,
  type StoredDocument,
  withSnapshot,
} from './stored-document.js';

/** A stored value changed by `change`: each locale's value of a localized field, or the one value. */
const eachLocale = (
  localized: boolean | undefined,
  value: unknown,
  change: (value: unknown, locale: string | undefined) => unknown,
): unknown =>
  localized && isLocaleMap(value)
    ? Object.fromEntries(Object.entries(value).map(([locale, item]) => [locale, change(item, locale)]))
    : change(value, undefined);

/** A stored state to make the document's data again (a version being restored). */
export interface Replacement {
  data: StoredData;
  /** The locale the state was written in (its version records it). */
  locale: string;
  /** The audit action, e.g. `document.version_restored`. */
  action: string;
  details?: Record<string, unknown>;
  /** The version the state was computed from (a translation): a 409 when the document moved on since. */
  expectedVersion?: number;
}

/**
 * Writing documents' data: create, update, replace with a stored state, move to the trash and
 * back. Each is one operation with a typed input, the same for REST, GraphQL and the CLI.
 */
export class DocumentWrites {
  constructor(
    private readonly deps: {
      store: DocumentStore;
      /** Records which locales were published from a version (a document created published). */
      history: PublishedVersions;
      checks: DocumentChecks;
      lifecycle: DocumentLifecycle;
      audit: AuditService;
      models: ModelCache;
      indexes: ContentIndexes;
      clock: Clock;
    },
  ) {}

  async create(grant: ProjectGrant, slug: string, body: CreateDocumentBody): Promise<Document> {
    const { store, checks } = this.deps;
    const { model, collection } = await this.deps.models.collection(grant.project.id, slug);
    const locale = projectLocale(grant.project, body.locale, false);
    const publish = body.status === 'published';
    if (publish && !grant.can('content.publish')) throw forbidden('Your role does not allow publishing');
    if (publish && collection.requiresApproval) {
      throw conflict(`${collection.name} requires approval before publishing; create a draft and submit it for review`);
    }
    const data = mergeValues({
      model,
      collection,
      stored: {},
      input: body.data,
      locale,
      defaultLocale: grant.project.defaultLocale,
      isNew: true,
      seesHidden: grant.content.seesHidden,
    });
    // Unique checks use the content indexes (built once, e.g. after an upgrade that renamed them).
    await this.deps.indexes.ensure(collection.fields, grant.project);
    const now = isoNow(this.deps.clock);
    const userId = userIdOf(grant.actor);
    const draft: StoredDocument = {
      id: newId(),
      projectId: grant.project.id,
      collectionId: collection.id,
      data,
      publishedData: null,
      publishedVersion: null,
      publishedUpdatedAt: null,
      publishedUpdatedBy: null,
      publishedLocales: null,
      publishLocales: null,
      unpublishLocales: null,
      status: publish ? 'published' : 'draft',
      workflowStage: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
      publishedAt: publish ? now : null,
      publishAt: null,
      unpublishAt: null,
      createdBy: userId,
      updatedBy: userId,
      deletedAt: null,
    };
    const document: StoredDocument = {
      ...draft,
      ...withSnapshot(draft, publish ? { data, locales: grant.project.locales } : null),
    };
    await store.transaction(grant.project.id, collection.id, async (trx) => {
      await checks.modelCurrent(trx, grant.project.id, collection);
      await checks.singletonFree(trx, collection);
      await checks.values(trx, {
        projectId: grant.project.id,
        model,
        collection,
        input: body.data,
        data,
        locales: [locale],
        documentId: document.id,
        seesHidden: grant.content.seesHidden,
      });
      await store.write(trx, {
        project: grant.project,
        collection,
        before: null,
        after: document,
        actor: grant.actor,
        action: 'document.created',
        versionLocale: locale,
      });
      if (publish) {
        await this.deps.history.markPublished(trx, document.id, document.version, grant.project.locales);
        await this.deps.audit.recordGrant(
          trx,
          grant,
          'document.published',
          { type: 'document', id: document.id },
          { collection: collection.slug, version: 1 },
        );
      }
    });
    return presentWritten(grant, collection, document, locale);
  }

  async update(grant: ProjectGrant, slug: string, id: string, body: UpdateDocumentBody): Promise<Document> {
    const { store, checks } = this.deps;
    const { model, collection } = await this.deps.models.collection(grant.project.id, slug);
    const locale = projectLocale(grant.project, body.locale, false);
    // Unique checks use the content indexes (built once, e.g. after an upgrade that renamed them).
    await this.deps.indexes.ensure(collection.fields, grant.project);
    const target = { project: grant.project, collection, id, copy: 'working', owner: grant.content.documents } as const;
    const updated = await store.change(target, async (trx, existing) => {
      await checks.modelCurrent(trx, grant.project.id, collection);
      if (body.version !== undefined && body.version !== existing.version) {
        throw conflict(
          `The document changed since version ${body.version} (it is at version ${existing.version}); reload it and try again`,
        );
      }
      const data = mergeValues({
        model,
        collection,
        stored: existing.data,
        input: body.data,
        locale,
        defaultLocale: grant.project.defaultLocale,
        isNew: false,
        seesHidden: grant.content.seesHidden,
      });
      await checks.values(trx, {
        projectId: grant.project.id,
        model,
        collection,
        input: body.data,
        data,
        locales: [locale],
        documentId: id,
        seesHidden: grant.content.seesHidden,
      });
      return this.saveData(trx, { grant, collection, existing, data, locale, action: 'document.updated' });
    });
    return presentWritten(grant, collection, updated, locale);
  }

  /**
   * Replaces the data with a whole stored state (a version being restored), checked the way
   * PATCH checks its input: each value against the current model, required fields, references
   * and unique values; a state that no longer fits is a 400 with details. Callers that do not
   * see hidden fields never write them, so theirs keep the current values.
   */
  async replaceData(grant: ProjectGrant, slug: string, id: string, replacement: Replacement): Promise<Document> {
    const { store, checks } = this.deps;
    const { model, collection } = await this.deps.models.collection(grant.project.id, slug);
    const { seesHidden } = grant.content;
    const { defaultLocale, locales } = grant.project;
    const target = { project: grant.project, collection, id, copy: 'working', owner: grant.content.documents } as const;
    const updated = await store.change(target, async (trx, existing) => {
      if (replacement.expectedVersion !== undefined && replacement.expectedVersion !== existing.version) {
        throw conflict(
          `The document changed since version ${replacement.expectedVersion} (it is at version ${existing.version}); try again`,
        );
      }
      let data: StoredData = structuredClone(replacement.data);
      const problems: ValueProblem[] = [];
      for (const field of collection.fields) {
        const stored = data[field.name];
        if (field.hidden && !seesHidden) {
          if (field.name in existing.data) data[field.name] = existing.data[field.name];
          else delete data[field.name];
        } else if (field.localized && stored !== undefined && !isLocaleMap(stored)) {
          problems.push({ path: `data.${field.name}`, message: 'holds one value, but the field is localized now' });
        } else if (field.type === 'blocks' && !seesHidden && stored !== undefined) {
          // Its hidden values are not the caller's to write: checked without them, they are
          // given back from the current copy below.
          data[field.name] = eachLocale(field.localized, stored, (blocks) =>
            withoutHiddenValues(blocks, model.componentFields),
          );
        }
      }
      if (problems.length > 0) throw validationError(problems);
      // The state goes through the merge as PATCH input, one locale at a time (shared fields with
      // the default locale), so it meets the same value checks, generated slugs and required fields.
      for (const locale of [defaultLocale, ...locales.filter((candidate) => candidate !== defaultLocale)]) {
        const input: Record<string, unknown> = {};
        for (const field of collection.fields) {
          if (field.hidden && !seesHidden) continue;
          const stored = data[field.name];
          const value = field.localized ? (isLocaleMap(stored) ? stored[locale] : undefined) : stored;
          if (value !== undefined && (field.localized || locale === defaultLocale)) input[field.name] = value;
        }
        data = mergeValues({ model, collection, stored: data, input, locale, defaultLocale, isNew: false, seesHidden });
      }
      if (!seesHidden) {
        // The hidden values inside blocks stay the current ones, by instance, as with a PATCH.
        for (const field of collection.fields.filter((candidate) => candidate.type === 'blocks')) {
          if (data[field.name] === undefined) continue;
          const current = existing.data[field.name];
          data[field.name] = eachLocale(field.localized, data[field.name], (blocks, locale) =>
            carryHiddenValues(
              blocks,
              locale === undefined ? current : isLocaleMap(current) ? current[locale] : undefined,
              model.componentFields,
            ),
          );
        }
      }
      const everyField = Object.fromEntries(collection.fields.map((field) => [field.name, true]));
      await checks.values(trx, {
        projectId: grant.project.id,
        model,
        collection,
        input: everyField,
        data,
        locales,
        documentId: id,
        seesHidden,
      });
      return this.saveData(trx, {
        grant,
        collection,
        existing,
        data,
        locale: replacement.locale,
        action: replacement.action,
        ...(replacement.details ? { details: replacement.details } : {}),
      });
    });
    return presentWritten(grant, collection, updated, defaultLocale);
  }

  /**
   * Writes new data as the next version. An approval covers the content that was reviewed, so
   * a change after approval needs a new review.
   */
  private async saveData(
    trx: Trx,
    options: {
      grant: ProjectGrant;
      collection: CollectionModel;
      existing: StoredDocument;
      data: StoredData;
      locale: string;
      action: string;
      details?: Record<string, unknown>;
    },
  ): Promise<StoredDocument> {
    const { grant, existing } = options;
    const changed: StoredDocument = { ...existing, data: options.data };
    const updated: StoredDocument = {
      ...changed,
      version: existing.version + 1,
      status: documentStatus(options.collection, changed, grant.project),
      workflowStage: existing.workflowStage === 'approved' ? null : existing.workflowStage,
      updatedAt: isoNow(this.deps.clock),
      updatedBy: userIdOf(grant.actor),
    };
    await this.deps.store.write(trx, {
      project: grant.project,
      collection: options.collection,
      before: existing,
      after: updated,
      actor: grant.actor,
      action: options.action,
      versionLocale: options.locale,
      ...(options.details ? { details: options.details } : {}),
    });
    return updated;
  }

  /**
   * Moves a document to the trash. Its schedule goes with it (times cleared, jobs cancelled in
   * the same transaction): a restored document never shows a publish that will not run.
   */
  async remove(grant: ProjectGrant, slug: string, id: string): Promise<void> {
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const target = { project: grant.project, collection, id, copy: 'working', owner: grant.content.documents } as const;
    await this.deps.store.change(target, async (trx, existing) => {
      await this.deps.store.write(trx, {
        project: grant.project,
        collection,
        before: existing,
        after: {
          ...existing,
          deletedAt: isoNow(this.deps.clock),
          publishAt: null,
          unpublishAt: null,
          publishLocales: null,
          unpublishLocales: null,
          updatedBy: userIdOf(grant.actor),
        },
        actor: grant.actor,
        action: 'document.deleted',
      });
      await this.deps.lifecycle.cancelSchedule(trx, id, ['publish', 'unpublish']);
    });
  }

  async restore(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { checks } = this.deps;
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const target = { project: grant.project, collection, id, copy: 'trash', owner: grant.content.documents } as const;
    const restored = await this.deps.store.change(target, async (trx, existing) => {
      const after: StoredDocument = { ...existing, deletedAt: null, updatedBy: userIdOf(grant.actor) };
      await checks.singletonFree(trx, collection);
      const everyField = Object.fromEntries(collection.fields.map((field) => [field.name, true]));
      for (const locale of grant.project.locales) {
        await checks.unique(trx, {
          collection,
          input: everyField,
          data: existing.data,
          locale,
          documentId: id,
          seesHidden: grant.content.seesHidden,
        });
      }
      await this.deps.store.write(trx, {
        project: grant.project,
        collection,
        before: existing,
        after,
        actor: grant.actor,
        action: 'document.restored',
      });
      return after;
    });
    return presentWritten(grant, collection, restored);
  }
}
