import type {
  Collection,
  Component,
  CreateCollectionBody,
  CreateComponentBody,
  Field,
  UpdateCollectionBody,
  UpdateComponentBody,
} from '@plinth/contract';
import type { AppContext } from '../../context.js';
import { parseJson } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { ContentIndexes } from '../documents/content-indexes.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { CollectionsRepository } from './collections.repository.js';
import { checkValue } from './field-values.js';
import { type CollectionModel, defaultSingular, toCollection, toComponent } from './model.js';
import type { ModelCache, ProjectModel } from './model-cache.js';
import { validateCollectionModel, validateComponentModel } from './model-validation.js';

/** API tokens never see hidden fields, not even in the model. */
function forCaller(collection: Collection, grant: ProjectGrant): Collection {
  if (grant.principal.kind === 'user') return collection;
  return { ...collection, fields: collection.fields.filter((field) => !field.hidden) };
}

/** Fields whose stored values must be checked again when the model changes. */
function changedFields(before: readonly Field[], after: readonly Field[]): { changed: Field[]; relocalized: Field[] } {
  const changed: Field[] = [];
  const relocalized: Field[] = [];
  for (const field of after) {
    const old = before.find((candidate) => candidate.name === field.name);
    if (!old) {
      if (field.required && (field.default === undefined || field.default === null)) changed.push(field);
      continue;
    }
    if (Boolean(old.localized) !== Boolean(field.localized)) relocalized.push(field);
    const comparable = (f: Field) => JSON.stringify([f.type, f.options ?? {}, Boolean(f.required)]);
    if (comparable(old) !== comparable(field)) changed.push(field);
  }
  return { changed, relocalized };
}

/** The content model: collections and components, validated as a whole. */
export class CollectionsService {
  private readonly repository: CollectionsRepository;
  private readonly documents: DocumentsRepository;
  private readonly indexes: ContentIndexes;

  constructor(
    private readonly ctx: AppContext,
    private readonly models: ModelCache,
  ) {
    this.repository = new CollectionsRepository(ctx.db);
    this.documents = new DocumentsRepository(ctx.db, ctx.dialect);
    this.indexes = new ContentIndexes(ctx.db, ctx.dialect);
  }

  private now(): string {
    return this.ctx.clock().toISOString();
  }

  async list(grant: ProjectGrant): Promise<Collection[]> {
    const model = await this.models.get(grant.project.id);
    return [...model.collections.values()].map((collection) => forCaller(toCollection(collection), grant));
  }

  private async find(grant: ProjectGrant, slug: string): Promise<{ model: ProjectModel; collection: CollectionModel }> {
    const model = await this.models.get(grant.project.id);
    const collection = model.collections.get(slug);
    if (!collection) throw notFound('Collection');
    return { model, collection };
  }

  async get(grant: ProjectGrant, slug: string): Promise<Collection> {
    return forCaller(toCollection((await this.find(grant, slug)).collection), grant);
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
    const now = this.now();
    const row = {
      id: newId(),
      project_id: grant.project.id,
      slug: body.slug,
      name: body.name.trim(),
      singular: body.singular ?? defaultSingular(body.slug),
      description: body.description ?? '',
      kind: body.kind ?? 'collection',
      display_field: displayField,
      requires_approval: body.requires_approval ? 1 : 0,
      fields: body.fields,
      created_at: now,
      updated_at: now,
    };
    await this.repository.insertCollection(row);
    this.models.invalidate(grant.project.id);
    await this.indexes.ensure(body.fields, grant.project.locales);
    return this.get(grant, body.slug);
  }

