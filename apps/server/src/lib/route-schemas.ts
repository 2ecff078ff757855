import { ErrorBody } from '@plinth/contract';
import { Type } from 'typebox';

/** Every route documents (and serializes) errors in the one shape of API.md. */
export const errorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

export const NoContent = Type.Null({ description: 'No content' });

/** Marks a route as needing `Authorization: Bearer …` in the OpenAPI document. */
export const bearer = [{ bearerAuth: [] }];
