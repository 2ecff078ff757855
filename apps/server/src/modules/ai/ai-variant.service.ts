import { isDeepStrictEqual } from 'node:util';
import type { AiVariantBody, Audience, DocumentVariant, ErrorDetail, PutVariantBody } from '@plinth/contract';
import { AppError, fieldError } from '../../lib/errors.js';
import { isLocaleMap } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import { assertMayChange } from '../projects/content-policy.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { AiCalls } from './ai-calls.js';
import { type AiDocuments, locateDocument } from './ai-translate.service.js';
import { variantPrompt } from './prompts.js';
import { parseTranslations, tagSequence } from './translatable.js';

/**
 * Audiences and documents' variants as variant writing uses them (the personalization module
 * answers it, wired in services.ts): the audience described to the model, and the variant
 * written exactly as `PUT …/documents/:id/variants/:audience` writes it.
 */
export interface AiPersonalization {
  audiences: {
    /** The project's audience with this key; 404 when there is none. */
    get(grant: ProjectGrant, key: string): Promise<Audience>;
  };
  variants: {
    /** The document's variants, their working overrides in `locale`. */
    list(grant: ProjectGrant, slug: string, id: string, locale: string | undefined): Promise<DocumentVariant[]>;
    /** Sets the variant's overrides in the body's locale, checked like an edit, in the document's write transaction. */
    put(
      grant: ProjectGrant,
      slug: string,
      id: string,
      audience: string,
      body: PutVariantBody,
    ): Promise<{ created: boolean; variant: DocumentVariant }>;
  };
}

/** The field types a variant is written for by the model. */
const WRITTEN_TYPES: ReadonlySet<string> = new Set(['text', 'longtext', 'richtext']);

/**
 * Writes a document's variant for an audience with the model (`POST /ai/variant`): the chosen
 * text fields of the working copy in one locale, rewritten for the audience, become the
 * variant's overrides of those fields (its other overrides stay). Nothing is written unless the
 * answer has every text asked for, rich text with its markup unchanged.
 */
export class AiVariantService {
  constructor(
    private readonly deps: {
      calls: AiCalls;
      models: ModelCache;
      documents: AiDocuments;
      personalization: AiPersonalization;
    },
  ) {}

  /**
   * @example const { created, variant } = await aiVariant.write(grant, { document_id, audience: 'france', fields: ['title'] });
   */
  async write(
    grant: ProjectGrant,
    body: AiVariantBody,
    signal?: AbortSignal,
  ): Promise<{ created: boolean; variant: DocumentVariant }> {
    this.deps.calls.requireModel();
    const { documents, personalization } = this.deps;
    const { project } = grant;
    const locale = body.locale ?? project.defaultLocale;
    if (!project.locales.includes(locale)) {
      throw fieldError('locale', `must be one of the project's locales (${project.locales.join(', ')})`);
    }
    const slug = await locateDocument(documents, this.deps.models, grant, body.document_id);
    const { collection, document } = await documents.reads.findWorking(grant, slug, body.document_id);
    // The write would refuse an author's change to another's document: refused before the model is paid.
    assertMayChange(grant.content.documents, document.createdBy);
    const audience = await personalization.audiences.get(grant, body.audience);

    const seesHidden = grant.content.seesHidden;
    const textOf = (name: string): string | null => {
      const field = collection.fields.find((candidate) => candidate.name === name);
      const stored = document.data[name];
      const value = field?.localized ? (isLocaleMap(stored) ? stored[locale] : undefined) : stored;
      return typeof value === 'string' && value.trim() !== '' ? value : null;
    };
    const visible = collection.fields.filter((field) => seesHidden || !field.hidden);
    let chosen: typeof visible;
    if (body.fields) {
      const problems: ErrorDetail[] = [];
      chosen = [];
      body.fields.forEach((name, index) => {
        const path = `fields.${index}`;
        const field = visible.find((candidate) => candidate.name === name);
        if (!field) problems.push({ path, message: `names no field of the collection "${slug}"` });
        else if (!WRITTEN_TYPES.has(field.type)) {
          problems.push({
            path,
            message: `is a ${field.type} field: only text, longtext and richtext fields are written`,
          });
        } else if (textOf(name) === null) problems.push({ path, message: `has no text in ${locale} to rewrite` });
        else chosen.push(field);
      });
      if (problems.length > 0) {
        const first = problems[0] as ErrorDetail;
        throw new AppError('VALIDATION_FAILED', `${first.path} ${first.message}`, problems);
      }
    } else {
      chosen = visible.filter((field) => WRITTEN_TYPES.has(field.type) && textOf(field.name) !== null);
      if (chosen.length === 0) throw fieldError('fields', `the document has no text in ${locale} to rewrite`);
    }

    const texts = Object.fromEntries(chosen.map((field, index) => [String(index + 1), textOf(field.name) ?? '']));
    const session = await this.deps.calls.open(grant);
    const { text } = await session.complete({
      messages: variantPrompt({ audience, locale, texts }).messages,
      ...(signal ? { signal } : {}),
    });
    const parsed = parseTranslations(text, Object.keys(texts));
    if (!parsed.ok) {
      throw new AppError(
        'UPSTREAM_ERROR',
        `The AI model's variant for the audience "${audience.name}" was not the JSON object asked for (${parsed.reason}); nothing was written.`,
      );
    }
    const written: Record<string, string> = {};
    chosen.forEach((field, index) => {
      const key = String(index + 1);
      const answer = parsed.texts[key] ?? '';
      if (field.type === 'richtext' && !isDeepStrictEqual(tagSequence(texts[key] ?? ''), tagSequence(answer))) {
        throw new AppError(
          'UPSTREAM_ERROR',
          `The AI model changed the markup of a rich text while writing the variant for the audience "${audience.name}"; nothing was written.`,
        );
      }
      written[field.name] = answer.trim();
    });

    // A PUT replaces what the variant overrides in the locale: the overrides of other fields are sent again.
    const existing = (await personalization.variants.list(grant, slug, body.document_id, locale)).find(
      (variant) => variant.audience === audience.key,
    );
    return personalization.variants.put(grant, slug, body.document_id, audience.key, {
      data: { ...(existing?.data ?? {}), ...written },
      locale,
    });
  }
}
