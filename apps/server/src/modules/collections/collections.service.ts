import type {
  Collection,
  Component,
  CreateCollectionBody,
  CreateComponentBody,
  Field,
  UpdateCollectionBody,
  UpdateComponentBody,
} from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { Transact, Trx } from '../../db/repository.js';
import type { DocumentRow } from '../../db/schema.js';
import type { ChangeEvents } from '../../lib/change-events.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { findBlocks } from './block-values.js';
import type { CollectionsRepository } from './collections.repository.js';
import { checkValue } from './field-values.js';
import {
  type CollectionModel,
  defaultSingular,
  isLocaleMap,
  toCollection,
  toCollectionModel,
  toComponent,
} from './model.js';
import type { ModelCache, ProjectModel } from './model-cache.js';
import { validateCollectionModel, validateComponentModel } from './model-validation.js';
import { checkPreviewUrl } from './preview-url.js';
import type { StoredContent } from './stored-content.js';

/** The model as a reader that never sees hidden fields (API tokens, webhook receivers) gets it. */
const withoutHidden = <T extends Collection | Component>(model: T): T => ({
  ...model,
  fields: model.fields.filter((field) => !field.hidden),
});

/** Members see the whole model; API tokens never see hidden fields, not even there (components included). */
const forCaller = <T extends Collection | Component>(model: T, grant: ProjectGrant): T =>
  grant.content.seesHidden ? model : withoutHidden(model);

/** What a model change asks of the documents already stored. */
export interface FieldCheck {
  field: Field;
  /** The field existed before (false for new fields, which may meet values kept from a removed one). */
  existed: boolean;
  /** `localized` changed on an existing field: any stored value is a conflict. */
  relocalized: boolean;
  /** Stored values must fit the new definition. */
  checkValues: boolean;
  /** The field became unique: live documents must not share a value. */
  becameUnique: boolean;
}

/** The checks a change from `before` to `after` needs; unchanged fields need none. */
export function fieldChecks(before: readonly Field[], after: readonly Field[]): FieldCheck[] {
  const checks: FieldCheck[] = [];
  const comparable = (f: Field) => JSON.stringify([f.type, f.options ?? {}, Boolean(f.required)]);
  for (const field of after) {
    const old = before.find((candidate) => candidate.name === field.name);
    const relocalized = old !== undefined && Boolean(old.localized) !== Boolean(field.localized);
    // A new field is always checked: a field removed earlier keeps its values, and they come back.
    const checkValues = old === undefined || comparable(old) !== comparable(field);
    const becameUnique = Boolean(field.unique) && !old?.unique;
    if (relocalized || checkValues || becameUnique) {
      checks.push({ field, existed: old !== undefined, relocalized, checkValues, becameUnique });
    }
  }
  return checks;
}

/** Whether one stored value (a locale map for localized fields) fits a field's definition. */
export function storedValueFits(
  check: FieldCheck,
  value: unknown,
  components: ProjectModel['componentFields'],
): boolean {
  const { field } = check;
  if (value === undefined || value === null) {
    // Documents saved before a new field existed lack it; a default covers them.
    return !field.required || (field.default !== undefined && field.default !== null);
  }
  if (field.localized && !isLocaleMap(value)) return false;
  const values = field.localized ? Object.values(value as Record<string, unknown>) : [value];
  return values.every(
    (item) =>
      item === undefined ||
      item === null ||
      checkValue(field, item, field.name, { components, hiddenWritable: true }).problems.length === 0,
  );
}

/** The keys under which a unique field's value of one document is compared with others. */
export function uniqueKeys(field: Field, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!field.localized) return [JSON.stringify(value)];
  if (!isLocaleMap(value)) return [];
  return Object.entries(value)
    .filter(([, item]) => item !== undefined && item !== null)
    .map(([locale, item]) => `${locale}:${JSON.stringify(item)}`);
}

