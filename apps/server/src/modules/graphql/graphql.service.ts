import { ERROR_CODES, type ErrorCode, type GraphqlError } from '@plinth/contract';
import {
  type DocumentNode,
  execute,
  GraphQLError,
  getOperationAST,
  type OperationTypeNode,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { MediaService } from '../media/media.service.js';
import type { ProjectAction, ProjectGrant } from '../projects/project-access.js';
import { AssetLoader, type DocumentOperations, type GraphqlContext, ReferenceLoader } from './graphql-context.js';
import { PersistedQueries, type PersistedQueryOutcome } from './persisted-queries.js';
import {
  costLimitRule,
  DEFAULT_QUERY_LIMITS,
  depthLimitRule,
  introspectionAliasRule,
  introspectionRule,
  mutationLimitRule,
  type QueryLimits,
} from './query-limits.js';
import { GraphqlSchemaCache } from './schema-cache.js';

export interface GraphqlRequestInput {
  /** The query text (a persisted query is resolved before: see `resolveQuery`). */
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
  /** GET requests may only run queries. */
  readOnly: boolean;
}

/**
 * What to answer: a GraphQL body, and `cacheable` for error-free queries. A request that did not
 * run says why in `refused`, with the HTTP status its errors call for (the route decides which
 * status the client's media type gets).
 */
export interface GraphqlOutcome {
  status: number;
  data?: Record<string, unknown> | null;
  errors: GraphqlError[];
  cacheable: boolean;
  /** 'request': syntax, validation or variables; 'method': a mutation sent with GET. */
  refused?: 'request' | 'method';
}

const KNOWN_CODES = new Set<string>(Object.keys(ERROR_CODES));

/** A GraphQL error in the wire shape: the API's error code in `extensions.code`, nothing internal. */
export function toWireError(error: GraphQLError, log: Logger): GraphqlError {
  const where = {
    ...(error.locations ? { locations: error.locations.map(({ line, column }) => ({ line, column })) } : {}),
    ...(error.path ? { path: [...error.path] } : {}),
  };
  const original = error.originalError;
  if (original instanceof AppError) {
    return {
      message: original.message,
      ...where,
      extensions: { code: original.code, ...(original.details ? { details: original.details } : {}) },
    };
  }
  if (original && !(original instanceof GraphQLError)) {
    log.error({ err: original }, 'GraphQL resolver failed');
    return { message: 'Internal Server Error', ...where, extensions: { code: 'INTERNAL' } };
  }
  const code = error.extensions.code;
  return {
    message: error.message,
    ...where,
    extensions: {
      ...error.extensions,
      code: typeof code === 'string' && KNOWN_CODES.has(code) ? code : 'VALIDATION_FAILED',
    },
  };
}

/** The HTTP status of errors that stopped a request before it ran: the first error's. */
export function statusOf(errors: readonly GraphqlError[]): number {
  const code = errors[0]?.extensions.code;
  return code && KNOWN_CODES.has(code) ? ERROR_CODES[code as ErrorCode] : 400;
}

/**
 * Runs GraphQL requests against the schema of the caller's project. It holds no rules of its
 * own: resolvers call the document operations (as REST does), with the grant `authorize` gives
 * for the REST route's action.
 */
export class GraphqlService {
  private readonly schemas = new GraphqlSchemaCache();
  private readonly persisted = new PersistedQueries();
  readonly limits: QueryLimits;

  constructor(
    private readonly deps: {
      models: ModelCache;
      documents: DocumentOperations;
      media: MediaService;
      log: Logger;
      /** Tighter or looser than DEFAULT_QUERY_LIMITS (tests lower them). */
      limits?: Partial<QueryLimits> | undefined;
    },
  ) {
    this.limits = { ...DEFAULT_QUERY_LIMITS, ...deps.limits };
  }

  /**
   * The query text of a request: its `query`, or the persisted query its
   * `extensions.persistedQuery` hash names (automatic persisted queries).
   */
  resolveQuery(query: string | undefined, extensions: Record<string, unknown> | null): PersistedQueryOutcome {
    return this.persisted.resolve(query, extensions);
  }

  /**
   * Parses, validates (with the depth, cost and introspection rules) and executes one request.
   * @example await service.execute({ grant, authorize, request: { query: '{ articles { total } }', variables: {}, operationName: null, readOnly: true } })
   */
  async execute(options: {
    grant: ProjectGrant;
    authorize: (action: ProjectAction) => Promise<ProjectGrant>;
    request: GraphqlRequestInput;
  }): Promise<GraphqlOutcome> {
    const { grant, request } = options;
    const { log } = this.deps;
    const refused = (errors: GraphqlError[]): GraphqlOutcome => ({
      status: statusOf(errors),
      errors,
      cacheable: false,
      refused: 'request',
    });

    const model = await this.deps.models.get(grant.project.id);
    const schema = this.schemas.schema(grant.project.id, model, grant.content.seesHidden ? 'members' : 'tokens');
    let document: DocumentNode;
    try {
      document = parse(request.query, { maxTokens: 20_000 });
    } catch (error) {
      if (error instanceof GraphQLError) return refused([toWireError(error, log)]);
      throw error;
    }
    // GET may only run queries: a mutation is refused by its method before anything else is said of it.
    const operation = getOperationAST(document, request.operationName ?? undefined);
    const kind: OperationTypeNode | undefined = operation?.operation;
    if (request.readOnly && kind && kind !== 'query') {
      const errors = [
        {
          message: `A ${kind} must be sent with POST; GET runs queries only`,
          extensions: { code: 'VALIDATION_FAILED' },
        },
      ];
      return { status: 405, errors, cacheable: false, refused: 'method' };
    }
    const validationErrors = validate(schema, document, [
      ...specifiedRules,
      introspectionRule(grant.can('schema.read')),
      introspectionAliasRule(),
      depthLimitRule(this.limits.maxDepth),
      costLimitRule(this.limits.maxCost, request.variables),
      mutationLimitRule(this.limits.maxMutations),
    ]);
    if (validationErrors.length > 0) return refused(validationErrors.map((error) => toWireError(error, log)));

    // Media fields need what reading the document needed, as with REST's populate.
    const readGrant = () => options.authorize('content.read');
    const contextValue: GraphqlContext = {
      documents: this.deps.documents,
      authorize: options.authorize,
      references: new ReferenceLoader(this.deps.documents.reads, readGrant),
      assets: new AssetLoader(this.deps.media, readGrant),
    };
    const result = await execute({
      schema,
      document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue,
    });
    const errors = (result.errors ?? []).map((error) => toWireError(error, log));
    // No data at all (bad variables, no such operation) means the request itself was wrong.
    if (result.data === undefined) return refused(errors);
    return { status: 200, data: result.data, errors, cacheable: kind === 'query' && errors.length === 0 };
  }
}
