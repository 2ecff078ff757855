import type { ErrorDetail } from '@plinth/contract';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { lazy } from '../lib/lazy.js';

const ajvOptions = { allErrors: true, strict: false, useDefaults: true } as const;

/*
 * Bodies are validated exactly: no coercion, no silent removal of unknown properties (they are
 * a 400, so nobody can mass-assign). Query strings and path params arrive as text and are coerced.
 */
const bodyAjv = addFormats.default(new Ajv({ ...ajvOptions, coerceTypes: false, removeAdditional: false }));
const paramsAjv = addFormats.default(new Ajv({ ...ajvOptions, coerceTypes: 'array', removeAdditional: false }));

/**
 * Validators and response serializers compile on a route's first request rather than all at
 * start: a hundred routes' schemas took most of the start-up time, and routes nobody calls never
 * hold compiled code in memory.
 */
export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : paramsAjv;
    const compiled = lazy(() => ajv.compile(schema as FastifySchema));
    // Fastify reads the errors of a failed validation off the function, as Ajv leaves them.
    const validate = Object.assign(
      (data: unknown) => {
        const check = compiled();
        const valid = check(data);
        validate.errors = check.errors;
        return valid;
      },
      { errors: null as ValidateFunction['errors'] },
    );
    return validate;
  });
  app.setSerializerCompiler(({ schema }) => {
    const compiled = lazy(() => fastJsonStringify(schema as Schema));
    return (data: unknown) => compiled()(data);
  });
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'type':
      return `must be ${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${String(params.type)}`;
    case 'format':
      return params.format === 'email' ? 'must be a valid email address' : `must be a valid ${String(params.format)}`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'minItems':
      return `must have at least ${String(params.limit)} items`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} items`;
    case 'uniqueItems':
      return 'must not contain duplicates';
    case 'pattern':
      return 'has an invalid format';
    default:
      return error.message ?? 'is invalid';
  }
}

function pathOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') segments.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(params.additionalProperty));
  return segments.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

/**
 * Turns Ajv errors into one detail per input path. Unions of literals (enums) produce one
 * error per branch; they are folded into a single "must be one of …".
 * @example toDetails(errors, 'limit') // [{ path: 'limit', message: 'must be at most 100' }]
 */
export function toDetails(errors: ErrorObject[], fallbackPath: string): ErrorDetail[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const path = pathOf(error) || fallbackPath;
    byPath.set(path, [...(byPath.get(path) ?? []), error]);
  }
  return [...byPath].map(([path, pathErrors]) => {
    const allowed = pathErrors.flatMap((error) => {
      const params = error.params as Record<string, unknown>;
      if (error.keyword === 'const') return [params.allowedValue];
      if (error.keyword === 'enum') return params.allowedValues as unknown[];
      return [];
    });
    if (allowed.length > 0) {
      return { path, message: `must be one of ${allowed.map((value) => String(value)).join(', ')}` };
    }
    const meaningful = pathErrors.find((error) => error.keyword !== 'anyOf' && error.keyword !== 'oneOf');
    return { path, message: describe(meaningful ?? (pathErrors[0] as ErrorObject)) };
  });
}
