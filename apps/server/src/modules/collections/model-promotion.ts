import type { Collection, Component, Field, ModelChange } from '@plinth/contract';
import type { Transact, Trx } from '../../db/repository.js';
import type { DocumentRow } from '../../db/schema.js';
import type { ChangeEvents } from '../../lib/change-events.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { findBlocks } from './block-values.js';
import type { CollectionsRepository } from './collections.repository.js';
import {
  checkNames,
  collectionsHolding,
  FieldBreakages,
  fieldChecks,
  storedCopies,
  storedValueFits,
} from './collections.service.js';
import { type CollectionModel, type ComponentModel, defaultSingular, isLocaleMap, toCollection } from './model.js';
import type { ModelCache, ProjectModel } from './model-cache.js';
import { validateCollectionModel, validateComponentModel } from './model-validation.js';
import type { StoredContent } from './stored-content.js';

/** The collection settings a promotion compares (fields apart). */
const settingsOf = (collection: CollectionModel) => ({
  name: collection.name,
  singular: collection.singular,
  description: collection.description,
  kind: collection.kind,
  display_field: collection.displayField,
  requires_approval: collection.requiresApproval,
  preview_url: collection.previewUrl,
  field_order: collection.fields.map((field) => field.name),
});

const componentSettingsOf = (component: ComponentModel) => ({
  label: component.label,
  description: component.description,
  field_order: component.fields.map((field) => field.name),
});

/** JSON with sorted keys, so that two equal definitions compare equal whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    isLocaleMap(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );

/** Only the keys whose values differ, on each side. */
function changedKeys<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const keys = Object.keys(after).filter((key) => canonical(before[key]) !== canonical(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])) as Partial<T>,
    after: Object.fromEntries(keys.map((key) => [key, after[key]])) as Partial<T>,
  };
}

/** A change before its documents are counted. */
type Step = Omit<ModelChange, 'affected_documents'>;

function fieldSteps(owner: { collection: string } | { component: string }, before: Field[], after: Field[]): Step[] {
  const steps: Step[] = [];
  for (const field of after) {
    const old = before.find((candidate) => candidate.name === field.name);
    if (!old) steps.push({ op: 'add_field', ...owner, field: field.name, after: field });
    else if (canonical(old) !== canonical(field))
      steps.push({ op: 'change_field', ...owner, field: field.name, before: old, after: field });
  }
  for (const field of before) {
    if (!after.some((candidate) => candidate.name === field.name))
      steps.push({ op: 'remove_field', ...owner, field: field.name, before: field });
  }
  return steps;
}

/**
 * What would make `target`'s model equal to `source`'s: components first (collections use
 * them), then collections, each with its field steps.
 */
export function diffModels(target: ProjectModel, source: ProjectModel): Step[] {
  const steps: Step[] = [];
  for (const [name, component] of source.components) {
    const old = target.components.get(name);
    const definition = { name, ...componentSettingsOf(component), fields: component.fields };
    if (!old) {
      steps.push({ op: 'add_component', component: name, after: definition });
      continue;
    }
    const settings = changedKeys(componentSettingsOf(old), componentSettingsOf(component));
    if (Object.keys(settings.after).length > 0) steps.push({ op: 'change_component', component: name, ...settings });
    steps.push(...fieldSteps({ component: name }, old.fields, component.fields));
  }
  for (const [slug, collection] of source.collections) {
    const old = target.collections.get(slug);
    if (!old) {
      const { created_at: _created, updated_at: _updated, ...definition } = toCollection(collection);
      steps.push({ op: 'add_collection', collection: slug, after: definition });
      continue;
    }
    const settings = changedKeys(settingsOf(old), settingsOf(collection));
    if (Object.keys(settings.after).length > 0) steps.push({ op: 'change_collection', collection: slug, ...settings });
    steps.push(...fieldSteps({ collection: slug }, old.fields, collection.fields));
  }
  for (const [slug, collection] of target.collections) {
    if (!source.collections.has(slug)) {
      const { created_at: _created, updated_at: _updated, ...definition } = toCollection(collection);
      steps.push({ op: 'remove_collection', collection: slug, before: definition });
    }
  }
  for (const [name, component] of target.components) {
    if (!source.components.has(name)) {
      steps.push({
        op: 'remove_component',
        component: name,
        before: { name, ...componentSettingsOf(component), fields: component.fields },
      });
    }
  }
  return steps;
}

const held = (value: unknown) => value !== undefined && value !== null;