/** A document's stored copies: the working one first, then the published snapshot. */
export const storedCopies = (row: DocumentRow): Record<string, unknown>[] =>
  [row.data, row.published_data]
    .filter((copy) => copy !== null)
    .map((copy) => parseJson<Record<string, unknown>>(copy));

/** Per field, the ids of the documents a change would break. */
const emptyViolations = (checks: readonly FieldCheck[]) =>
  new Map<string, Set<string>>(checks.map((check) => [check.field.name, new Set<string>()]));

/**
 * Which stored documents a change of fields breaks, fed one document at a time: values that no
 * longer fit, values held where `localized` changes, and live documents sharing a value of a
 * field that became unique.
 */
export class FieldBreakages {
  /** Per unique field, value key → ids of the live documents holding it. */
  private readonly holders = new Map<string, Map<string, string[]>>();
  private readonly broken: Map<string, Set<string>>;

  constructor(
    private readonly checks: readonly FieldCheck[],
    private readonly components: ProjectModel['componentFields'],
  ) {
    this.broken = emptyViolations(checks);
  }

  add(row: DocumentRow): void {
    const stored = storedCopies(row);
    for (const check of this.checks) {
      const name = check.field.name;
      const breaks = stored.some((data) =>
        check.relocalized
          ? data[name] !== undefined && data[name] !== null
          : check.checkValues && !storedValueFits(check, data[name], this.components),
      );
      if (breaks) this.broken.get(name)?.add(row.id);
      const working = stored[0];
      if (check.becameUnique && working && row.deleted_at === null) {
        const byValue = this.holders.get(name) ?? new Map<string, string[]>();
        this.holders.set(name, byValue);
        for (const key of uniqueKeys(check.field, working[name])) {
          byValue.set(key, [...(byValue.get(key) ?? []), row.id]);
        }
      }
    }
  }

  /** Whether live documents were compared for a field that became unique. */
  comparedUnique(name: string): boolean {
    return this.holders.has(name);
  }

  /** Per field, the ids of the documents that break it (those sharing a unique value included). */
  byField(): Map<string, Set<string>> {
    for (const [name, byValue] of this.holders) {
      for (const ids of byValue.values()) {
        if (ids.length > 1) for (const id of ids) this.broken.get(name)?.add(id);
      }
    }
    return this.broken;
  }
}

/** The 409 of API.md when any document would break: the count, and one detail per field. */
function throwIfBroken(
  checks: readonly FieldCheck[],
  violations: ReadonlyMap<string, ReadonlySet<string>>,
  reason: (check: FieldCheck, count: number) => string,
): void {
  const broken = new Set([...violations.values()].flatMap((ids) => [...ids])).size;
  if (broken === 0) return;
  throw new AppError(
    'CONFLICT',
    `${broken} document${broken === 1 ? '' : 's'} would not fit the new model; change or remove ${broken === 1 ? 'it' : 'them'} first`,
    checks
      .map((check) => ({ check, count: violations.get(check.field.name)?.size ?? 0 }))
      .filter(({ count }) => count > 0)
      .map(({ check, count }) => ({ path: `fields.${check.field.name}`, message: reason(check, count) })),
  );
}

/** Collections whose blocks can hold component `name`, directly or inside other components. */
export function collectionsHolding(model: ProjectModel, name: string): CollectionModel[] {
  const holders = new Set([name]);
  const holdsAny = (fields: readonly Field[]) =>
    fields.some((field) => field.type === 'blocks' && field.options?.components?.some((c) => holders.has(c)));
  for (let grown = true; grown; ) {
    grown = false;
    for (const [other, fields] of model.componentFields) {
      if (!holders.has(other) && holdsAny(fields)) {
        holders.add(other);
        grown = true;
      }
    }
  }
  return [...model.collections.values()].filter((collection) => holdsAny(collection.fields));
}

