import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Asset,
  AssetReferenceList,
  AssetReferencesQuery,
  DataOf,
  DeleteAssetQuery,
  ListMediaQuery,
  ListOf,
  MediaFolderList,
  MediaParams,
  MediaReadQuery,
  ProjectParams,
  UpdateAssetBody,
  UploadAssetForm,
} from '@plinth/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { bearer, errorResponses, NoContent } from '../../lib/route-schemas.js';
import { idempotentBody } from '../../plugins/idempotency.js';
import type { MediaService, UploadPart } from './media.service.js';

const tags = ['media'];
/** Room for the multipart boundaries, headers and the small `alt` and `folder` fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The request's multipart parts as the service takes them; parser failures become 400s. */
async function* partsOf(request: FastifyRequest): AsyncIterable<UploadPart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const stream = part.file;
        yield {
          type: 'file',
          name: part.fieldname,
          filename: part.filename,
          stream,
          truncated: () => stream.truncated,
        };
      } else {
        yield { type: 'field', name: part.fieldname, value: String(part.value), truncated: part.valueTruncated };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('VALIDATION_FAILED', 'Send one "file" part, with optional "alt" and "folder" fields');
    }
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read');
  }
}

/**
 * The media library under /api/v1: upload, list, read, update, delete. Files themselves are
 * served by `mediaFileRoutes`, outside the API prefix.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ media: MediaService; config: Config }> = async (
  app,
  { media, config },
) => {
  // Registered here, so only these routes parse multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: config.maxUploadBytes,
      files: 2,
      fields: 4,
      fieldSize: 4000,
      parts: 8,
      headerPairs: 100,
    },
  });
  const base = '/projects/:projectId/media';

  app.post(base, {
    config: { idempotent: 'media.create' },
    schema: {
      operationId: 'uploadAsset',
      summary: 'Upload a file',
      tags,
      security: bearer,
      description:
        'A multipart form with the file in a part named `file`, and optional `alt` and `folder` fields. ' +
        'The type is read from the content, not the name; images get their width, height and a blur preview.',
      consumes: ['multipart/form-data'],
      multipartForm: UploadAssetForm,
      params: ProjectParams,
      querystring: MediaReadQuery,
      response: { 201: DataOf(Asset), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'media.create');
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a part named "file"');
      }
      // A declared length far past the limit is refused before a byte is read.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > config.maxUploadBytes + MULTIPART_OVERHEAD_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit');
      }
      // A retry with the same Idempotency-Key is compared by content once the file is read.
      return idempotentBody(request, reply, async (check) => {
        const asset = await media.upload(grant, partsOf(request), request.query.locale, {
          beforeStore: (upload) => check(JSON.stringify(upload)),
        });
        return reply.status(201).send({ data: asset });
      });
    },
  });

  app.get(base, {
    schema: {
      operationId: 'listAssets',
      summary: 'List the media library',
      tags,
      security: bearer,
      params: ProjectParams,
      querystring: ListMediaQuery,
      response: { 200: ListOf(Asset), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'media.read');
      return media.list(grant, request.query);
    },
  });

  app.get(`${base}/folders`, {
    schema: {
      operationId: 'listMediaFolders',
      summary: 'List the media folders',
      tags,
      security: bearer,
      description: 'The folders that hold live files, by name, each with how many files it holds.',
      params: ProjectParams,
      response: { 200: MediaFolderList, ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'media.read');
      return { data: await media.folders(grant) };
    },
  });

  app.get(`${base}/:assetId/references`, {
    schema: {
      operationId: 'listAssetReferences',
      summary: 'List the documents that use an asset',
      tags,
      security: bearer,
      description:
        'Documents of any collection whose media fields (blocks included) or rich text use the file, most ' +
        'recently updated first, titled as the project search titles them. Members and tokens that read drafts ' +
        'look in working copies; `content:read` tokens in published snapshots. Needs `media:read` and a ' +
        'content scope; hidden fields count only for members.',
      params: MediaParams,
      querystring: AssetReferencesQuery,
      response: { 200: AssetReferenceList, ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'media.read');
      return media.references(grant, request.params.assetId, request.query);
    },
  });

  app.get(`${base}/:assetId`, {
    schema: {
      operationId: 'getAsset',
      summary: 'Get an asset',
      tags,
      security: bearer,
      params: MediaParams,
      querystring: MediaReadQuery,
      response: { 200: DataOf(Asset), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'media.read');
      return { data: await media.get(grant, request.params.assetId, request.query.locale) };
    },
  });

  app.patch(`${base}/:assetId`, {
    schema: {
      operationId: 'updateAsset',
      summary: "Update an asset's alt text, folder, name or focal point",
      tags,
      security: bearer,
      params: MediaParams,
      querystring: MediaReadQuery,
      body: UpdateAssetBody,
      response: { 200: DataOf(Asset), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'media.update_own');
      return { data: await media.update(grant, request.params.assetId, request.body, request.query.locale) };
    },
  });

  app.delete(`${base}/:assetId`, {
    schema: {
      operationId: 'deleteAsset',
      summary: 'Delete an asset',
      tags,
      security: bearer,
      params: MediaParams,
      querystring: DeleteAssetQuery,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'media.update_own');
      await media.delete(grant, request.params.assetId, request.query.force === true);
      return reply.status(204).send(null);
    },
  });
};
