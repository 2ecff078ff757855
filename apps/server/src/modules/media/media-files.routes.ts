import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AvatarFileParams, ErrorBody, MediaFileHeaders, MediaFileParams, MediaTransformQuery } from '@plinth/contract';
import { errorResponses, fileAnswer, NotModified, publicAccess } from '../../lib/route-schemas.js';
import type { AvatarFiles } from './avatar-files.js';
import type { MediaService } from './media.service.js';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * Public file delivery at the root: `GET /media/:projectId/:assetId/:filename`, with optional
 * image transforms (`w`, `h`, `fit`, `format`, `q`) and byte ranges. No credential: the ids
 * are the address, and an asset of another project is a 404.
 */
export const mediaFileRoutes: FastifyPluginAsyncTypebox<{ media: MediaService; avatarFiles: AvatarFiles }> = async (
  app,
  { media, avatarFiles },
) => {
  app.get('/media/avatars/:file', {
    compress: false,
    schema: {
      operationId: 'getAvatarFile',
      summary: "Download a person's picture",
      security: publicAccess,
      tags: ['media'],
      description:
        'A picture uploaded with `POST /api/v1/auth/me/avatar` (the address in `avatar_url`). Its name carries ' +
        'its content, so it is cached for a year.',
      params: AvatarFileParams,
      response: { 200: fileAnswer('The picture, as WebP'), 304: NotModified, ...errorResponses },
    },
    handler: async (request, reply) => {
      const answer = await avatarFiles.serve(request.params.file, header(request.headers['if-none-match']));
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    },
  });

  app.get('/media/:projectId/:assetId/:filename', {
    // Images and video are compressed already, and byte ranges must address the stored bytes.
    compress: false,
    schema: {
      operationId: 'getMediaFile',
      summary: 'Download a media file or an image variant',
      security: publicAccess,
      tags: ['media'],
      description:
        'The stored file, or a variant of an image (resized, cropped, converted) made on first request and ' +
        'cached. Byte ranges (`Range`, `If-Range`) serve audio and video; answers carry an ETag.',
      params: MediaFileParams,
      querystring: MediaTransformQuery,
      headers: MediaFileHeaders,
      response: {
        200: fileAnswer('The file, with its own Content-Type'),
        206: fileAnswer('The byte range asked for, with Content-Range'),
        304: NotModified,
        416: ErrorBody,
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const answer = await media.files.serve({
        projectId: request.params.projectId,
        assetId: request.params.assetId,
        transform: request.query,
        client: request.ip,
        range: header(request.headers.range),
        ifNoneMatch: header(request.headers['if-none-match']),
        ifRange: header(request.headers['if-range']),
      });
      reply.status(answer.status).headers(answer.headers);
      if (answer.status === 416) {
        return reply.type('application/json; charset=utf-8').send({
          statusCode: 416,
          error: 'Range Not Satisfiable',
          code: 'RANGE_NOT_SATISFIABLE',
          message: 'The requested range is outside the file',
        });
      }
      return reply.send(answer.body);
    },
  });
};
