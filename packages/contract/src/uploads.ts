import { type Static, Type } from 'typebox';
import { Id } from './common.js';

/*
 * Resumable uploads (tus 1.0: core, creation, termination, expiration). The protocol lives in
 * headers; these schemas document them. The server reads and checks each header itself, so a
 * malformed one answers with the error envelope and the precise status tus clients expect.
 */

export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,termination,expiration';

export const UploadParams = Type.Object({ projectId: Id, uploadId: Id });
export type UploadParams = Static<typeof UploadParams>;

const tusResumable = () =>
  Type.Optional(
    Type.String({ description: 'The protocol version: `1.0.0`. Required; without it the answer is a 412.' }),
  );

export const CreateUploadHeaders = Type.Object({
  'tus-resumable': tusResumable(),
  'upload-length': Type.Optional(
    Type.String({
      description: 'The size of the whole file in bytes, from 1 to `Tus-Max-Size` (PLINTH_MAX_UPLOAD_BYTES). Required.',
    }),
  ),
  'upload-metadata': Type.Optional(
    Type.String({
      description:
        'Comma-separated `key base64(value)` pairs: `filename` (required), optional `alt` and `folder`; ' +
        'other keys that tus clients add (`filetype`, `name`) are ignored.',
    }),
  ),
});

export const PatchUploadHeaders = Type.Object({
  'tus-resumable': tusResumable(),
  'upload-offset': Type.Optional(
    Type.String({ description: 'Where these bytes go: the current `Upload-Offset` (else 409). Required.' }),
  ),
  'content-type': Type.Optional(Type.String({ description: 'Must be `application/offset+octet-stream` (else 415).' })),
});

export const TusHeaders = Type.Object({ 'tus-resumable': tusResumable() });

const header = (description: string, type: 'string' | 'integer' = 'string') => ({ type, description });

/** Answer headers, as the OpenAPI document lists them per answer. */
export const TUS_ANSWER_HEADERS = {
  'Tus-Resumable': header('Always `1.0.0`'),
  'Upload-Offset': header('Bytes received so far', 'integer'),
  'Upload-Length': header('The size of the whole file', 'integer'),
  'Upload-Expires': header('When an unfinished upload is deleted (HTTP date, 24 hours after creation)'),
  'X-Plinth-Asset-Id': header('The media asset the upload made, once its last byte arrived'),
  'Tus-Version': header('Protocol versions the server speaks: `1.0.0`'),
  'Tus-Extension': header('`creation,termination,expiration`'),
  'Tus-Max-Size': header('The largest `Upload-Length` accepted, in bytes', 'integer'),
} as const;
