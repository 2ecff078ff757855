import type { Collection, Component, Field } from '@plinth/contract';
import { defaultSingular, pascalCase } from './model-rules';

// What the API will give for a model, derived from its fields as the server derives it: a JSON
// example of a document (REST), its TypeScript type, and its GraphQL type
// (apps/server/src/modules/graphql/schema-builder.ts).

export interface ShapeModel {
  /** The collection's slug, or the component's name. */
  slug: string;
  /** The collection's singular (empty: the server's default). */
  singular: string;
  mode: 'collection' | 'component';
  fields: readonly Field[];
}

export interface ShapeContext {
  collections: readonly Pick<Collection, 'slug' | 'singular'>[];
  components: readonly Pick<Component, 'name' | 'fields'>[];
  locale: string;
}

const SAMPLE_ID = '01jf3k8z6q2v7w9x4y5b0c1d2e';

const sampleText = (field: Field) => {
  const words = (field.label ?? field.name.replace(/_/g, ' ')).trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : 'Text';
};

/** A plausible value of one field, within its options. */
export function sampleValue(field: Field, context: ShapeContext, depth = 0): unknown {
  if (field.default !== undefined && field.default !== null) return field.default;
  const options = field.options ?? {};
  const many = (value: unknown) => (options.multiple ? [value] : value);
  switch (field.type) {
    case 'text':
      return sampleText(field).slice(0, options.max_length ?? 200);
    case 'longtext':
      return `${sampleText(field)}, in a few sentences.`.slice(0, options.max_length ?? 2000);
    case 'richtext':
      return `<p>${sampleText(field)} with <strong>formatting</strong>.</p>`;
    case 'number':
      return Math.min(Math.max(options.min ?? 12.5, 12.5), options.max ?? 12.5);
    case 'integer':
      return Math.min(Math.max(options.min ?? 3, 3), options.max ?? 3);
    case 'boolean':
      return true;
    case 'date':
      return '2026-11-22';
    case 'datetime':
      return '2026-11-22T10:00:00.000Z';
    case 'email':
      return 'ada@example.com';
    case 'url':
      return 'https://example.com';
    case 'slug':
      return 'hello-world';
    case 'select':
      return many(options.choices?.[0] ?? 'choice');
    case 'json':
      return { key: 'value' };
    case 'media':
      return many('01jf3m2a7media0asset0id0001');
    case 'reference':
      return many('01jf3m2b8referenced0doc0001');
    case 'blocks': {
      const name = options.components?.[0];
      const component = context.components.find((item) => item.name === name);
      if (!name) return [];
      const values = depth < 2 && component ? sampleData(component.fields, context, depth + 1) : {};
      return [{ _component: name, _key: 'k1', ...values }];
    }
  }
}

/** The `data` of a sample document: one value per field. */
export function sampleData(fields: readonly Field[], context: ShapeContext, depth = 0): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, sampleValue(field, context, depth)]));
}

/** The REST answer for one document, with sample values. */
export function sampleDocument(model: ShapeModel, context: ShapeContext): unknown {
  const data = sampleData(model.fields, context);
  if (model.mode === 'component') return { _component: model.slug, _key: 'k1', ...data };
  return {
    data: {
      id: SAMPLE_ID,
      collection: model.slug,
      locale: context.locale,
      status: 'published',
      version: 3,
      data,
      created_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
      published_at: '2026-11-22T10:00:00.000Z',
    },
  };
}

/** The TypeScript type name of a collection or component. */
export function typeNameOf(model: Pick<ShapeModel, 'slug' | 'singular' | 'mode'>): string {
  if (!model.slug) return model.mode === 'component' ? 'NewComponent' : 'NewDocument';
  if (model.mode === 'component') return `${pascalCase(model.slug)}Component`;
  return pascalCase(model.singular || defaultSingular(model.slug));
}

const collectionTypeName = (slug: string, context: ShapeContext) => {
  const collection = context.collections.find((item) => item.slug === slug);
  return collection ? pascalCase(collection.singular) : null;
};

function tsValueType(field: Field): string {
  const options = field.options ?? {};
  const many = (type: string) => (options.multiple ? `${type.includes('|') ? `(${type})` : type}[]` : type);
  switch (field.type) {
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'json':
      return 'unknown';
    case 'select':
      return many(
        options.choices?.length ? options.choices.map((choice) => JSON.stringify(choice)).join(' | ') : 'string',
      );
    case 'media':
      return many('string');
    case 'reference':
      return many('string');
    case 'blocks': {
      const members = (options.components ?? []).map((name) => `${pascalCase(name)}Component`);
      if (members.length === 0) return 'unknown[]';
      return members.length === 1 ? `${members[0]}[]` : `(${members.join(' | ')})[]`;
    }
    default:
      return 'string';
  }
}

function tsComment(field: Field): string | null {
  const notes = [
    field.label,
    field.help,
    field.type === 'media' ? 'media asset id' : null,
    field.type === 'reference' ? `id of a document of ${field.options?.collection ?? 'a collection'}` : null,
    field.type === 'richtext' ? 'sanitized HTML' : null,
    field.type === 'date' ? 'YYYY-MM-DD' : null,
    field.type === 'datetime' ? 'ISO 8601, UTC' : null,
    field.localized ? 'localized' : null,
    field.hidden ? 'hidden: members only, never sent to API tokens' : null,
  ].filter(Boolean);
  return notes.length > 0 ? notes.join('; ') : null;
}