/**
 * GraphQL names come from slug and singular (API.md), so a singular may not equal its own slug
 * (400) nor another collection's slug or singular (409).
 */
export function checkNames(model: ProjectModel, slug: string, singular: string): void {
  if (singular === slug) throw fieldError('singular', 'must differ from the slug');
  for (const other of model.collections.values()) {
    if (other.slug === slug) continue;
    if (other.slug === singular || other.singular === singular || other.singular === slug) {
      throw conflict(
        `The name "${other.singular === slug ? slug : singular}" is already used by collection ${other.slug}`,
      );
    }
  }
}

/** The content model: collections and components, validated as a whole. */
export class CollectionsService {
  private readonly repository: CollectionsRepository;
  private readonly models: ModelCache;
  /** The documents stored under the model, which its changes must keep valid. */
  private readonly content: StoredContent;
  private readonly audit: AuditService;

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
  ) {
    this.repository = deps.repository;
    this.models = deps.models;
    this.content = deps.content;
    this.audit = deps.audit;
  }

  private now(): string {
    return isoNow(this.deps.clock);
  }

  /**
   * Announces a change of the model in its transaction (webhooks), with the collection as
   * written there, or as it was for `collection.deleted`. The event carries the collection's
   * own fields as API tokens see them; components play no part in it.
   */
  private async announce(
    trx: Trx,
    projectId: string,
    event: 'collection.created' | 'collection.updated' | 'collection.deleted',
    slug: string,
    deleted?: CollectionModel,
  ): Promise<void> {
    let model = deleted;
    if (!model) {
      const row = await this.repository.in(trx).findCollection(projectId, slug);
      if (!row) return;
      model = toCollectionModel(row, new Map());
    }
    await this.deps.events.record(trx, {
      projectId,
      event,
      collection: slug,
      payload: withoutHidden(toCollection(model)),
    });
  }

  /** How many collections and components the project's model has (its overview). */
  countModel(projectId: string): Promise<{ collections: number; components: number }> {
    return this.repository.countModel(projectId);
  }

  async list(grant: ProjectGrant): Promise<Collection[]> {
    const model = await this.models.get(grant.project.id);
    return [...model.collections.values()].map((collection) => forCaller(toCollection(collection), grant));
  }

  async get(grant: ProjectGrant, slug: string): Promise<Collection> {
    return forCaller(toCollection((await this.models.collection(grant.project.id, slug)).collection), grant);
  }

  async create(grant: ProjectGrant, body: CreateCollectionBody): Promise<Collection> {
    const model = await this.models.get(grant.project.id);
    if (model.collections.has(body.slug)) throw conflict(`A collection "${body.slug}" already exists`);
    const displayField =
      body.display_field ?? body.fields.find((field) => field.type === 'text' && !field.hidden)?.name ?? null;
    validateCollectionModel(
      { slug: body.slug, fields: body.fields, displayField },
      { collections: new Set([...model.collections.keys(), body.slug]), components: model.componentFields },
    );
    const singular = body.singular ?? defaultSingular(body.slug);
    checkNames(model, body.slug, singular);
    if (body.preview_url) checkPreviewUrl(body.preview_url, body.fields);
    const now = this.now();
    const row = {
      id: newId(),
      project_id: grant.project.id,
      slug: body.slug,
      name: body.name.trim(),
      singular,
      description: body.description ?? '',
      kind: body.kind ?? 'collection',
      display_field: displayField,
      requires_approval: body.requires_approval ? 1 : 0,
      preview_url: body.preview_url ?? null,
      fields: body.fields,
      model_revision: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).insertCollection(row);
      await this.announce(trx, row.project_id, 'collection.created', row.slug);
      await this.audit.recordGrant(trx, grant, 'collection.created', { type: 'collection', id: body.slug });
    });
    this.models.invalidate(grant.project.id);
    await this.content.ensureIndexes(body.fields, grant.project);
    return this.get(grant, body.slug);
  }

  /**
   * Changes a collection without losing data: removed fields keep their stored values (and
   * version history); a change that existing documents would violate is a 409 with the count.
   */
  async update(grant: ProjectGrant, slug: string, body: UpdateCollectionBody): Promise<Collection> {
    const { model, collection } = await this.models.collection(grant.project.id, slug);
    const fields = body.fields ?? collection.fields;
    const displayField =
      body.display_field !== undefined
        ? body.display_field
        : collection.displayField && fields.some((field) => field.name === collection.displayField)
          ? collection.displayField
          : null;
    validateCollectionModel(
      { slug, fields, displayField },
      { collections: new Set(model.collections.keys()), components: model.componentFields },
    );
    if (body.singular !== undefined) checkNames(model, slug, body.singular);
    const previewUrl = body.preview_url !== undefined ? body.preview_url : collection.previewUrl;
    // A field change can orphan the template's placeholders, so it is checked against the new fields.
    if (previewUrl) checkPreviewUrl(previewUrl, fields);
    await this.deps.transaction(async (trx) => {
      if (body.fields) {
        // Checked in the transaction that changes the model, under the collection's writer lock.
        await this.content.lockCollections(trx, [collection.id]);
        await this.checkExistingDocuments(trx, model, collection, body.fields);
        await this.content.refreshSearch(trx, collection, { ...collection, fields: body.fields }, grant.project);
      }
      await this.repository.in(trx).updateCollection(collection.id, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.singular !== undefined ? { singular: body.singular } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.requires_approval !== undefined ? { requires_approval: body.requires_approval ? 1 : 0 } : {}),
        ...(body.preview_url !== undefined ? { preview_url: body.preview_url } : {}),
        ...(body.fields ? { fields: body.fields } : {}),
        display_field: displayField,
        updated_at: this.now(),
      });
      await this.announce(trx, grant.project.id, 'collection.updated', slug);
      await this.audit.recordGrant(
        trx,
        grant,
        'collection.updated',
        { type: 'collection', id: slug },
        { changes: Object.keys(body) },
      );
    });
    this.models.invalidate(grant.project.id);
    await this.content.ensureIndexes(fields, grant.project);
    return this.get(grant, slug);
  }

  private async checkExistingDocuments(
    trx: Trx,
    model: ProjectModel,
    collection: CollectionModel,
    fields: Field[],
  ): Promise<void> {
    const checks = fieldChecks(collection.fields, fields);
    if (checks.length === 0) return;
    const breakages = new FieldBreakages(checks, model.componentFields);
    for await (const rows of this.content.scan(trx, collection.id)) {
      for (const row of rows) breakages.add(row);
    }
    throwIfBroken(checks, breakages.byField(), (check, count) => {
      if (check.relocalized) return `${count} document(s) hold values; "localized" cannot change while they do`;
      if (check.becameUnique && breakages.comparedUnique(check.field.name) && !check.checkValues)
        return `${count} document(s) share a value, so it cannot become unique`;
      return `${count} document(s) hold values that would be invalid`;
    });
  }

  /**
   * The same check for a component: its instances, in every collection whose blocks hold it
   * (directly or through other components), must fit its new fields. Returns those collections.
   */
  private async checkComponentInstances(
    trx: Trx,
    model: ProjectModel,
    name: string,
    before: readonly Field[],
    after: Field[],
  ): Promise<CollectionModel[]> {
    const users = collectionsHolding(model, name);
    await this.content.lockCollections(
      trx,
      users.map((collection) => collection.id),
    );
    const checks = fieldChecks(before, after).filter((check) => check.checkValues);
    if (checks.length === 0) return users;
    const components = new Map(model.componentFields);
    components.set(name, after);
    const violations = emptyViolations(checks);
    for (const collection of users) {
      const blocksFields = collection.fields.filter((field) => field.type === 'blocks');
      for await (const rows of this.content.scan(trx, collection.id)) {
        for (const row of rows) {
          // Stored instances are walked with the model they were written under.
          const instances = storedCopies(row).flatMap((data) =>
            blocksFields.flatMap((field) =>
              (field.localized && isLocaleMap(data[field.name])
                ? Object.values(data[field.name] as Record<string, unknown>)
                : [data[field.name]]
              ).flatMap((blocks) => findBlocks(blocks, model.componentFields, name)),
            ),
          );
          for (const check of checks) {
            if (instances.some((instance) => !storedValueFits(check, instance[check.field.name], components))) {
              violations.get(check.field.name)?.add(row.id);
            }
          }
        }
      }
    }
    throwIfBroken(checks, violations, (_check, count) => `${count} document(s) hold values that would be invalid`);
    return users;
  }

  /**
   * Deleting a collection with documents needs `force`; one that others reference is refused.
   * Nothing is erased (DESIGN.md): the collection leaves the model and its documents go to trash,
   * versions kept.
   */
  async delete(grant: ProjectGrant, slug: string, force: boolean): Promise<void> {
    const { model, collection } = await this.models.collection(grant.project.id, slug);
    const refersHere = (fields: readonly Field[]) =>
      fields.some((field) => field.type === 'reference' && field.options?.collection === slug);
    // Components hold references too: a dangling one would break every blocks value using it.
    const referrers = [
      ...[...model.collections.values()]
        .filter((other) => other.slug !== slug && refersHere(other.fields))
        .map((other) => `collection ${other.slug}`),
      ...[...model.components.values()]
        .filter((component) => refersHere(component.fields))
        .map((component) => `component ${component.name}`),
    ];
    if (referrers.length > 0) {
      throw conflict(`${referrers.join(', ')} refer to ${slug}; remove those fields first`);
    }
    const count = await this.content.countLive(collection.id);
    if (count > 0 && !force) {
      throw conflict(
        `${slug} has ${count} document${count === 1 ? '' : 's'}; delete with ?force=true to remove them too`,
      );
    }
    await this.deps.transaction(async (trx) => {
      const now = this.now();
      await this.content.lockCollections(trx, [collection.id]);
      await this.announce(trx, grant.project.id, 'collection.deleted', slug, collection);
      const trashed = await this.content.trashCollection(trx, collection.id, now);
      await this.repository.in(trx).deleteCollection(collection.id, slug, now);
      await this.audit.recordGrant(
        trx,
        grant,
        'collection.deleted',
        { type: 'collection', id: slug },
        { collection_id: collection.id, documents_trashed: trashed },
      );
    });
    this.models.invalidate(grant.project.id);
  }

  /**
   * Brings a deleted collection back under its slug, with the documents its deletion trashed.
   * Refused (409) while another collection holds the slug, or when its model no longer fits the
   * project (a collection or component it uses is gone).
   */
  async restore(grant: ProjectGrant, slug: string): Promise<Collection> {
    const model = await this.models.get(grant.project.id);
    const row = await this.repository.findDeletedCollection(grant.project.id, slug);
    if (!row) throw notFound('Deleted collection');
    if (model.collections.has(slug)) throw conflict(`A collection "${slug}" exists; delete or rename it first`);
    const deleted = toCollectionModel(row, model.componentFields);
    try {
      validateCollectionModel(
        { slug, fields: deleted.fields, displayField: deleted.displayField },
        { collections: new Set([...model.collections.keys(), slug]), components: model.componentFields },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError('CONFLICT', `${slug} cannot come back as it was: ${error.message}`, error.details);
    }
    checkNames(model, slug, deleted.singular);
    await this.deps.transaction(async (trx) => {
      await this.content.lockCollections(trx, [row.id]);
      await this.repository.in(trx).restoreCollection(row.id, slug, this.now());
      const restored = row.deleted_at ? await this.content.restoreCollection(trx, row.id, row.deleted_at) : 0;
      await this.announce(trx, grant.project.id, 'collection.created', slug);
      await this.audit.recordGrant(
        trx,
        grant,
        'collection.restored',
        { type: 'collection', id: slug },
        { collection_id: row.id, documents_restored: restored },
      );
    });
    this.models.invalidate(grant.project.id);
    await this.content.ensureIndexes(deleted.fields, grant.project);
    return this.get(grant, slug);
  }

  async listComponents(grant: ProjectGrant): Promise<Component[]> {
    const model = await this.models.get(grant.project.id);
    return [...model.components.values()].map((component) => forCaller(toComponent(component), grant));
  }

  async getComponent(grant: ProjectGrant, name: string): Promise<Component> {
    const component = (await this.models.get(grant.project.id)).components.get(name);
    if (!component) throw notFound('Component');
    return forCaller(toComponent(component), grant);
  }

  async createComponent(grant: ProjectGrant, body: CreateComponentBody): Promise<Component> {
    const model = await this.models.get(grant.project.id);
    if (model.components.has(body.name)) throw conflict(`A component "${body.name}" already exists`);
    const components = new Map(model.componentFields);
    components.set(body.name, body.fields);
    validateComponentModel(body.name, body.fields, { collections: new Set(model.collections.keys()), components });
    const now = this.now();
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).insertComponent({
        id: newId(),
        project_id: grant.project.id,
        name: body.name,
        label: body.label ?? body.name,
        description: body.description ?? '',
        fields: body.fields,
        created_at: now,
        updated_at: now,
      });
      await this.audit.recordGrant(trx, grant, 'component.created', { type: 'component', id: body.name });
    });
    this.models.invalidate(grant.project.id);
    return this.getComponent(grant, body.name);
  }

  async updateComponent(grant: ProjectGrant, name: string, body: UpdateComponentBody): Promise<Component> {
    const model = await this.models.get(grant.project.id);
    const component = model.components.get(name);
    if (!component) throw notFound('Component');
    const fields = body.fields;
    if (fields) {
      const components = new Map(model.componentFields);
      components.set(name, fields);
      validateComponentModel(name, fields, { collections: new Set(model.collections.keys()), components });
    }
    await this.deps.transaction(async (trx) => {
      const repository = this.repository.in(trx);
      if (fields) {
        const users = await this.checkComponentInstances(trx, model, name, component.fields, fields);
        await repository.bumpRevisions(users.map((collection) => collection.id));
      }
      await repository.updateComponent(component.id, {
        ...(body.label !== undefined ? { label: body.label } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(fields ? { fields } : {}),
        updated_at: this.now(),
      });
      await this.audit.recordGrant(
        trx,
        grant,
        'component.updated',
        { type: 'component', id: name },
        { changes: Object.keys(body) },
      );
    });
    this.models.invalidate(grant.project.id);
    return this.getComponent(grant, name);
  }

  /** A component still used by a blocks field is refused. */
  async deleteComponent(grant: ProjectGrant, name: string): Promise<void> {
    const model = await this.models.get(grant.project.id);
    const component = model.components.get(name);
    if (!component) throw notFound('Component');
    const uses = (fields: readonly Field[]) =>
      fields.some((field) => field.type === 'blocks' && field.options?.components?.includes(name));
    const users = [
      ...[...model.collections.values()]
        .filter((collection) => uses(collection.fields))
        .map((collection) => collection.slug),
      ...[...model.components.values()]
        .filter((other) => other.name !== name && uses(other.fields))
        .map((other) => other.name),
    ];
    if (users.length > 0) throw conflict(`Component ${name} is used by ${users.join(', ')}; remove it there first`);
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).deleteComponent(component.id);
      await this.audit.recordGrant(trx, grant, 'component.deleted', { type: 'component', id: name });
    });
    this.models.invalidate(grant.project.id);
  }
}