/** The stored row of a collection this project gains from another model (or an archive's). */
const collectionRow = (
  projectId: string,
  collection: CollectionModel,
  stamp: { id: string; at: string; updatedAt: string },
): Parameters<CollectionsRepository['insertCollection']>[0] => ({
  id: stamp.id,
  project_id: projectId,
  slug: collection.slug,
  name: collection.name,
  singular: collection.singular,
  description: collection.description,
  kind: collection.kind,
  display_field: collection.displayField,
  requires_approval: collection.requiresApproval ? 1 : 0,
  preview_url: collection.previewUrl,
  fields: collection.fields,
  model_revision: 0,
  created_at: stamp.at,
  updated_at: stamp.updatedAt,
  deleted_at: null,
});

/** How many ids a 409 names per field, so that its body stays small. */
const NAMED_IDS = 50;

/** A project's model grown by what an archive has and it lacks; `added` is what to insert. */
export interface ExtendedModel {
  model: ProjectModel;
  added: { collections: CollectionModel[]; components: ComponentModel[] };
}

/**
 * The project's model with the collections and components of `archive` it lacks (those it has
 * keep their definition here), validated as a whole: an import's documents are checked against it.
 */
export function extendModel(
  target: ProjectModel,
  archive: { collections: readonly Collection[]; components: readonly Component[] },
  now: string,
): ExtendedModel {
  const components = new Map(target.components);
  const componentFields = new Map(target.componentFields);
  const added: ExtendedModel['added'] = { collections: [], components: [] };
  for (const component of archive.components) {
    if (components.has(component.name)) continue;
    const model: ComponentModel = {
      id: newId(),
      name: component.name,
      label: component.label,
      description: component.description,
      fields: component.fields,
      createdAt: now,
      updatedAt: now,
    };
    components.set(model.name, model);
    componentFields.set(model.name, model.fields);
    added.components.push(model);
  }
  const collections = new Map(target.collections);
  for (const collection of archive.collections) {
    if (collections.has(collection.slug)) continue;
    const model: CollectionModel = {
      id: newId(),
      projectId: '',
      slug: collection.slug,
      name: collection.name,
      singular: collection.singular || defaultSingular(collection.slug),
      description: collection.description,
      kind: collection.kind,
      displayField: collection.display_field,
      requiresApproval: collection.requires_approval,
      previewUrl: collection.preview_url,
      fields: collection.fields,
      components: componentFields,
      revision: 0,
      createdAt: now,
      updatedAt: now,
    };
    collections.set(model.slug, model);
    added.collections.push(model);
  }
  const model: ProjectModel = {
    collections,
    collectionsById: new Map([...collections.values()].map((collection) => [collection.id, collection])),
    components,
    componentFields,
  };
  const context = { collections: new Set(collections.keys()), components: componentFields };
  for (const component of added.components) validateComponentModel(component.name, component.fields, context);
  for (const collection of added.collections) {
    validateCollectionModel(
      { slug: collection.slug, fields: collection.fields, displayField: collection.displayField },
      context,
    );
    checkNames(model, collection.slug, collection.singular);
  }
  return { model, added };
}

/**
 * Model promotion (API.md "Export, import and model promotion"): the differences between two
 * projects' models, and applying them to one project in a single transaction under the rules of
 * a model edit, where a change that stored documents would violate is a 409 naming them.
 */
export class ModelPromotion {
  constructor(
    private readonly deps: {
      repository: CollectionsRepository;
      models: ModelCache;
      content: StoredContent;
      events: ChangeEvents;
      audit: AuditService;
      transaction: Transact;
      clock: Clock;
    },
  ) {}

  /** The changes that would make `target`'s model equal to the model of project `sourceId`. */
  async diff(target: ProjectGrant, sourceId: string): Promise<ModelChange[]> {
    const [model, source] = await Promise.all([
      this.deps.models.get(target.project.id),
      this.deps.models.get(sourceId),
    ]);
    const steps = diffModels(model, source);
    return this.deps.transaction((trx) => this.count(trx, model, steps));
  }

  /**
   * Applies the diff (or, with `dryRun`, checks it and writes nothing); returns what it did.
   * Every collection the diff touches is locked against document writes while it checks.
   */
  async apply(target: ProjectGrant, sourceId: string, dryRun: boolean): Promise<ModelChange[]> {
    const projectId = target.project.id;
    const [model, source] = await Promise.all([this.deps.models.get(projectId), this.deps.models.get(sourceId)]);
    const steps = diffModels(model, source);
    if (steps.length === 0) return [];
    const changes = await this.deps.transaction(async (trx) => {
      await this.deps.content.lockCollections(
        trx,
        [...model.collections.values()].map((collection) => collection.id),
      );
      await this.check(trx, model, source, steps);
      const counted = await this.count(trx, model, steps);
      if (!dryRun) await this.write(trx, target, model, source, steps);
      return counted;
    });
    if (!dryRun) {
      this.deps.models.invalidate(projectId);
      for (const collection of source.collections.values()) {
        await this.deps.content.ensureIndexes(collection.fields, target.project);
      }
    }
    return changes;
  }