function tsFields(fields: readonly Field[], indent: string): string[] {
  return fields.flatMap((field) => {
    const comment = tsComment(field);
    const line = field.required
      ? `${indent}${field.name}: ${tsValueType(field)};`
      : `${indent}${field.name}?: ${tsValueType(field)} | null;`;
    return comment ? [`${indent}/** ${comment} */`, line] : [line];
  });
}

/** The components a set of fields holds in blocks, nested ones too, each once. */
function heldComponents(fields: readonly Field[], context: ShapeContext, seen = new Set<string>()): string[] {
  for (const field of fields) {
    if (field.type !== 'blocks') continue;
    for (const name of field.options?.components ?? []) {
      if (seen.has(name)) continue;
      seen.add(name);
      const component = context.components.find((item) => item.name === name);
      if (component) heldComponents(component.fields, context, seen);
    }
  }
  return [...seen];
}

/** The TypeScript types of a model's documents (and of the components its blocks hold). */
export function typeScriptOf(model: ShapeModel, context: ShapeContext): string {
  const name = typeNameOf(model);
  const lines: string[] = [];
  if (model.mode === 'component') {
    lines.push(`export interface ${name} {`, `  _component: '${model.slug}';`, '  _key?: string;');
    lines.push(...tsFields(model.fields, '  '), '}');
  } else {
    lines.push(`export interface ${name}Data {`, ...tsFields(model.fields, '  '), '}', '');
    lines.push(
      `export interface ${name} {`,
      '  id: string;',
      `  collection: '${model.slug || 'new_collection'}';`,
      '  locale: string;',
      "  status: 'draft' | 'published' | 'changed';",
      '  version: number;',
      `  data: ${name}Data;`,
      '  created_at: string;',
      '  updated_at: string;',
      '  published_at: string | null;',
      '}',
    );
  }
  for (const componentName of heldComponents(model.fields, context)) {
    if (model.mode === 'component' && componentName === model.slug) continue;
    const component = context.components.find((item) => item.name === componentName);
    lines.push(
      '',
      `export interface ${pascalCase(componentName)}Component {`,
      `  _component: '${componentName}';`,
      '  _key?: string;',
      ...tsFields(component?.fields ?? [], '  '),
      '}',
    );
  }
  return lines.join('\n');
}

function graphqlValueType(field: Field, owner: string, context: ShapeContext, unions: string[]): string {
  const options = field.options ?? {};
  const list = (type: string) => (options.multiple ? `[${type}]` : type);
  switch (field.type) {
    case 'number':
      return 'Float';
    case 'integer':
      return 'Int';
    case 'boolean':
      return 'Boolean';
    case 'json':
      return 'JSON';
    case 'select':
      return list('String');
    case 'media':
      return list('Asset');
    case 'reference':
      return list(collectionTypeName(options.collection ?? '', context) ?? 'ID');
    case 'blocks': {
      const members = (options.components ?? []).map((name) => `${pascalCase(name)}Component`);
      if (members.length === 0) return '[JSON]';
      const union = `${owner}${pascalCase(field.name)}Block`;
      unions.push(`union ${union} = ${members.join(' | ')}`);
      return `[${union}]`;
    }
    default:
      return 'String';
  }
}

function graphqlFields(fields: readonly Field[], owner: string, context: ShapeContext, unions: string[]): string[] {
  return fields
    .filter((field) => !field.hidden)
    .flatMap((field) => {
      const description = [field.label, field.help].filter(Boolean).join(': ');
      const line = `  ${field.name}: ${graphqlValueType(field, owner, context, unions)}`;
      return description ? [`  "${description.replace(/"/g, '\\"')}"`, line] : [line];
    });
}

/** The GraphQL object type of a model, with the unions of its blocks (hidden fields are left out, as for API tokens). */
export function graphqlOf(model: ShapeModel, context: ShapeContext): string {
  const name = typeNameOf(model);
  const unions: string[] = [];
  const lines =
    model.mode === 'component'
      ? [`type ${name} {`, '  _component: String!', '  _key: String']
      : [
          `type ${name} {`,
          '  id: ID!',
          '  status: DocumentStatus!',
          '  locale: String!',
          '  version: Int!',
          '  created_at: String!',
          '  updated_at: String!',
          '  published_at: String',
        ];
  lines.push(...graphqlFields(model.fields, name, context, unions), '}');
  if (unions.length > 0) lines.push('', ...unions);
  if (model.mode === 'collection' && model.slug) {
    const plural = pascalCase(model.slug);
    const single = name.charAt(0).toLowerCase() + name.slice(1);
    const listName = `${name}List`;
    lines.push(
      '',
      `# Query.${plural.charAt(0).toLowerCase()}${plural.slice(1)}(filter: ${name}Filter, sort: [String!], limit: Int, offset: Int, locale: String): ${listName}!`,
      `# Query.${single}(id: ID!, locale: String): ${name}`,
    );
  }
  return lines.join('\n');
}
