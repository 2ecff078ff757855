import { isDeepStrictEqual } from 'node:util';
import type { AiTranslateBody, Document, ErrorDetail } from '@plinth/contract';
import { AppError, notFound } from '../../lib/errors.js';
import type { ComponentFields } from '../collections/field-values.js';
import { isLocaleMap } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { DocumentReads } from '../documents/document-reads.js';
import type { DocumentWrites } from '../documents/document-writes.js';
import type { StoredData } from '../documents/stored-document.js';
import { assertMayChange } from '../projects/content-policy.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { AiCalls, AiSession } from './ai-calls.js';
import { languageOf, translatePrompt } from './prompts.js';
import { parseTranslations, planTranslation, type SourceField, tagSequence } from './translatable.js';

/** Where a document of a project is, whatever its collection (the documents module answers it, wired in services.ts). */
export interface DocumentLocator {
  /** The id of the collection of a live document of the project; null when there is none. */
  collectionIdOf(projectId: string, documentId: string): Promise<string | null>;
}

/** The documents as the AI features use them: located by id, read, and written as any edit. */
export interface AiDocuments {
  locator: DocumentLocator;
  reads: Pick<DocumentReads, 'find' | 'findWorking'>;
  writes: Pick<DocumentWrites, 'replaceData'>;
}

/** The most characters one model request holds (messages included) when the operator says nothing. */
export const DEFAULT_MAX_REQUEST_CHARS = 6000;

/** Field types whose text is translated; blocks are searched for them. */
const TRANSLATED_TYPES: ReadonlySet<string> = new Set(['text', 'longtext', 'richtext', 'blocks']);

/**
 * Locates a live document of the grant's project by id alone: its collection's slug (404 when
 * there is none, or it is in the trash).
 */
export async function locateDocument(
  documents: AiDocuments,
  models: ModelCache,
  grant: ProjectGrant,
  id: string,
): Promise<string> {
  const collectionId = await documents.locator.collectionIdOf(grant.project.id, id);
  const model =
    collectionId === null ? undefined : (await models.get(grant.project.id)).collectionsById.get(collectionId);
  if (!model) throw notFound('Document');
  return model.slug;
}

/**
 * Translates a document's localized text from one locale into others with the model
 * (`POST /ai/translate`), and writes the result as one edit of the working copy. Every target
 * locale is translated before anything is written: one that fails leaves the document as it was.
 */
export class AiTranslateService {
  constructor(
    private readonly deps: {
      calls: AiCalls;
      models: ModelCache;
      documents: AiDocuments;
      /** The most characters of one model request; a document needing more is sent in several. */
      maxRequestChars: number;
    },
  ) {}

  /**
   * @example const document = await translate.translate(grant, { document_id, source_locale: 'en', target_locales: ['es', 'fr'] });
   */
  async translate(grant: ProjectGrant, body: AiTranslateBody, signal?: AbortSignal): Promise<Document> {
    this.deps.calls.requireModel();
    const { documents } = this.deps;
    this.checkLocales(grant, body);
    const slug = await locateDocument(documents, this.deps.models, grant, body.document_id);
    const { collection, document } = await documents.reads.findWorking(grant, slug, body.document_id);
    // The write would refuse an author's change to another's document: refused before the model is paid.
    assertMayChange(grant.content.documents, document.createdBy);
    const { componentFields } = await this.deps.models.get(grant.project.id);
    const seesHidden = grant.content.seesHidden;
    const source: SourceField[] = collection.fields
      .filter((field) => field.localized && TRANSLATED_TYPES.has(field.type) && (seesHidden || !field.hidden))
      .map((field) => {
        const stored = document.data[field.name];
        return {
          name: field.name,
          type: field.type,
          value: isLocaleMap(stored) ? stored[body.source_locale] : undefined,
        };
      });

    const session = await this.deps.calls.open(grant);
    const translated = new Map<string, Record<string, unknown>>();
    for (const locale of body.target_locales) {
      translated.set(
        locale,
        await this.translateInto({ session, source, components: componentFields, body, locale, seesHidden, signal }),
      );
    }

    // Only the translated fields of the target locales change. Localized values that are not text
    // (select, slug, number, boolean, media, reference, json…) stay as the target locale has them:
    // they are often meant to differ by locale (a slug, a localized image), and copying them over
    // would silently replace the target's own choice.
    const data: StoredData = structuredClone(document.data);
    for (const [locale, values] of translated) {
      for (const [name, value] of Object.entries(values)) {
        const current = data[name];
        data[name] = { ...(isLocaleMap(current) ? current : {}), [locale]: value };
      }
    }
    if (!isDeepStrictEqual(data, document.data)) {
      await documents.writes.replaceData(grant, slug, body.document_id, {
        data,
        locale: body.target_locales[0] ?? body.source_locale,
        action: 'document.updated',
        // Translated from this state: an edit made meanwhile is never overwritten.
        expectedVersion: document.version,
        details: { translated_from: body.source_locale, locales: body.target_locales },
      });
    }
    return documents.reads.find(grant, slug, body.document_id, { locale: '*', status: 'draft' });
  }