  /** Writes what `extendModel` added, in the import's transaction; the caller invalidates the model after commit. */
  async insertExtension(trx: Trx, projectId: string, added: ExtendedModel['added']): Promise<void> {
    const repository = this.deps.repository.in(trx);
    for (const component of added.components) {
      await repository.insertComponent({
        id: component.id,
        project_id: projectId,
        name: component.name,
        label: component.label,
        description: component.description,
        fields: component.fields,
        created_at: component.createdAt,
        updated_at: component.updatedAt,
      });
    }
    for (const collection of added.collections) {
      await repository.insertCollection(
        collectionRow(projectId, collection, {
          id: collection.id,
          at: collection.createdAt,
          updatedAt: collection.updatedAt,
        }),
      );
      await this.deps.events.record(trx, {
        projectId,
        event: 'collection.created',
        collection: collection.slug,
        payload: { ...toCollection(collection), fields: collection.fields.filter((field) => !field.hidden) },
      });
    }
  }

  /** Builds the indexes of a model's collections (after the transaction that wrote them). */
  async ensureIndexes(model: ProjectModel, project: { locales: readonly string[]; defaultLocale: string }) {
    for (const collection of model.collections.values())
      await this.deps.content.ensureIndexes(collection.fields, project);
  }

  /** Forgets the cached model of a project whose model an import changed. */
  invalidate(projectId: string): void {
    this.deps.models.invalidate(projectId);
  }

  /** Every document of the target's collections, batch by batch (live and trashed, as model edits check). */
  private async *documents(trx: Trx, collection: CollectionModel): AsyncGenerator<DocumentRow> {
    for await (const rows of this.deps.content.scan(trx, collection.id)) yield* rows;
  }

  /** Documents of the target that each change touches. */
  private async count(trx: Trx, model: ProjectModel, steps: Step[]): Promise<ModelChange[]> {
    const changes: ModelChange[] = [];
    for (const step of steps) {
      let affected = 0;
      const collection = step.collection ? model.collections.get(step.collection) : undefined;
      if (collection && step.op === 'remove_collection') {
        for await (const row of this.documents(trx, collection)) if (row.deleted_at === null) affected++;
      } else if (collection && step.field && step.op !== 'add_field') {
        const name = step.field;
        for await (const row of this.documents(trx, collection)) {
          if (storedCopies(row).some((data) => held(data[name]))) affected++;
        }
      } else if (step.component && step.op !== 'add_component') {
        for (const holder of collectionsHolding(model, step.component)) {
          for await (const row of this.documents(trx, holder)) {
            if (this.instances(row, holder, model, step.component).length > 0) affected++;
          }
        }
      }
      changes.push({ ...step, affected_documents: affected });
    }
    return changes;
  }

  /** Instances of component `name` in a document's blocks fields, in both its copies. */
  private instances(
    row: DocumentRow,
    collection: CollectionModel,
    model: ProjectModel,
    name: string,
  ): Record<string, unknown>[] {
    const blocksFields = collection.fields.filter((field) => field.type === 'blocks');
    return storedCopies(row).flatMap((data) =>
      blocksFields.flatMap((field) =>
        (field.localized && isLocaleMap(data[field.name])
          ? Object.values(data[field.name] as Record<string, unknown>)
          : [data[field.name]]
        ).flatMap((blocks) => findBlocks(blocks, model.componentFields, name)),
      ),
    );
  }

