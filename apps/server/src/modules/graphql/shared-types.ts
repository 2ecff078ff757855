import type { Asset } from '@plinth/contract';
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLString,
  Kind,
  type ValueNode,
} from 'graphql';

function literalValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((value) => literalValue(value, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}

/** Any JSON value: json fields, and blocks in inputs (input unions do not exist in GraphQL). */
export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalValue,
});

/**
 * A media field's value: the media library's Asset, as REST's `populate` shows it (the alt text
 * in the locale the holding document was read in).
 */
export const AssetType = new GraphQLObjectType<Asset>({
  name: 'Asset',
  description: 'A file of the media library.',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    filename: { type: new GraphQLNonNull(GraphQLString) },
    mime_type: { type: new GraphQLNonNull(GraphQLString) },
    // Float: uploads may pass 2 GB, beyond GraphQL's 32-bit Int.
    size: { type: new GraphQLNonNull(GraphQLFloat), description: 'In bytes.' },
    width: { type: GraphQLInt, description: 'In pixels, for images and videos.' },
    height: { type: GraphQLInt, description: 'In pixels, for images and videos.' },
    alt: {
      type: GraphQLString,
      description: "The alt text in the read's locale, else the project's default locale.",
      resolve: (asset) => (typeof asset.alt === 'string' ? asset.alt : null),
    },
    folder: { type: GraphQLString },
    url: { type: new GraphQLNonNull(GraphQLString), description: 'The absolute address of the file.' },
    created_at: { type: new GraphQLNonNull(GraphQLString) },
  },
});

export const DocumentStatusEnum = new GraphQLEnumType({
  name: 'DocumentStatus',
  description: 'draft (never published, or unpublished), published, or changed (published, with newer edits).',
  values: { draft: {}, published: {}, changed: {} },
});

export const ReadStatusEnum = new GraphQLEnumType({
  name: 'ReadStatus',
  description:
    'Which documents to read, as REST `status`: `published` reads the published snapshots; draft, changed and deleted (the trash) need preview access.',
  values: { draft: {}, published: {}, changed: {}, deleted: {} },
});

const VisitorAttributeInput = new GraphQLInputObjectType({
  name: 'VisitorAttributeInput',
  description: 'A custom visitor attribute (`custom.<name>` in audience rules).',
  fields: { name: { type: new GraphQLNonNull(GraphQLString) }, value: { type: new GraphQLNonNull(GraphQLString) } },
});

export const VisitorInput = new GraphQLInputObjectType({
  name: 'VisitorInput',
  description:
    'Who reads, as REST `visitor[…]` or `X-Plinth-Visitor`: the first audience by priority that matches and has a variant picks it.',
  fields: {
    country: { type: GraphQLString },
    language: { type: GraphQLString },
    device: { type: GraphQLString, description: 'mobile, tablet or desktop.' },
    utm_source: { type: GraphQLString },
    utm_campaign: { type: GraphQLString },
    referrer: { type: GraphQLString },
    custom: { type: new GraphQLList(new GraphQLNonNull(VisitorAttributeInput)) },
  },
});

/** A `visitor` argument as the REST query parameters the audience rules read (`visitor[country]`…). */
export function visitorQuery(visitor: unknown): Record<string, string> {
  if (typeof visitor !== 'object' || visitor === null) return {};
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(visitor)) {
    if (name === 'custom' && Array.isArray(value)) {
      for (const item of value as { name: string; value: string }[]) query[`visitor[custom.${item.name}]`] = item.value;
    } else if (typeof value === 'string') {
      query[`visitor[${name}]`] = value;
    }
  }
  return query;
}

function operatorFilter(name: string, valueType: GraphQLInputType, description: string): GraphQLInputObjectType {
  const list = new GraphQLList(new GraphQLNonNull(valueType));
  return new GraphQLInputObjectType({
    name,
    description,
    fields: {
      eq: { type: valueType },
      ne: { type: valueType },
      gt: { type: valueType },
      gte: { type: valueType },
      lt: { type: valueType },
      lte: { type: valueType },
      in: { type: list },
      nin: { type: list },
      contains: { type: valueType },
      starts_with: { type: valueType },
      exists: { type: GraphQLBoolean },
    },
  });
}

const OPERATORS =
  'The REST list operators; which apply depends on the field type, as in REST (an operator that does not apply is a VALIDATION_FAILED error).';

export const StringFilter = operatorFilter(
  'StringFilter',
  GraphQLString,
  `Conditions on a text, date, datetime or select value. ${OPERATORS}`,
);
export const IntFilter = operatorFilter('IntFilter', GraphQLInt, `Conditions on an integer value. ${OPERATORS}`);
export const FloatFilter = operatorFilter('FloatFilter', GraphQLFloat, `Conditions on a number value. ${OPERATORS}`);
export const BooleanFilter = operatorFilter('BooleanFilter', GraphQLBoolean, `Conditions on a boolean. ${OPERATORS}`);
export const IdFilter = operatorFilter(
  'IDFilter',
  GraphQLID,
  `Conditions on an id, a reference or a media field. ${OPERATORS}`,
);

export const ExistsFilter = new GraphQLInputObjectType({
  name: 'ExistsFilter',
  description: 'json and blocks fields can only be tested for presence.',
  fields: { exists: { type: GraphQLBoolean } },
});

/** The operators of reference filters, besides `where` (see the schema builder). */
export const idOperatorFields = () => IdFilter.getFields();
