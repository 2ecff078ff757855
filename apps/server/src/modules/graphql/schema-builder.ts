import type { Field } from '@plinth/contract';
import {
  GraphQLBoolean,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  GraphQLFloat,
  GraphQLID,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
} from 'graphql';
import { AppError, fieldError } from '../../lib/errors.js';
import { DEFAULT_LIMIT } from '../../lib/pagination.js';
import type { CollectionModel } from '../collections/model.js';
import type { ProjectModel } from '../collections/model-cache.js';
import type { ReadStatus } from '../projects/content-policy.js';
import type { ProjectGrant } from '../projects/project-access.js';
import {
  type BlockNode,
  type DocumentNode,
  documentNode,
  type GraphqlContext,
  type ValuesNode,
} from './graphql-context.js';
import { documentFilters, WHERE } from './graphql-filters.js';
import { camelCase, NameRegistry, pascalCase } from './names.js';
import {
  AssetType,
  BooleanFilter,
  DocumentStatusEnum,
  ExistsFilter,
  FloatFilter,
  IdFilter,
  IntFilter,
  idOperatorFields,
  JsonScalar,
  ReadStatusEnum,
  StringFilter,
  VisitorInput,
  visitorQuery,
} from './shared-types.js';

/** The most documents one list field returns (REST's `limit` maximum). */
export const MAX_LIST_LIMIT = 100;

/** Which schema: members see hidden fields, API tokens never do (API.md). */
export type SchemaVariant = 'members' | 'tokens';

type Args = Record<string, unknown>;
type Resolver = NonNullable<GraphQLFieldConfig<ValuesNode, GraphqlContext>['resolve']>;

const nonNull = <T extends GraphQLOutputType | GraphQLInputType>(type: T) => new GraphQLNonNull(type);
const listOf = <T extends GraphQLOutputType | GraphQLInputType>(type: T) => new GraphQLList(new GraphQLNonNull(type));