  /** The source's values translated into `locale`, by field name; 502 when the model fails at any piece. */
  private async translateInto(options: {
    session: AiSession;
    source: readonly SourceField[];
    components: ComponentFields;
    body: AiTranslateBody;
    locale: string;
    seesHidden: boolean;
    signal: AbortSignal | undefined;
  }): Promise<Record<string, unknown>> {
    const { session, source, components, body, locale, seesHidden, signal } = options;
    const promptFor = (texts: Record<string, string>) =>
      translatePrompt({ sourceLocale: body.source_locale, targetLocale: locale, texts }).messages;
    const size = (texts: Record<string, string>) =>
      promptFor(texts).reduce((sum, message) => sum + message.content.length, 0);
    const emptySize = size({});
    // What one piece may hold so that it fits a request alone, key and punctuation included.
    const maxPieceChars = Math.max(1, this.deps.maxRequestChars - emptySize - 12);
    const plan = planTranslation(source, {
      components,
      maxPieceChars,
      isHidden: (field) => field.hidden === true && !seesHidden,
    });
    // Pieces packed into requests in order, each within the budget.
    const requests: number[][] = [];
    let batch: number[] = [];
    let texts: Record<string, string> = {};
    plan.pieces.forEach((piece, index) => {
      const next = { ...texts, [String(batch.length + 1)]: piece.text };
      if (batch.length > 0 && size(next) > this.deps.maxRequestChars) {
        requests.push(batch);
        batch = [];
        texts = {};
      }
      texts = { ...texts, [String(batch.length + 1)]: piece.text };
      batch.push(index);
    });
    if (batch.length > 0) requests.push(batch);

    const translations: string[] = [];
    const language = languageOf(locale);
    for (const indexes of requests) {
      const sent = Object.fromEntries(
        indexes.map((index, position) => [String(position + 1), plan.pieces[index]?.text ?? '']),
      );
      const { text } = await session.complete({ messages: promptFor(sent), ...(signal ? { signal } : {}) });
      const parsed = parseTranslations(text, Object.keys(sent));
      if (!parsed.ok) {
        throw new AppError(
          'UPSTREAM_ERROR',
          `The AI model's translation into ${language} was not the JSON object asked for (${parsed.reason}); nothing was written.`,
        );
      }
      indexes.forEach((index, position) => {
        const piece = plan.pieces[index];
        const answer = parsed.texts[String(position + 1)] ?? '';
        if (piece?.kind === 'html' && !isDeepStrictEqual(tagSequence(piece.text), tagSequence(answer))) {
          throw new AppError(
            'UPSTREAM_ERROR',
            `The AI model changed the markup of a rich text while translating into ${language}; nothing was written.`,
          );
        }
        translations[index] = answer.trim();
      });
    }
    return plan.build(translations);
  }

  /** 400 with details for locales that are not the project's, a target named twice, or a target equal to the source. */
  private checkLocales(grant: ProjectGrant, body: AiTranslateBody): void {
    const { locales } = grant.project;
    const problems: ErrorDetail[] = [];
    if (!locales.includes(body.source_locale)) {
      problems.push({ path: 'source_locale', message: `must be one of the project's locales (${locales.join(', ')})` });
    }
    const seen = new Set<string>();
    body.target_locales.forEach((locale, index) => {
      const path = `target_locales.${index}`;
      if (!locales.includes(locale)) {
        problems.push({ path, message: `must be one of the project's locales (${locales.join(', ')})` });
      } else if (locale === body.source_locale) {
        problems.push({ path, message: 'is the source locale' });
      } else if (seen.has(locale)) {
        problems.push({ path, message: `names ${locale} a second time` });
      }
      seen.add(locale);
    });
    if (body.target_locales.length === 0) problems.push({ path: 'target_locales', message: 'must name a locale' });
    if (problems.length > 0) {
      const first = problems[0] as ErrorDetail;
      throw new AppError('VALIDATION_FAILED', `${first.path} ${first.message}`, problems);
    }
  }
}
