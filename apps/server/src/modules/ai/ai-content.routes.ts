import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AiSeoBody,
  AiSeoReport,
  AiTranslateBody,
  AiVariantBody,
  DataOf,
  Document,
  DocumentVariant,
  ProjectParams,
} from '@plinth/contract';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import { clientGone } from './ai-generate.routes.js';
import type { AiSeoService } from './ai-seo.service.js';
import type { AiTranslateService } from './ai-translate.service.js';
import type { AiVariantService } from './ai-variant.service.js';

const tags = ['ai'];

/** Translation, SEO and audience variants of documents by the AI assistant. */
export const aiContentRoutes: FastifyPluginAsyncTypebox<{
  aiTranslate: AiTranslateService;
  aiSeo: AiSeoService;
  aiVariant: AiVariantService;
}> = async (app, { aiTranslate, aiSeo, aiVariant }) => {
  app.post('/projects/:projectId/ai/translate', {
    schema: {
      operationId: 'translateDocument',
      summary: 'Translate a document with the AI model',
      tags,
      security: bearer,
      description:
        'Translates the localized text of a document (text, longtext, rich text as HTML with its markup kept exactly, and the text inside blocks, whose structure, `_component`, `_key` and other values are kept) from `source_locale` into each of `target_locales`, and saves it as unpublished changes of the working copy: one new version, audited and announced like any edit. Other localized values (choices, slugs, media…) keep what the target locale has; fields that are not localized are untouched. Each target locale is sent to the model in its own requests (long documents in several, none longer than `PLINTH_AI_MAX_REQUEST_CHARS`); nothing is written unless every locale succeeded. Answers the document with every locale (as `?locale=*`). Members who may create documents and `content:write` tokens; one API request per call. 503 `AI_NOT_CONFIGURED` without a model; 502 `UPSTREAM_ERROR` when the model fails, answers something else than the JSON asked for, or changes the markup.',
      params: ProjectParams,
      body: AiTranslateBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'content.create');
      return { data: await aiTranslate.translate(grant, request.body, clientGone(request, reply)) };
    },
  });

  app.post('/projects/:projectId/ai/seo', {
    schema: {
      operationId: 'seoReport',
      summary: 'Measure a document’s SEO and ask the AI model for suggestions',
      tags,
      security: bearer,
      description:
        'Measures one locale of a document’s working copy (`locale`, else the default locale) for search engines: a `score` from 0 to 100 and `checks` (`title_length`, `description_length`, `headings`, `keyword_in_title`, `keyword_density`, `image_alt`, `readability`, `slug`, `links`), with `keyword` the phrase the page should rank for. With a configured model, `suggestions` holds a meta title (at most 60 characters), a meta description (at most 160) and keywords, and the call counts as one API request; without one, `suggestions` is null. Members who may create documents and `content:write` tokens. 502 `UPSTREAM_ERROR` when the model fails or answers something else than asked.',
      params: ProjectParams,
      body: AiSeoBody,
      response: { 200: DataOf(AiSeoReport), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'content.create');
      return { data: await aiSeo.report(grant, request.body, clientGone(request, reply)) };
    },
  });
  app.post('/projects/:projectId/ai/variant', {
    schema: {
      operationId: 'writeDocumentVariant',
      summary: 'Write a document’s variant for an audience with the AI model',
      tags,
      security: bearer,
      description:
        'Rewrites text fields of a document’s working copy in `locale` (else the default locale) for an audience, described to the model by its name and rules, and saves them as the document’s variant for that audience, exactly as `PUT …/documents/:id/variants/:audience` does (checked like an edit, by whoever may edit the document; the variant’s overrides of other fields stay). `fields` names text, long text or rich text fields (a 400 for others, or for a field without text in that locale); by default every such field with a value. Rich text keeps its markup exactly. Answers the variant as the PUT does (201 when new). Members who may create documents and `content:write` tokens; one API request per call. 503 `AI_NOT_CONFIGURED` without a model; 502 `UPSTREAM_ERROR` when the model fails, answers something else than the JSON asked for, or changes the markup (nothing is written).',
      params: ProjectParams,
      body: AiVariantBody,
      response: { 200: DataOf(DocumentVariant), 201: DataOf(DocumentVariant), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'content.create');
      const { created, variant } = await aiVariant.write(grant, request.body, clientGone(request, reply));
      return reply.status(created ? 201 : 200).send({ data: variant });
    },
  });
};
