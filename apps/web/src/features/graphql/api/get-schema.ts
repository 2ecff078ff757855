import { queryOptions, useQuery } from '@tanstack/react-query';
import { runGraphql } from './run-graphql';

export const graphqlKeys = {
  all: ['graphql'] as const,
  schema: (projectId: string) => [...graphqlKeys.all, projectId, 'schema'] as const,
};

/** A type reference as introspection gives it: wrappers (NON_NULL, LIST) around a named type. */
export interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

export interface SchemaArgument {
  name: string;
  description: string | null;
  type: TypeRef;
}

export interface SchemaField extends SchemaArgument {
  args?: SchemaArgument[];
}

export interface SchemaType {
  kind: string;
  name: string;
  description: string | null;
  fields: SchemaField[] | null;
  inputFields: SchemaArgument[] | null;
  enumValues: { name: string; description: string | null }[] | null;
  possibleTypes: { name: string }[] | null;
}

export interface ProjectSchema {
  queryType: string;
  mutationType: string | null;
  types: SchemaType[];
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';

/** What the schema browser shows; introspection is open to every project member. */
export const SCHEMA_QUERY = `query PlinthSchema {
  __schema {
    queryType { name }
    mutationType { name }
    types {
      kind name description
      fields { name description args { name description type { ${TYPE_REF} } } type { ${TYPE_REF} } }
      inputFields { name description type { ${TYPE_REF} } }
      enumValues { name description }
      possibleTypes { name }
    }
  }
}`;

interface IntrospectionBody {
  data?: {
    __schema?: { queryType: { name: string }; mutationType: { name: string } | null; types: SchemaType[] };
  } | null;
  errors?: { message: string }[];
}

export async function getSchema(projectId: string, signal?: AbortSignal): Promise<ProjectSchema> {
  const answer = await runGraphql(projectId, { query: SCHEMA_QUERY, variables: {} }, signal);
  const body = answer.body as IntrospectionBody;
  const schema = body.data?.__schema;
  if (!schema) throw new Error(body.errors?.[0]?.message ?? `The schema could not be read (HTTP ${answer.status})`);
  return {
    queryType: schema.queryType.name,
    mutationType: schema.mutationType?.name ?? null,
    // Introspection's own types (__Type, …) are not the project's.
    types: schema.types.filter((type) => !type.name.startsWith('__')),
  };
}

export const schemaQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: graphqlKeys.schema(projectId), queryFn: ({ signal }) => getSchema(projectId, signal) });

export function useProjectSchema(projectId: string | null) {
  return useQuery({ ...schemaQueryOptions(projectId ?? ''), enabled: projectId !== null });
}

/** `[Article!]!` for a non-null list of non-null Articles. */
export function typeLabel(ref: TypeRef): string {
  if (ref.kind === 'NON_NULL' && ref.ofType) return `${typeLabel(ref.ofType)}!`;
  if (ref.kind === 'LIST' && ref.ofType) return `[${typeLabel(ref.ofType)}]`;
  return ref.name ?? '?';
}

/** The named type inside the wrappers. */
export function namedType(ref: TypeRef): string | null {
  return ref.ofType ? namedType(ref.ofType) : ref.name;
}
