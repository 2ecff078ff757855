import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateUploadHeaders,
  PatchUploadHeaders,
  ProjectParams,
  TUS_ANSWER_HEADERS,
  TUS_EXTENSIONS,
  TUS_VERSION,
  TusHeaders,
  UploadParams,
} from '@plinth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { bearer, errorResponses, publicAccess } from '../../lib/route-schemas.js';
import { byteCount, isOffsetStream, OFFSET_CONTENT_TYPE, unsupportedBody, uploadMetadata } from './tus-headers.js';
import type { UploadState, UploadsService } from './uploads.service.js';

const tags = ['media'];

type TusHeader = keyof typeof TUS_ANSWER_HEADERS;

/** An answer without a body, with the tus headers it carries (for the OpenAPI document). */
const tusAnswer = (description: string, headers: TusHeader[], extra: Record<string, object> = {}) =>
  // Typed as no payload at all: the answer goes out without a body (not a JSON `null`).
  Type.Unsafe<undefined>({
    type: 'null',
    description,
    headers: {
      // Copies: a shared object would be written as a YAML alias in openapi.yaml.
      ...Object.fromEntries(
        (['Tus-Resumable', ...headers] as TusHeader[]).map((name) => [name, { ...TUS_ANSWER_HEADERS[name] }]),
      ),
      ...extra,
    },
  });

const httpDate = (iso: string) => new Date(iso).toUTCString();

/** Whether a request carries a body (in HTTP/1.1, a length above 0 or a transfer encoding). */
function hasContent(request: FastifyRequest): boolean {
  const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
  return encoding !== undefined || (length !== undefined && length !== '0');
}

/** The headers that report an upload's state. */
function stateHeaders(reply: FastifyReply, upload: UploadState): void {
  reply.header('Upload-Offset', String(upload.offset)).header('Upload-Length', String(upload.length));
  if (upload.assetId) reply.header('X-Plinth-Asset-Id', upload.assetId);
  else reply.header('Upload-Expires', httpDate(upload.expiresAt));
}

/**
 * Resumable uploads under /api/v1 (tus 1.0: core, creation, termination, expiration). Same
 * permission as `POST /media` (media.create); an upload is continued only by whoever created
 * it. Every answer, errors included, carries `Tus-Resumable`; requests other than OPTIONS
 * without `Tus-Resumable: 1.0.0` are a 412.
 */
