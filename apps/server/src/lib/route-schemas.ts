import type { Readable } from 'node:stream';
import { ErrorBody } from '@plinth/contract';
import { Type } from 'typebox';

/** Every route documents (and serializes) errors in the one shape of API.md. */
export const errorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

export const NoContent = Type.Null({ description: 'No content' });

/** What a route that answers with an ETag sends when `If-None-Match` names the current one. */
export const NotModified = Type.Null({ description: 'Not modified: `If-None-Match` named the current ETag' });

/** A file answer in its own media type: the route sends a stream or bytes, never serialized. */
export const fileAnswer = (description: string) =>
  Type.Unsafe<Readable | Buffer | null>({
    description,
    content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
  });

/** Marks a route as needing `Authorization: Bearer …` in the OpenAPI document. */
export const bearer = [{ bearerAuth: [] }];

/** Marks a route anyone may call, signed in or not. */
export const publicAccess = [];