  /** The 409 of a model edit when any stored document would break, naming the documents. */
  private async check(trx: Trx, model: ProjectModel, source: ProjectModel, steps: Step[]): Promise<void> {
    /** path → ids of the documents that break there. */
    const broken = new Map<string, Set<string>>();
    const add = (path: string, id: string) => broken.set(path, (broken.get(path) ?? new Set()).add(id));
    for (const step of steps) {
      const collection = step.collection ? model.collections.get(step.collection) : undefined;
      if (!collection) continue;
      if (step.op === 'remove_collection') {
        for await (const row of this.documents(trx, collection)) {
          if (row.deleted_at === null) add(`collections.${collection.slug}`, row.id);
        }
      }
      if (step.op === 'change_collection' && (step.after as { kind?: string }).kind === 'singleton') {
        const live: string[] = [];
        for await (const row of this.documents(trx, collection)) if (row.deleted_at === null) live.push(row.id);
        if (live.length > 1) for (const id of live) add(`collections.${collection.slug}.kind`, id);
      }
    }
    for (const [slug, collection] of model.collections) {
      const next = source.collections.get(slug);
      if (!next) continue;
      const checks = fieldChecks(collection.fields, next.fields);
      if (checks.length === 0) continue;
      const breakages = new FieldBreakages(checks, source.componentFields);
      for await (const row of this.documents(trx, collection)) breakages.add(row);
      for (const [name, ids] of breakages.byField()) {
        for (const id of ids) add(`collections.${slug}.fields.${name}`, id);
      }
    }
    for (const [name, component] of model.components) {
      const next = source.components.get(name);
      if (!next) continue;
      const checks = fieldChecks(component.fields, next.fields).filter((check) => check.checkValues);
      if (checks.length === 0) continue;
      for (const holder of collectionsHolding(model, name)) {
        for await (const row of this.documents(trx, holder)) {
          const instances = this.instances(row, holder, model, name);
          for (const check of checks) {
            if (
              instances.some((instance) => !storedValueFits(check, instance[check.field.name], source.componentFields))
            )
              add(`components.${name}.fields.${check.field.name}`, row.id);
          }
        }
      }
    }
    if (broken.size === 0) return;
    const ids = new Set([...broken.values()].flatMap((set) => [...set]));
    throw new AppError(
      'CONFLICT',
      `${ids.size} document${ids.size === 1 ? '' : 's'} would not fit the new model: ${[...ids].slice(0, NAMED_IDS).join(', ')}`,
      [...broken].map(([path, set]) => ({
        path,
        message: `documents ${[...set].slice(0, NAMED_IDS).join(', ')}${set.size > NAMED_IDS ? ` and ${set.size - NAMED_IDS} more` : ''} would not fit`,
      })),
    );
  }

  private async write(
    trx: Trx,
    grant: ProjectGrant,
    model: ProjectModel,
    source: ProjectModel,
    steps: Step[],
  ): Promise<void> {
    const repository = this.deps.repository.in(trx);
    const projectId = grant.project.id;
    const now = isoNow(this.deps.clock);
    for (const [name, component] of source.components) {
      const old = model.components.get(name);
      if (!old) {
        await repository.insertComponent({
          id: newId(),
          project_id: projectId,
          name,
          label: component.label,
          description: component.description,
          fields: component.fields,
          created_at: now,
          updated_at: now,
        });
      } else if (
        canonical(componentSettingsOf(old)) !== canonical(componentSettingsOf(component)) ||
        canonical(old.fields) !== canonical(component.fields)
      ) {
        await repository.updateComponent(old.id, {
          label: component.label,
          description: component.description,
          fields: component.fields,
          updated_at: now,
        });
        await repository.bumpRevisions(collectionsHolding(model, name).map((holder) => holder.id));
      }
    }
    const announced: {
      slug: string;
      event: 'collection.created' | 'collection.updated' | 'collection.deleted';
      payload: Collection;
    }[] = [];
    for (const [slug, collection] of source.collections) {
      const old = model.collections.get(slug);
      const payload = { ...toCollection(collection), fields: collection.fields.filter((field) => !field.hidden) };
      if (!old) {
        await repository.insertCollection(
          collectionRow(projectId, collection, { id: newId(), at: now, updatedAt: now }),
        );
        announced.push({ slug, event: 'collection.created', payload });
      } else if (
        canonical(settingsOf(old)) !== canonical(settingsOf(collection)) ||
        canonical(old.fields) !== canonical(collection.fields)
      ) {
        await repository.updateCollection(old.id, {
          name: collection.name,
          singular: collection.singular,
          description: collection.description,
          kind: collection.kind,
          display_field: collection.displayField,
          requires_approval: collection.requiresApproval ? 1 : 0,
          preview_url: collection.previewUrl,
          ...(canonical(old.fields) !== canonical(collection.fields) ? { fields: collection.fields } : {}),
          updated_at: now,
        });
        await this.deps.content.refreshSearch(trx, old, { ...old, fields: collection.fields }, grant.project);
        announced.push({ slug, event: 'collection.updated', payload });
      }
    }
    for (const [slug, collection] of model.collections) {
      if (source.collections.has(slug)) continue;
      // Only collections without live documents get here (check); their trashed ones stay with them.
      await repository.deleteCollection(collection.id, slug, now);
      announced.push({
        slug,
        event: 'collection.deleted',
        payload: { ...toCollection(collection), fields: collection.fields.filter((field) => !field.hidden) },
      });
    }
    for (const [name, component] of model.components) {
      if (!source.components.has(name)) await repository.deleteComponent(component.id);
    }
    for (const { slug, event, payload } of announced) {
      await this.deps.events.record(trx, { projectId, event, collection: slug, payload });
    }
    await this.deps.audit.recordGrant(
      trx,
      grant,
      'model.applied',
      { type: 'project', id: projectId },
      {
        changes: steps.map(
          (step) => `${step.op} ${step.collection ?? step.component}${step.field ? `.${step.field}` : ''}`,
        ),
      },
    );
  }
}
