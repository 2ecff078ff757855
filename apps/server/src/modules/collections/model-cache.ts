import type { Field } from '@plinth/contract';
import type { Trx } from '../../db/repository.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { notFound } from '../../lib/errors.js';
import type { CollectionsRepository } from './collections.repository.js';
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

  private readonly delivery: DeliveryCache;

  constructor(deps: { repository: CollectionsRepository; delivery: DeliveryCache }) {
    this.repository = deps.repository;
    this.delivery = deps.delivery;
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

  /** A collection of the project's model, with the model; a 404 when there is none by that slug. */
  async collection(projectId: string, slug: string): Promise<{ model: ProjectModel; collection: CollectionModel }> {
    const model = await this.get(projectId);
    const collection = model.collections.get(slug);
    if (!collection) throw notFound('Collection');
    return { model, collection };
  }

  /**
   * The revision a collection has in the database, read in `trx`: a write validated against
   * an older one raced a model change (see CollectionModel.revision); null once deleted.
   */
  storedRevision(trx: Trx, collectionId: string): Promise<number | null> {
    return this.repository.in(trx).revision(collectionId);
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
