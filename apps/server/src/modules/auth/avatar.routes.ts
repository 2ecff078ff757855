import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AvatarForm, CurrentUser } from '@plinth/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../lib/errors.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { AvatarService } from './avatar.service.js';

const tags = ['auth'];
/** Pictures come cropped and small from the app; 5 MB leaves room for a photo sent as it is. */
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const ONE_PART = 'Send one image, in a multipart part named "file"';

/** The uploaded image's bytes; parser failures become the API's errors. */
async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${ONE_PART} (multipart/form-data)`);
  try {
    const part = await request.file();
    if (!part) throw fieldError('file', 'is required');
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new AppError('VALIDATION_FAILED', ONE_PART, [{ path: part.fieldname, message: 'is not allowed' }]);
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'The image is larger than 5 MB');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('VALIDATION_FAILED', ONE_PART);
    }
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read');
  }
}

/** The signed-in user's picture: `POST` and `DELETE /auth/me/avatar`. */
export const avatarRoutes: FastifyPluginAsyncTypebox<{ avatars: AvatarService }> = async (app, { avatars }) => {
  // Registered here, so only these routes parse multipart bodies (with the picture's own limit).
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post('/auth/me/avatar', {
    schema: {
      operationId: 'uploadAvatar',
      summary: 'Upload your picture',
      tags,
      security: bearer,
      description:
        'A multipart form with one image (PNG, JPEG, WebP or GIF, at most 5 MB) in a part named `file`; its type is ' +
        'read from its content. The picture is turned upright, cropped to a centred square and stored as a 256×256 ' +
        'WebP; `avatar_url` becomes its address (under `/media/avatars/`) and the previous picture is deleted.',
      consumes: ['multipart/form-data'],
      multipartForm: AvatarForm,
      response: { 200: CurrentUser, ...errorResponses },
    },
    handler: async (request) => {
      const { userId } = await request.user();
      return avatars.set(userId, await uploadedImage(request));
    },
  });

  app.delete('/auth/me/avatar', {
    schema: {
      operationId: 'deleteAvatar',
      summary: 'Remove your picture',
      tags,
      security: bearer,
      description: '`avatar_url` becomes null; a picture uploaded here is deleted.',
      response: { 200: CurrentUser, ...errorResponses },
    },
    handler: async (request) => avatars.clear((await request.user()).userId),
  });
};
