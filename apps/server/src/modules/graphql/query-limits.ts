import {
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import { DEFAULT_LIMIT } from '../../lib/pagination.js';

export interface QueryLimits {
  /** Most nested field levels an operation may have (introspection fields excluded). */
  maxDepth: number;
  /** Most cost points: one per field, times the page size for list items, plus ROOT_FIELD_COST per root field. */
  maxCost: number;
  /**
   * Most mutation fields one request may run. A request counts once against the API quota, so
   * without a bound one request could make hundreds of writes.
   */
  maxMutations: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 8, maxCost: 10_000, maxMutations: 25 };

/** How many entries a list field other than a page (`items`) is assumed to hold. */
const ASSUMED_LIST_SIZE = 10;

/**
 * What each root field costs besides its selection: every one (each alias too) is a database read
 * of its own, where nested references are batched. Without it 1000 aliases of `people { total }`
 * cost 2000 points and ran 1000 queries in one request.
 */
export const ROOT_FIELD_COST = 100;

type Fragments = Record<string, FragmentDefinitionNode>;

const isIntrospection = (name: string) => name.startsWith('__');

function fragmentsOf(context: { getDocument(): { definitions: readonly { kind: string }[] } }): Fragments {
  const fragments: Fragments = {};
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      const fragment = definition as FragmentDefinitionNode;
      fragments[fragment.name.value] = fragment;
    }
  }
  return fragments;
}

function depthOf(selectionSet: SelectionSetNode, fragments: Fragments, visiting: Set<string>): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      // Introspection is bounded by the schema itself, and only trusted callers may run it.
      if (isIntrospection(selection.name.value)) continue;
      const below = selection.selectionSet ? depthOf(selection.selectionSet, fragments, visiting) : 0;
      deepest = Math.max(deepest, 1 + below);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, visiting));
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      // A fragment cycle is reported by the standard rules; here it just stops the walk.
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, visiting));
      visiting.delete(name);
    }
  }
  return deepest;
}

/**
 * Refuses operations nested deeper than `maxDepth` before anything runs.
 * @example validate(schema, document, [...specifiedRules, depthLimitRule(8)])
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      const depth = depthOf(node.selectionSet, fragmentsOf(context), new Set());
      if (depth > maxDepth) {
        context.reportError(
          new GraphQLError(`The query is ${depth} levels deep; the limit is ${maxDepth}`, {
            nodes: node,
            extensions: { code: 'VALIDATION_FAILED', limit: 'depth', max: maxDepth, actual: depth },
          }),
        );
      }
    },
  });
}

interface CostWalk {
  schema: GraphQLSchema;
  fragments: Fragments;
  variables: Record<string, unknown>;
  visiting: Set<string>;
}

function limitArgument(field: { arguments?: readonly { name: { value: string }; value: unknown }[] }, walk: CostWalk) {
  const argument = field.arguments?.find((candidate) => candidate.name.value === 'limit');
  if (!argument) return DEFAULT_LIMIT;
  const value = argument.value as { kind: string; value?: string; name?: { value: string } };
  // A negative limit is refused when the field runs, but would lower the cost of the whole
  // operation first, paying for other fields: it counts as an empty page.
  if (value.kind === Kind.INT && value.value !== undefined) return Math.max(0, Number(value.value));
  if (value.kind === Kind.VARIABLE && value.name) {
    const variable = walk.variables[value.name.value];
    return typeof variable === 'number' ? Math.max(0, variable) : DEFAULT_LIMIT;
  }
  return DEFAULT_LIMIT;
}

function costOf(
  selectionSet: SelectionSetNode,
  parent: GraphQLNamedType | undefined,
  walk: CostWalk,
  pageSize: number | undefined,
): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (isIntrospection(name)) continue;
      const definition = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
      if (!definition) continue; // unknown fields are reported by the standard rules
      const named = getNamedType(definition.type);
      let below = 0;
      if (selection.selectionSet && isCompositeType(named)) {
        const hasLimit = definition.args.some((argument) => argument.name === 'limit');
        below = costOf(selection.selectionSet, named, walk, hasLimit ? limitArgument(selection, walk) : undefined);
      }
      const isList = isListType(getNullableType(definition.type));
      const times = isList ? (name === 'items' && pageSize !== undefined ? pageSize : ASSUMED_LIST_SIZE) : 1;
      cost += 1 + times * below;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : parent;
      cost += costOf(selection.selectionSet, type ?? undefined, walk, pageSize);
    } else {
      const fragment = walk.fragments[selection.name.value];
      if (!fragment || walk.visiting.has(fragment.name.value)) continue;
      walk.visiting.add(fragment.name.value);
      const type = walk.schema.getType(fragment.typeCondition.name.value);
      cost += costOf(fragment.selectionSet, type ?? undefined, walk, pageSize);
      walk.visiting.delete(fragment.name.value);
    }
  }
  return cost;
}

/**
 * Refuses operations whose estimated cost is over `maxCost` before anything runs: each field
 * costs one point, and what is selected under a list counts once per entry (the `limit` for a
 * page's items, ten for other lists); each root field adds ROOT_FIELD_COST.
 * @example validate(schema, document, [...specifiedRules, costLimitRule(10_000, variables)])
 */
