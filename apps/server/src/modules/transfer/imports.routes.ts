import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DataOf,
  IMPORT_MODES,
  Import,
  ImportForm,
  type ImportMode,
  ImportParams,
  ProjectParams,
} from '@plinth/contract';
import { AppError } from '../../lib/errors.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { ImportsService } from './imports.service.js';

const tags = ['export and import'];
const USAGE =
  'Send a multipart form with the archive in a part named "archive", and optional "mode" and "dry_run" fields';

/** Project imports: owners and admins only (an import can rewrite the whole project). */
export const importsRoutes: FastifyPluginAsyncTypebox<{ imports: ImportsService }> = async (app, { imports }) => {
  // Registered here, so only these routes parse multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: imports.maxArchiveBytes, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 100 },
  });
  const base = '/projects/:projectId/imports';

  app.post(base, {
    schema: {
      operationId: 'createImport',
      summary: 'Import an export archive into the project (a background job)',
      tags,
      security: bearer,
      description: `${USAGE}. mode is merge (the default), replace or copy (new ids, references rewritten); dry_run=true checks and reports without writing.`,
      consumes: ['multipart/form-data'],
      multipartForm: ImportForm,
      params: ProjectParams,
      response: { 202: DataOf(Import), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'settings.manage');
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', USAGE);
      let upload: string | null = null;
      let mode: ImportMode = 'merge';
      let dryRun = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'archive' || upload) throw new AppError('VALIDATION_FAILED', USAGE);
            const stream = part.file;
            upload = await imports.receive(stream, () => stream.truncated);
          } else if (part.fieldname === 'mode' && (IMPORT_MODES as readonly unknown[]).includes(part.value)) {
            mode = part.value as ImportMode;
          } else if (part.fieldname === 'dry_run' && (part.value === 'true' || part.value === 'false')) {
            dryRun = part.value === 'true';
          } else {
            throw new AppError('VALIDATION_FAILED', `${part.fieldname} is not a field of an import; ${USAGE}`);
          }
        }
        if (!upload) throw new AppError('VALIDATION_FAILED', USAGE);
        return reply.status(202).send({ data: await imports.create(grant, { upload, mode, dryRun }) });
      } catch (error) {
        if (upload) await imports.discard(upload);
        if (error instanceof AppError) throw error;
        throw new AppError('VALIDATION_FAILED', `The multipart body could not be read; ${USAGE}`);
      }
    },
  });

  app.get(`${base}/:importId`, {
    schema: {
      operationId: 'getImport',
      summary: 'Get an import, with its report once done',
      tags,
      security: bearer,
      params: ImportParams,
      response: { 200: DataOf(Import), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'settings.manage');
      return { data: await imports.get(grant, request.params.importId) };
    },
  });
};