  /**
   * Changes a collection without losing data: removed fields keep their stored values (and
   * version history); a change that existing documents would violate is a 409 with the count.
   */
  async update(grant: ProjectGrant, slug: string, body: UpdateCollectionBody): Promise<Collection> {
    const { model, collection } = await this.find(grant, slug);
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
    if (body.fields) await this.checkExistingDocuments(grant, model, collection, body.fields);
    await this.repository.updateCollection(collection.id, {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.singular !== undefined ? { singular: body.singular } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.requires_approval !== undefined ? { requires_approval: body.requires_approval ? 1 : 0 } : {}),
      ...(body.fields ? { fields: body.fields } : {}),
      display_field: displayField,
      updated_at: this.now(),
    });
    this.models.invalidate(grant.project.id);
    await this.indexes.ensure(fields, grant.project.locales);
    return this.get(grant, slug);
  }

  private async checkExistingDocuments(
    grant: ProjectGrant,
    model: ProjectModel,
    collection: CollectionModel,
    fields: Field[],
  ) {
    const { changed, relocalized } = changedFields(collection.fields, fields);
    if (changed.length === 0 && relocalized.length === 0) return;
    const violations = new Map<string, number>();
    let broken = 0;
    for await (const rows of this.documents.scan(collection.id)) {
      for (const row of rows) {
        let documentBroken = false;
        for (const copy of [row.data, row.published_data]) {
          if (copy === null) continue;
          const stored = parseJson<Record<string, unknown>>(copy);
          for (const field of relocalized) {
            if (stored[field.name] !== undefined) {
              violations.set(field.name, (violations.get(field.name) ?? 0) + 1);
              documentBroken = true;
            }
          }
          for (const field of changed) {
            const value = stored[field.name];
            const values =
              field.localized && typeof value === 'object' && value !== null && !Array.isArray(value)
                ? Object.values(value)
                : [value];
            const fits = values.every((item) =>
              item === undefined || item === null
                ? !field.required
                : checkValue(field, item, field.name, model.componentFields).problems.length === 0,
            );
            if (!fits) {
              violations.set(field.name, (violations.get(field.name) ?? 0) + 1);
              documentBroken = true;
            }
          }
        }
        if (documentBroken) broken += 1;
      }
    }
    if (broken > 0) {
      throw new AppError(
        'CONFLICT',
        `${broken} document${broken === 1 ? '' : 's'} would not fit the new model; change or remove ${broken === 1 ? 'it' : 'them'} first`,
        [...violations].map(([name, count]) => ({
          path: `fields.${name}`,
          message: relocalized.some((field) => field.name === name)
            ? `${count} document(s) hold values; "localized" cannot change while they do`
            : `${count} document(s) hold values that would be invalid`,
        })),
      );
    }
  }

  /** Deleting a collection with documents needs `force`; one that others reference is refused. */
  async delete(grant: ProjectGrant, slug: string, force: boolean): Promise<void> {
    const { model, collection } = await this.find(grant, slug);
    const referrers = [...model.collections.values()].filter(
      (other) =>
        other.slug !== slug &&
        other.fields.some((field) => field.type === 'reference' && field.options?.collection === slug),
    );
    if (referrers.length > 0) {
      throw conflict(
        `Collections ${referrers.map((other) => other.slug).join(', ')} refer to ${slug}; remove those fields first`,
      );
    }
    const count = await this.documents.countLive(collection.id);
    if (count > 0 && !force) {
      throw conflict(
        `${slug} has ${count} document${count === 1 ? '' : 's'}; delete with ?force=true to remove them too`,
      );
    }
    await this.repository.deleteCollection(collection.id);
    this.models.invalidate(grant.project.id);
  }

  async listComponents(grant: ProjectGrant): Promise<Component[]> {
    const model = await this.models.get(grant.project.id);
    return [...model.components.values()].map(toComponent);
  }

  async getComponent(grant: ProjectGrant, name: string): Promise<Component> {
    const component = (await this.models.get(grant.project.id)).components.get(name);
    if (!component) throw notFound('Component');
    return toComponent(component);
  }

  async createComponent(grant: ProjectGrant, body: CreateComponentBody): Promise<Component> {
    const model = await this.models.get(grant.project.id);
    if (model.components.has(body.name)) throw conflict(`A component "${body.name}" already exists`);
    const components = new Map(model.componentFields);
    components.set(body.name, body.fields);
    validateComponentModel(body.name, body.fields, { collections: new Set(model.collections.keys()), components });
    const now = this.now();
    await this.repository.insertComponent({
      id: newId(),
      project_id: grant.project.id,
      name: body.name,
      label: body.label ?? body.name,
      description: body.description ?? '',
      fields: body.fields,
      created_at: now,
      updated_at: now,
    });
    this.models.invalidate(grant.project.id);
    return this.getComponent(grant, body.name);
  }

  async updateComponent(grant: ProjectGrant, name: string, body: UpdateComponentBody): Promise<Component> {
    const model = await this.models.get(grant.project.id);
    const component = model.components.get(name);
    if (!component) throw notFound('Component');
    if (body.fields) {
      const components = new Map(model.componentFields);
      components.set(name, body.fields);
      validateComponentModel(name, body.fields, { collections: new Set(model.collections.keys()), components });
    }
    await this.repository.updateComponent(component.id, {
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.fields ? { fields: body.fields } : {}),
      updated_at: this.now(),
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
    await this.repository.deleteComponent(component.id);
    this.models.invalidate(grant.project.id);
  }
}