export const uploadsRoutes: FastifyPluginAsyncTypebox<{ uploads: UploadsService; config: Config }> = async (
  app,
  { uploads, config },
) => {
  // Only these routes read tus bodies, streamed to the file as they arrive (never buffered):
  // the service stops at the bytes the upload has left. Anything else with content is a 415.
  const noBody = (request: FastifyRequest, done: (error: Error | null, body?: undefined) => void) =>
    hasContent(request) ? done(unsupportedBody(), undefined) : done(null, undefined);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(OFFSET_CONTENT_TYPE, (request, payload, done) =>
    request.method === 'PATCH' ? done(null, payload) : noBody(request, done),
  );
  app.addContentTypeParser('*', (request, _payload, done) => noBody(request, done));

  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || request.headers['tus-resumable'] === TUS_VERSION) return;
    // Refused before the body is read: close rather than read it for nothing.
    if (hasContent(request)) reply.header('Connection', 'close');
    throw new AppError('PRECONDITION_FAILED', `Send Tus-Resumable: ${TUS_VERSION}; it is the only version spoken here`);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Tus-Resumable', TUS_VERSION).header('Cache-Control', 'no-store');
    if (request.method === 'OPTIONS' || reply.statusCode === 412) {
      reply
        .header('Tus-Version', TUS_VERSION)
        .header('Tus-Extension', TUS_EXTENSIONS)
        .header('Tus-Max-Size', String(uploads.maxSize));
    }
  });

  const base = '/projects/:projectId/uploads';
  const one = `${base}/:uploadId`;

  const discovery = () => ({
    summary: 'Discover the resumable upload protocol',
    tags,
    security: publicAccess,
    description:
      'tus discovery (`Tus-Version`, `Tus-Extension`, `Tus-Max-Size`), and the CORS preflight of browsers. ' +
      'Needs no credential and no `Tus-Resumable`.',
    response: {
      204: tusAnswer('The protocol this server speaks', ['Tus-Version', 'Tus-Extension', 'Tus-Max-Size']),
      ...errorResponses,
    },
  });
  app.options(base, {
    schema: { ...discovery(), operationId: 'discoverUploads', params: ProjectParams },
    handler: async (_request, reply) => reply.status(204).send(),
  });
  app.options(one, {
    schema: { ...discovery(), operationId: 'discoverUpload', params: UploadParams },
    handler: async (_request, reply) => reply.status(204).send(),
  });

  app.post(base, {
    schema: {
      operationId: 'createUpload',
      summary: 'Start a resumable upload (tus)',
      tags,
      security: bearer,
      description:
        'tus creation: declares the size (`Upload-Length`) and the file name (`Upload-Metadata`), and answers ' +
        'with the upload URL in `Location`. Same permission as uploading a file. The plan’s media storage is ' +
        'checked against `Upload-Length` now (413 STORAGE_QUOTA_EXCEEDED), as is `Tus-Max-Size` ' +
        '(413 PAYLOAD_TOO_LARGE). An unfinished upload expires 24 hours after it started (`Upload-Expires`).',
      params: ProjectParams,
      headers: CreateUploadHeaders,
      response: {
        201: tusAnswer(
          'Created: send the bytes with PATCH to the `Location`',
          ['Upload-Offset', 'Upload-Length', 'Upload-Expires'],
          { Location: { type: 'string', format: 'uri', description: 'The upload’s URL' } },
        ),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'media.create');
      if (request.headers['upload-defer-length'] !== undefined) {
        throw new AppError('VALIDATION_FAILED', 'Upload-Defer-Length is not supported; send Upload-Length');
      }
      const length = byteCount('Upload-Length', request.headers['upload-length']);
      const metadata = uploadMetadata(request.headers['upload-metadata']);
      const upload = await uploads.create(grant, length, metadata);
      stateHeaders(reply, upload);
      reply.header('Location', `${config.publicUrl}/api/v1/projects/${upload.projectId}/uploads/${upload.id}`);
      return reply.status(201).send();
    },
  });

  app.head(one, {
    // @fastify/swagger leaves HEAD routes out unless asked: this one is the protocol's own.
    config: { swagger: { exposeHeadRoute: true } },
    schema: {
      operationId: 'getUploadOffset',
      summary: 'How much of an upload arrived (tus)',
      tags,
      security: bearer,
      description:
        'The bytes received (`Upload-Offset`) and the size (`Upload-Length`): resume from that offset. ' +
        'Once complete, `X-Plinth-Asset-Id` names the asset. An expired upload is a 404.',
      params: UploadParams,
      headers: TusHeaders,
      response: {
        200: tusAnswer('The upload’s state', ['Upload-Offset', 'Upload-Length', 'Upload-Expires', 'X-Plinth-Asset-Id']),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'media.create');
      stateHeaders(reply, await uploads.status(grant, request.params.uploadId));
      return reply.status(200).send();
    },
  });

  app.patch(one, {
    schema: {
      operationId: 'appendUpload',
      summary: 'Send bytes of an upload (tus)',
      tags,
      security: bearer,
      description:
        'Appends the body (`application/offset+octet-stream`) at `Upload-Offset`, which must be the current ' +
        'offset (else 409). More bytes than are left is a 413. A body that breaks off keeps what arrived. ' +
        'The PATCH that brings the last byte makes the media asset, exactly as `POST /media` does, and ' +
        'answers with its id in `X-Plinth-Asset-Id`.',
      consumes: [OFFSET_CONTENT_TYPE],
      // For the document only: the body is a stream, which this schema (no type) lets through.
      body: Type.Unsafe<Readable>({ format: 'binary', description: 'The next bytes of the file' }),
      params: UploadParams,
      headers: PatchUploadHeaders,
      response: {
        204: tusAnswer('Stored: `Upload-Offset` is the new offset', [
          'Upload-Offset',
          'Upload-Length',
          'Upload-Expires',
          'X-Plinth-Asset-Id',
        ]),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const body: Readable | undefined = request.body;
      try {
        const grant = await request.authorize(request.params.projectId, 'media.create');
        if (!isOffsetStream(request.headers['content-type']) || body === undefined) throw unsupportedBody();
        const offset = byteCount('Upload-Offset', request.headers['upload-offset']);
        const declared = request.headers['content-length'];
        const upload = await uploads.append(grant, request.params.uploadId, {
          offset,
          declaredLength: declared === undefined ? null : Number(declared),
          body,
        });
        stateHeaders(reply, upload);
        return reply.status(204).send();
      } catch (error) {
        // Refused before the body was read: close rather than read up to 100 MiB for nothing.
        if (body && !body.readableEnded) reply.header('Connection', 'close');
        throw error;
      }
    },
  });

  app.delete(one, {
    schema: {
      operationId: 'terminateUpload',
      summary: 'Cancel an upload (tus termination)',
      tags,
      security: bearer,
      description: 'Removes the upload and the bytes received; an asset it already made stays.',
      params: UploadParams,
      headers: TusHeaders,
      response: { 204: tusAnswer('Terminated', []), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'media.create');
      await uploads.terminate(grant, request.params.uploadId);
      return reply.status(204).send();
    },
  });
};