export function costLimitRule(maxCost: number, variables: Record<string, unknown>): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      const schema = context.getSchema();
      const root =
        node.operation === 'mutation'
          ? schema.getMutationType()
          : node.operation === 'subscription'
            ? schema.getSubscriptionType()
            : schema.getQueryType();
      const fragments = fragmentsOf(context);
      const cost =
        costOf(node.selectionSet, root ?? undefined, { schema, fragments, variables, visiting: new Set() }, undefined) +
        ROOT_FIELD_COST * rootFieldCount(node.selectionSet, fragments, new Set());
      if (cost > maxCost) {
        context.reportError(
          new GraphQLError(
            `The query would cost ${cost} points; the limit is ${maxCost}. Ask for fewer documents (limit) or fewer nested fields`,
            { nodes: node, extensions: { code: 'VALIDATION_FAILED', limit: 'cost', max: maxCost, actual: cost } },
          ),
        );
      }
    },
  });
}

/** The root fields an operation runs, through fragments and inline fragments. */
function rootFieldCount(selectionSet: SelectionSetNode, fragments: Fragments, visiting: Set<string>): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!isIntrospection(selection.name.value)) count += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += rootFieldCount(selection.selectionSet, fragments, visiting);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      count += rootFieldCount(fragment.selectionSet, fragments, visiting);
      visiting.delete(name);
    }
  }
  return count;
}

/**
 * Refuses a mutation with more than `maxMutations` fields (aliases count each time) before
 * anything runs.
 * @example validate(schema, document, [...specifiedRules, mutationLimitRule(25)])
 */
export function mutationLimitRule(maxMutations: number): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return;
      const count = rootFieldCount(node.selectionSet, fragmentsOf(context), new Set());
      if (count > maxMutations) {
        context.reportError(
          new GraphQLError(
            `The request runs ${count} mutations; the limit is ${maxMutations} per request. Send the others in further requests`,
            {
              nodes: node,
              extensions: { code: 'VALIDATION_FAILED', limit: 'mutations', max: maxMutations, actual: count },
            },
          ),
        );
      }
    },
  });
}

/**
 * Introspection answers are bounded by the schema only while each of its fields is selected
 * once (duplicates without an alias merge into one): aliases of `__schema`, `__type` or any field
 * of an introspection type are refused. 1500 aliased `__schema` selections, exempt from depth and
 * cost, answered 2.8 MB to a 20 KB request.
 * @example validate(schema, document, [...specifiedRules, introspectionAliasRule()])
 */
export function introspectionAliasRule(): ValidationRule {
  return (context) => ({
    Field(node) {
      if (!node.alias) return;
      const inIntrospection = context.getParentType()?.name.startsWith('__') ?? false;
      if (!inIntrospection && node.name.value !== '__schema' && node.name.value !== '__type') return;
      context.reportError(
        new GraphQLError(
          'Introspection fields cannot be aliased: select each once, and other types in another request',
          {
            nodes: node,
            extensions: { code: 'VALIDATION_FAILED', limit: 'introspection' },
          },
        ),
      );
    },
  });
}

/**
 * Introspection (`__schema`, `__type`) is for members and for API tokens with schema:read;
 * `__typename` stays allowed for everyone.
 */
export function introspectionRule(allowed: boolean): ValidationRule {
  return (context) => ({
    Field(node) {
      if (allowed || (node.name.value !== '__schema' && node.name.value !== '__type')) return;
      context.reportError(
        new GraphQLError('Introspection needs a signed-in member or an API token with the schema:read scope', {
          nodes: node,
          extensions: { code: 'FORBIDDEN' },
        }),
      );
    },
  });
}
