import type { Field } from '@plinth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { CollectionsRepository } from './collections.repository.js';
import { type CollectionModel, type ComponentModel, toCollectionModel, toComponentModel } from './model.js';

/** A project's whole content model, read once and kept until it changes. */
export interface ProjectModel {
  collections: ReadonlyMap<string, CollectionModel>;
  collectionsById: ReadonlyMap<string, CollectionModel>;
  components: ReadonlyMap<string, ComponentModel>;
  /** Component fields by name, as blocks validation needs them. */
  componentFields: ReadonlyMap<string, readonly Field[]>;
}

/**
 * Caches each project's model so that no request re-reads or re-parses it. Writers of the model
 * call `invalidate`; other instances learn of it through the delivery version (see `get`).
 */
export class ModelCache {
  private readonly repository: CollectionsRepository;
  /** Each model with the project's delivery version it was read under. */
  private readonly models = new Map<string, { version: number; model: Promise<ProjectModel> }>();

  constructor(
    db: Kysely<Database>,
    private readonly delivery: DeliveryCache,
  ) {
    this.repository = new CollectionsRepository(db);
  }

  /**
   * The project's model. It is read again when the project's delivery version moved, which is
   * also how a change made on another instance (announced through Redis) reaches this one.
   */
  get(projectId: string): Promise<ProjectModel> {
    const version = this.delivery.version(projectId);
    const cached = this.models.get(projectId);
    if (cached && cached.version === version) return cached.model;
    const model = this.load(projectId);
    this.models.set(projectId, { version, model });
    model.catch(() => this.models.delete(projectId));
    return model;
  }

  /** Drops the project's model, and the delivery answers computed with it. */
  invalidate(projectId: string): void {
    this.models.delete(projectId);
    this.delivery.invalidate(projectId);
  }

  private async load(projectId: string): Promise<ProjectModel> {
    const [collectionRows, componentRows] = await Promise.all([
      this.repository.listCollections(projectId),
      this.repository.listComponents(projectId),
    ]);
    const components = componentRows.map(toComponentModel);
    const componentFields = new Map(components.map((model) => [model.name, model.fields]));
    const collections = collectionRows.map((row) => toCollectionModel(row, componentFields));
    return {
      collections: new Map(collections.map((model) => [model.slug, model])),
      collectionsById: new Map(collections.map((model) => [model.id, model])),
      components: new Map(components.map((model) => [model.name, model])),
      componentFields,
    };
  }
}
