import type { GraphQLSchema } from 'graphql';
import type { ProjectModel } from '../collections/model-cache.js';
import { buildSchema, type SchemaVariant } from './schema-builder.js';

/** The two schemas of one model version, each built the first time it is asked for. */
class ModelSchemas {
  private readonly built = new Map<SchemaVariant, GraphQLSchema>();

  constructor(private readonly model: ProjectModel) {}

  get(variant: SchemaVariant): GraphQLSchema {
    let schema = this.built.get(variant);
    if (!schema) {
      schema = buildSchema(this.model, variant);
      this.built.set(variant, schema);
    }
    return schema;
  }
}

/** What the schema is made of: names, kinds and fields of collections and components (not ids or times). */
function fingerprint(model: ProjectModel): string {
  const collections = [...model.collections.values()]
    .map((collection) => [
      collection.slug,
      collection.singular,
      collection.name,
      collection.description,
      collection.fields,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const components = [...model.components.values()]
    .map((component) => [component.name, component.label, component.description, component.fields])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return JSON.stringify([collections, components]);
}

const MAX_PROJECTS = 500;

/**
 * GraphQL schemas per project model version, never per request. ModelCache hands out a new
 * ProjectModel object whenever it re-reads the model (after a model change, and also after
 * content changes, which move the project's delivery version); a new object whose collections
 * and components are unchanged keeps the schemas already built.
 */
export class GraphqlSchemaCache {
  private readonly byModel = new WeakMap<ProjectModel, ModelSchemas>();
  private readonly byProject = new Map<string, { fingerprint: string; schemas: ModelSchemas }>();

  schema(projectId: string, model: ProjectModel, variant: SchemaVariant): GraphQLSchema {
    let schemas = this.byModel.get(model);
    if (!schemas) {
      const print = fingerprint(model);
      const previous = this.byProject.get(projectId);
      schemas = previous?.fingerprint === print ? previous.schemas : new ModelSchemas(model);
      this.byProject.delete(projectId);
      this.byProject.set(projectId, { fingerprint: print, schemas });
      // Map order is insertion order: the first entry is the project used least recently.
      if (this.byProject.size > MAX_PROJECTS) {
        const oldest = this.byProject.keys().next().value;
        if (oldest !== undefined) this.byProject.delete(oldest);
      }
      this.byModel.set(model, schemas);
    }
    return schemas.get(variant);
  }
}