const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((id): id is string => typeof id === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The `locales` argument of publish and unpublish, as their REST body. */
const localesOf = (value: unknown): { locales?: string[] } =>
  Array.isArray(value) ? { locales: value.filter((locale): locale is string => typeof locale === 'string') } : {};

/** GraphQL reads one locale at a time: `*` (locale maps) has no typed shape, so it stays REST-only. */
function checkedLocale(value: unknown): string | undefined {
  const locale = optionalString(value);
  if (locale === '*') throw fieldError('locale', 'must be one of the project\'s locales ("*" is for REST only)');
  return locale;
}

/**
 * A document id argument, held to REST's rule for ids in paths (1–64 characters, no NUL, which
 * PostgreSQL refuses in a parameter): anything else is no document's id.
 */
function documentId(value: unknown): string {
  const id = String(value);
  if (id.length === 0 || id.length > 64 || id.includes('\u0000')) throw fieldError('id', 'is not a document id');
  return id;
}

function checkedPaging(args: Args): { limit: number; offset: number } {
  const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
  const offset = typeof args.offset === 'number' ? args.offset : 0;
  if (limit < 0 || limit > MAX_LIST_LIMIT) throw fieldError('limit', `must be between 0 and ${MAX_LIST_LIMIT}`);
  if (offset < 0) throw fieldError('offset', 'must not be negative');
  return { limit, offset };
}

/** The `status` argument of a read, as the document operations take it. */
const readStatus = (value: unknown): ReadStatus => (typeof value === 'string' ? (value as ReadStatus) : undefined);

/** Whether a read with this `status` returns published snapshots (the caller's content policy decides). */
const readsPublished = (grant: ProjectGrant, status: unknown) =>
  grant.content.copyFor(readStatus(status)).copy === 'published';

/**
 * Builds the GraphQL schema of a project's model (API.md, GraphQL). Every resolver calls the
 * document operations, as the REST routes do, with the grant of the REST route's action.
 * @example const schema = buildSchema(model, 'tokens');
 */
export function buildSchema(model: ProjectModel, variant: SchemaVariant): GraphQLSchema {
  return new SchemaBuilder(model, variant).build();
}

class SchemaBuilder {
  private readonly names = new NameRegistry();
  private readonly includeHidden: boolean;
  private readonly collections: CollectionModel[];
  private readonly typeNames = new Map<string, string>();
  private readonly objectTypes = new Map<string, GraphQLObjectType<DocumentNode, GraphqlContext>>();
  private readonly componentTypes = new Map<string, GraphQLObjectType<BlockNode, GraphqlContext>>();
  private readonly fieldFilters = new Map<string, GraphQLInputObjectType>();
  private readonly referenceFilters = new Map<string, GraphQLInputObjectType>();

  constructor(
    private readonly model: ProjectModel,
    variant: SchemaVariant,
  ) {
    this.includeHidden = variant === 'members';
    this.collections = [...model.collections.values()].sort((a, b) => a.slug.localeCompare(b.slug));
  }

  private visible(fields: readonly Field[]): Field[] {
    return fields.filter((field) => this.includeHidden || !field.hidden);
  }

  build(): GraphQLSchema {
    for (const collection of this.collections) {
      this.typeNames.set(collection.slug, this.names.claim(pascalCase(collection.singular), 'Document'));
    }
    for (const name of [...this.model.components.keys()].sort()) {
      this.componentTypes.set(name, this.componentType(name));
    }
    for (const collection of this.collections) this.objectTypes.set(collection.slug, this.objectType(collection));

    const queryFields: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
    const mutationFields: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
    const rootNames = new NameRegistry();
    const mutationNames = new NameRegistry();
    for (const collection of this.collections) {
      const single = rootNames.claim(camelCase(collection.singular));
      const list = rootNames.claim(camelCase(collection.slug), 'List');
      queryFields[list] = this.listField(collection);
      queryFields[single] = this.singleField(collection);
      const pascal = pascalCase(collection.singular);
      for (const [verb, config] of Object.entries(this.mutations(collection))) {
        mutationFields[mutationNames.claim(`${verb}${pascal}`)] = config;
      }
    }
    if (Object.keys(queryFields).length === 0) {
      // A schema needs a query field; a project without collections has nothing else to offer.
      queryFields._empty = { type: GraphQLBoolean, description: 'The project has no collections yet.' };
    }
    return new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: queryFields }),
      ...(Object.keys(mutationFields).length > 0
        ? { mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutationFields }) }
        : {}),
    });
  }

  private typeName(slug: string): string {
    return this.typeNames.get(slug) ?? pascalCase(slug);
  }

  private objectFor(slug: string): GraphQLObjectType<DocumentNode, GraphqlContext> {
    const type = this.objectTypes.get(slug);
    if (!type) throw new Error(`No GraphQL type for collection ${slug}`);
    return type;
  }

  // ---- Output types ----

  private objectType(collection: CollectionModel): GraphQLObjectType<DocumentNode, GraphqlContext> {
    const doc =
      <K extends keyof DocumentNode['document']>(key: K) =>
      (node: DocumentNode) =>
        node.document[key];
    return new GraphQLObjectType<DocumentNode, GraphqlContext>({
      name: this.typeName(collection.slug),
      description: collection.description || `A document of ${collection.name}.`,
      fields: () => ({
        id: { type: nonNull(GraphQLID), resolve: doc('id') },
        status: { type: nonNull(DocumentStatusEnum), resolve: doc('status') },
        locale: { type: nonNull(GraphQLString), resolve: doc('locale') },
        version: { type: nonNull(GraphQLInt), resolve: doc('version') },
        workflow_stage: { type: GraphQLString, resolve: doc('workflow_stage') },
        created_at: { type: nonNull(GraphQLString), resolve: doc('created_at') },
        updated_at: { type: nonNull(GraphQLString), resolve: doc('updated_at') },
        published_at: { type: GraphQLString, resolve: doc('published_at') },
        publish_at: { type: GraphQLString, resolve: doc('publish_at') },
        unpublish_at: { type: GraphQLString, resolve: doc('unpublish_at') },
        publish_locales: {
          type: listOf(GraphQLString),
          description: 'The locales the scheduled publish concerns; null for every locale.',
          resolve: doc('publish_locales'),
        },
        unpublish_locales: {
          type: listOf(GraphQLString),
          description: 'The locales the scheduled unpublish concerns; null for every locale.',
          resolve: doc('unpublish_locales'),
        },
        locale_status: {
          type: nonNull(JsonScalar),
          description:
            'An object from each project locale to its state: `draft` (not published in it), `published`, or `changed` (published, with newer edits).',
          resolve: doc('locale_status'),
        },
        created_by: { type: GraphQLID, resolve: doc('created_by') },
        updated_by: { type: GraphQLID, resolve: doc('updated_by') },
        ...this.valueFields(collection.fields, this.typeName(collection.slug)),
      }),
    });
  }

  private componentType(name: string): GraphQLObjectType<BlockNode, GraphqlContext> {
    const component = this.model.components.get(name);
    const typeName = this.names.claim(`${pascalCase(name)}Component`);
    return new GraphQLObjectType<BlockNode, GraphqlContext>({
      name: typeName,
      description: component?.description || `A ${component?.label ?? name} block.`,
      fields: () => ({
        _component: { type: nonNull(GraphQLString), resolve: (node) => node.component },
        _key: { type: GraphQLString, resolve: (node) => optionalString(node.values._key) ?? null },
        ...this.valueFields(component?.fields ?? [], typeName),
      }),
    });
  }

  private valueFields(fields: readonly Field[], ownerName: string): GraphQLFieldConfigMap<ValuesNode, GraphqlContext> {
    const config: GraphQLFieldConfigMap<ValuesNode, GraphqlContext> = {};
    for (const field of this.visible(fields)) {
      config[field.name] = {
        ...this.valueField(field, ownerName),
        ...((field.label ?? field.help) ? { description: [field.label, field.help].filter(Boolean).join(': ') } : {}),
      };
    }
    return config;
  }

  private valueField(field: Field, ownerName: string): { type: GraphQLOutputType; resolve: Resolver } {
    const multiple = field.options?.multiple === true;
    const value = (node: ValuesNode) => node.values[field.name] ?? null;
    switch (field.type) {
      case 'number':
        return { type: GraphQLFloat, resolve: value };
      case 'integer':
        return { type: GraphQLInt, resolve: value };
      case 'boolean':
        return { type: GraphQLBoolean, resolve: value };
      case 'json':
        return { type: JsonScalar, resolve: value };
      case 'select':
        return { type: multiple ? listOf(GraphQLString) : GraphQLString, resolve: value };
      case 'media':
        return this.mediaField(field, multiple);
      case 'reference':
        return this.referenceField(field, multiple);
      case 'blocks':
        return this.blocksField(field, ownerName);
      default:
        return { type: GraphQLString, resolve: value };
    }
  }

  /** Media as REST populates it: assets deleted since are null, or drop out of a list. */
  private mediaField(field: Field, multiple: boolean): { type: GraphQLOutputType; resolve: Resolver } {
    if (multiple) {
      return {
        type: listOf(AssetType),
        resolve: async (node, _args, ctx) => {
          const value = node.values[field.name];
          if (!Array.isArray(value)) return null;
          const found = await Promise.all(idsOf(value).map((id) => ctx.assets.load(id, node.read)));
          return found.filter((asset) => asset !== null);
        },
      };
    }
    return {
      type: AssetType,
      resolve: (node, _args, ctx) => {
        const id = node.values[field.name];
        return typeof id === 'string' ? ctx.assets.load(id, node.read) : null;
      },
    };
  }

  private referenceField(field: Field, multiple: boolean): { type: GraphQLOutputType; resolve: Resolver } {
    const target = field.options?.collection ?? '';
    const value = (node: ValuesNode) => node.values[field.name] ?? null;
    if (!this.model.collections.has(target)) {
      // The collection is gone: the stored ids are all there is.
      return { type: multiple ? listOf(GraphQLID) : GraphQLID, resolve: value };
    }
    if (multiple) {
      return {
        type: listOf(this.objectFor(target)),
        resolve: async (node, _args, ctx) => {
          const value = node.values[field.name];
          if (!Array.isArray(value)) return null;
          const found = await Promise.all(idsOf(value).map((id) => ctx.references.load(target, id, node.read)));
          // As REST's populate: references the reader cannot see drop out of the list.
          return found.filter((document) => document !== null);
        },
      };
    }
    return {
      type: this.objectFor(target),
      resolve: (node, _args, ctx) => {
        const id = node.values[field.name];
        return typeof id === 'string' ? ctx.references.load(target, id, node.read) : null;
      },
    };
  }

  private blocksField(field: Field, ownerName: string): { type: GraphQLOutputType; resolve: Resolver } {
    const members = (field.options?.components ?? []).flatMap((name) => {
      const type = this.componentTypes.get(name);
      return type ? [{ name, type }] : [];
    });
    if (members.length === 0) return { type: listOf(JsonScalar), resolve: (node) => node.values[field.name] ?? null };
    const byName = new Map(members.map((member) => [member.name, member.type]));
    const union = new GraphQLUnionType({
      name: this.names.claim(`${ownerName}${pascalCase(field.name)}Block`),
      description: `A block of ${ownerName}.${field.name}: one of its components.`,
      types: members.map((member) => member.type),
      resolveType: (node: BlockNode) => byName.get(node.component)?.name,
    });
    return {
      type: listOf(union),
      resolve: (node) => {
        const blocks = node.values[field.name];
        if (!Array.isArray(blocks)) return null;
        // Blocks of a component that was removed from the field have no type to show them with.
        return blocks.flatMap((block: unknown) => {
          if (typeof block !== 'object' || block === null) return [];
          const values = block as Record<string, unknown>;
          const component = optionalString(values._component);
          return component && byName.has(component) ? [{ values, read: node.read, component }] : [];
        });
      },
    };
  }

  // ---- Filters and inputs ----

  private scalarFilter(field: Field): GraphQLInputObjectType {
    switch (field.type) {
      case 'number':
        return FloatFilter;
      case 'integer':
        return IntFilter;
      case 'boolean':
        return BooleanFilter;
      case 'json':
      case 'blocks':
        return ExistsFilter;
      case 'reference':
      case 'media':
        return IdFilter;
      default:
        return StringFilter;
    }
  }

  private systemFilters(): GraphQLInputFieldConfigMap {
    return {
      id: { type: IdFilter },
      created_at: { type: StringFilter },
      updated_at: { type: StringFilter },
      published_at: { type: StringFilter },
    };
  }

  /** Conditions on a referenced collection's own values (one reference deep, as REST). */
  private fieldFilter(slug: string): GraphQLInputObjectType {
    let type = this.fieldFilters.get(slug);
    if (!type) {
      const collection = this.model.collections.get(slug);
      type = new GraphQLInputObjectType({
        name: this.names.claim(`${this.typeName(slug)}FieldFilter`),
        description: `Conditions on a referenced ${this.typeName(slug)}.`,
        fields: () => {
          const fields = this.systemFilters();
          // Nobody filters on hidden fields (API.md), members included.
          for (const field of (collection?.fields ?? []).filter((candidate) => !candidate.hidden)) {
            fields[field.name] = { type: this.scalarFilter(field) };
          }
          return fields;
        },
      });
      this.fieldFilters.set(slug, type);
    }
    return type;
  }

  private referenceFilter(slug: string): GraphQLInputObjectType {
    let type = this.referenceFilters.get(slug);
    if (!type) {
      type = new GraphQLInputObjectType({
        name: this.names.claim(`${this.typeName(slug)}ReferenceFilter`),
        description: `Conditions on a reference to ${this.typeName(slug)}: on its id, or with \`${WHERE}\` on its fields.`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const [name, operator] of Object.entries(idOperatorFields())) fields[name] = { type: operator.type };
          fields[WHERE] = { type: this.fieldFilter(slug) };
          return fields;
        },
      });
      this.referenceFilters.set(slug, type);
    }
    return type;
  }

  private filterType(collection: CollectionModel): GraphQLInputObjectType {
    return new GraphQLInputObjectType({
      name: this.names.claim(`${this.typeName(collection.slug)}Filter`),
      description: `Conditions on ${collection.name}; all must hold (REST \`filter[field][op]\`).`,
      fields: () => {
        const fields = this.systemFilters();
        for (const field of collection.fields.filter((candidate) => !candidate.hidden)) {
          const target = field.options?.collection;
          fields[field.name] = {
            type:
              field.type === 'reference' && target && this.model.collections.has(target)
                ? this.referenceFilter(target)
                : this.scalarFilter(field),
          };
        }
        return fields;
      },
    });
  }

  private inputType(field: Field): GraphQLInputType {
    const multiple = field.options?.multiple === true;
    switch (field.type) {
      case 'number':
        return GraphQLFloat;
      case 'integer':
        return GraphQLInt;
      case 'boolean':
        return GraphQLBoolean;
      case 'json':
        return JsonScalar;
      case 'blocks':
        return listOf(JsonScalar);
      case 'media':
      case 'reference':
        return multiple ? listOf(GraphQLID) : GraphQLID;
      case 'select':
        return multiple ? listOf(GraphQLString) : GraphQLString;
      default:
        return GraphQLString;
    }
  }

  /** The values of a write: every field optional (partial updates); null clears a value. */
  private dataInput(collection: CollectionModel): GraphQLInputType {
    const fields = this.visible(collection.fields);
    if (fields.length === 0) return JsonScalar;
    return new GraphQLInputObjectType({
      name: this.names.claim(`${this.typeName(collection.slug)}Input`),
      description: `Values of ${collection.name}, in the locale of the write; omitted fields keep their value, null clears one.`,
      fields: Object.fromEntries(fields.map((field) => [field.name, { type: this.inputType(field) }])),
    });
  }

  // ---- Root fields ----

  private listField(collection: CollectionModel): GraphQLFieldConfig<unknown, GraphqlContext> {
    const item = this.objectFor(collection.slug);
    const listType = new GraphQLObjectType({
      name: this.names.claim(`${item.name}List`),
      fields: {
        items: { type: nonNull(listOf(item)) },
        total: { type: nonNull(GraphQLInt), description: 'Documents matching, over every page.' },
      },
    });
    const slug = collection.slug;
    return {
      type: nonNull(listType),
      description: `Lists ${collection.name} with the filter, sort, paging and locale rules of REST.`,
      args: {
        filter: { type: this.filterType(collection) },
        sort: { type: listOf(GraphQLString), description: 'Field names; a leading `-` sorts descending.' },
        limit: { type: GraphQLInt, description: `At most ${MAX_LIST_LIMIT}; ${DEFAULT_LIMIT} by default.` },
        offset: { type: GraphQLInt, description: 'Documents to skip.' },
        locale: { type: GraphQLString, description: "A project locale; the project's default by default." },
        status: { type: ReadStatusEnum },
        search: { type: GraphQLString, description: 'Full-text search in the chosen locale (REST `q`).' },
        ...PERSONALIZATION_ARGS,
      },
      resolve: async (_root, args: Args, ctx) => {
        const grant = await ctx.authorize('content.read');
        const { limit, offset } = checkedPaging(args);
        const locale = checkedLocale(args.locale);
        const sort = Array.isArray(args.sort) ? (args.sort as string[]) : [];
        const status = readStatus(args.status);
        const audiences = await audiencesOf(ctx, grant, args);
        const { data, meta } = await ctx.documents.reads.list(grant, slug, {
          ...(audiences ? { audiences } : {}),
          filter: documentFilters(args.filter),
          sort: sort.map((name) =>
            name.startsWith('-') ? { field: name.slice(1), descending: true } : { field: name, descending: false },
          ),
          // A page of 0 still counts the documents matching.
          limit: Math.max(limit, 1),
          offset,
          ...(locale !== undefined ? { locale } : {}),
          ...(status !== undefined ? { status } : {}),
          ...(typeof args.search === 'string' ? { search: args.search } : {}),
        });
        const published = readsPublished(grant, args.status);
        return {
          items: data.slice(0, limit).map((document) => documentNode(document, published)),
          total: meta.total,
        };
      },
    };
  }

  private singleField(collection: CollectionModel): GraphQLFieldConfig<unknown, GraphqlContext> {
    const slug = collection.slug;
    return {
      type: this.objectFor(slug),
      description: `One document of ${collection.name}, or null when it does not exist or the caller cannot see it.`,
      args: {
        id: { type: nonNull(GraphQLID) },
        locale: { type: GraphQLString },
        status: { type: ReadStatusEnum },
        ...PERSONALIZATION_ARGS,
      },
      resolve: async (_root, args: Args, ctx) => {
        const grant = await ctx.authorize('content.read');
        const locale = checkedLocale(args.locale);
        const status = readStatus(args.status);
        try {
          const audiences = await audiencesOf(ctx, grant, args);
          const document = await ctx.documents.reads.find(grant, slug, documentId(args.id), {
            ...(audiences ? { audiences } : {}),
            ...(locale !== undefined ? { locale } : {}),
            ...(status !== undefined ? { status } : {}),
          });
          return documentNode(document, readsPublished(grant, args.status));
        } catch (error) {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
          throw error;
        }
      },
    };
  }

  private mutations(collection: CollectionModel): Record<string, GraphQLFieldConfig<unknown, GraphqlContext>> {
    const slug = collection.slug;
    const item = nonNull(this.objectFor(slug));
    const data = nonNull(this.dataInput(collection));
    const working = (document: DocumentNode['document']) => documentNode(document, false);
    const dataOf = (value: unknown) => (value ?? {}) as Record<string, unknown>;
    return {
      create: {
        type: item,
        description: `Creates a draft ${this.typeName(slug)} (needs the content:write scope, or a writer's role).`,
        args: { data: { type: data }, locale: { type: GraphQLString } },
        resolve: async (_root, args: Args, ctx) => {
          const grant = await ctx.authorize('content.create');
          const locale = optionalString(args.locale);
          return working(
            await ctx.documents.writes.create(grant, slug, { data: dataOf(args.data), ...(locale ? { locale } : {}) }),
          );
        },
      },
      update: {
        type: item,
        description: 'Changes the working copy; a stale `version` is a CONFLICT.',
        args: {
          id: { type: nonNull(GraphQLID) },
          data: { type: data },
          locale: { type: GraphQLString },
          version: { type: GraphQLInt },
        },
        resolve: async (_root, args: Args, ctx) => {
          const grant = await ctx.authorize('content.update_own');
          const locale = optionalString(args.locale);
          return working(
            await ctx.documents.writes.update(grant, slug, documentId(args.id), {
              data: dataOf(args.data),
              ...(locale ? { locale } : {}),
              ...(typeof args.version === 'number' ? { version: args.version } : {}),
            }),
          );
        },
      },
      delete: {
        type: nonNull(GraphQLBoolean),
        description: 'Moves the document to the trash.',
        args: { id: { type: nonNull(GraphQLID) } },
        resolve: async (_root, args: Args, ctx) => {
          const grant = await ctx.authorize('content.update_own');
          await ctx.documents.writes.remove(grant, slug, documentId(args.id));
          return true;
        },
      },
      publish: {
        type: item,
        description:
          "Publishes every locale, or only `locales` (the other locales' published values stay as they were).",
        args: { id: { type: nonNull(GraphQLID) }, locales: { type: listOf(GraphQLString) } },
        resolve: async (_root, args: Args, ctx) =>
          working(
            await ctx.documents.lifecycle.publish(
              await ctx.authorize('content.publish'),
              slug,
              documentId(args.id),
              localesOf(args.locales),
            ),
          ),
      },
      unpublish: {
        type: item,
        description:
          'Unpublishes every locale, or only `locales`; unpublishing the default locale unpublishes the document.',
        args: { id: { type: nonNull(GraphQLID) }, locales: { type: listOf(GraphQLString) } },
        resolve: async (_root, args: Args, ctx) =>
          working(
            await ctx.documents.lifecycle.unpublish(
              await ctx.authorize('content.publish'),
              slug,
              documentId(args.id),
              localesOf(args.locales),
            ),
          ),
      },
    };
  }
}

/** What picks a variant in a read: the REST `audience` and `visitor[…]` as arguments. */
const PERSONALIZATION_ARGS = {
  audience: { type: GraphQLString, description: "An audience's key: its variant, where the document has one." },
  visitor: { type: VisitorInput },
};

/** The audiences a read tries, in order (null: not personalized), as REST resolves them. */
function audiencesOf(ctx: GraphqlContext, grant: ProjectGrant, args: Args): Promise<string[] | null> {
  return ctx.documents.audiences.audiencesFor(grant.project.id, {
    ...(typeof args.audience === 'string' ? { audience: args.audience } : {}),
    query: visitorQuery(args.visitor),
  });
}
