import type { AiSeoBody, AiSeoReport, AiSeoSuggestions, Field } from '@plinth/contract';
import { Parser } from 'htmlparser2';
import { AppError, fieldError } from '../../lib/errors.js';
import type { ComponentFields } from '../collections/field-values.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { MediaService } from '../media/media.service.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { AiCalls } from './ai-calls.js';
import { type AiDocuments, locateDocument } from './ai-translate.service.js';
import { SEO_META_DESCRIPTION_MAX, SEO_META_TITLE_MAX, seoPrompt } from './prompts.js';
import { measureSeo } from './seo-checks.js';

/** How much of the page's text the suggestion prompt holds. */
const MAX_CONTENT_CHARS = 4000;
const MAX_KEYWORDS = 20;
const DESCRIPTION_FIELDS = ['description', 'meta_description', 'excerpt'];

interface Block {
  _component: string;
  [key: string]: unknown;
}

const isBlock = (value: unknown): value is Block =>
  typeof value === 'object' && value !== null && typeof (value as { _component?: unknown })._component === 'string';

/** The ids held by media fields, at the top level and inside blocks (however deep). */
function mediaIds(fields: readonly Field[], values: Record<string, unknown>, components: ComponentFields): string[] {
  const ids: string[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'media') {
      for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string' && id) ids.push(id);
    } else if (field.type === 'blocks' && Array.isArray(value)) {
      for (const block of value) {
        const inner = isBlock(block) ? components.get(block._component) : undefined;
        if (inner && isBlock(block)) ids.push(...mediaIds(inner, block, components));
      }
    }
  }
  return ids;
}

/** The text of a rich-text value, without its markup. */
function htmlText(html: string): string {
  let text = '';
  const parser = new Parser({ ontext: (chunk) => (text += chunk), onclosetag: () => (text += ' ') });
  parser.write(html);
  parser.end();
  return text;
}

/** The page's visible text (text, longtext and rich text; blocks included), for the prompt. */
function pageText(fields: readonly Field[], values: Record<string, unknown>, components: ComponentFields): string[] {
  const parts: string[] = [];
  for (const field of fields) {
    if (field.hidden) continue;
    const value = values[field.name];
    if ((field.type === 'text' || field.type === 'longtext') && typeof value === 'string') parts.push(value);
    else if (field.type === 'richtext' && typeof value === 'string') parts.push(htmlText(value));
    else if (field.type === 'blocks' && Array.isArray(value)) {
      for (const block of value) {
        const inner = isBlock(block) ? components.get(block._component) : undefined;
        if (inner && isBlock(block)) parts.push(...pageText(inner, block, components));
      }
    }
  }
  return parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter((part) => part !== '');
}

/**
 * The suggestions in the model's answer: a JSON object with a meta title and description within
 * their limits and a list of keywords (trimmed); the reason otherwise.
 */
export function parseSuggestions(
  answer: string,
): { ok: true; value: AiSeoSuggestions } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      answer
        .trim()
        .replace(/^```(?:json)?\s*/i, '')
        .replace(/\s*```$/, ''),
    );
  } catch {
    return { ok: false, reason: 'the answer is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, reason: 'the answer is not a JSON object' };
  }
  const { meta_title: title, meta_description: description, keywords } = parsed as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '') return { ok: false, reason: 'meta_title is not a text' };
  if (typeof description !== 'string' || description.trim() === '') {
    return { ok: false, reason: 'meta_description is not a text' };
  }
  if (title.trim().length > SEO_META_TITLE_MAX) {
    return { ok: false, reason: `meta_title is longer than ${SEO_META_TITLE_MAX} characters` };
  }
  if (description.trim().length > SEO_META_DESCRIPTION_MAX) {
    return { ok: false, reason: `meta_description is longer than ${SEO_META_DESCRIPTION_MAX} characters` };
  }
  if (
    !Array.isArray(keywords) ||
    keywords.length > MAX_KEYWORDS ||
    !keywords.every((keyword) => typeof keyword === 'string' && keyword.trim() !== '')
  ) {
    return { ok: false, reason: `keywords is not a list of at most ${MAX_KEYWORDS} texts` };
  }
  return {
    ok: true,
    value: {
      meta_title: title.trim(),
      meta_description: description.trim(),
      keywords: (keywords as string[]).map((keyword) => keyword.trim()),
    },
  };
}

/**
 * The SEO report of one locale of a document's working copy (`POST /ai/seo`): the measured
 * checks (no model needed), and the model's meta title, description and keywords when one is
 * configured (null otherwise). Only the model's part counts as an AI call.
 */
export class AiSeoService {
  constructor(
    private readonly deps: {
      calls: AiCalls;
      models: ModelCache;
      documents: AiDocuments;
      media: Pick<MediaService, 'findLiveAssets'>;
    },
  ) {}

  /** @example const { score, checks, suggestions } = await seo.report(grant, { document_id, keyword: 'tides' }); */
  async report(grant: ProjectGrant, body: AiSeoBody, signal?: AbortSignal): Promise<AiSeoReport> {
    const { project } = grant;
    const locale = body.locale ?? project.defaultLocale;
    if (!project.locales.includes(locale)) {
      throw fieldError('locale', `must be one of the project's locales (${project.locales.join(', ')})`);
    }
    const slug = await locateDocument(this.deps.documents, this.deps.models, grant, body.document_id);
    const { model, collection } = await this.deps.models.collection(project.id, slug);
    const document = await this.deps.documents.reads.find(grant, slug, body.document_id, { locale, status: 'draft' });
    const components = model.componentFields;
    const ids = [...new Set(mediaIds(collection.fields, document.data, components))];
    const assets = await this.deps.media.findLiveAssets(project.id, ids, {
      locale,
      defaultLocale: project.defaultLocale,
    });
    const assetAlts = new Map<string, string | null>();
    for (const [id, asset] of assets) {
      if (!asset.mime_type.startsWith('image/')) continue;
      const alt = typeof asset.alt === 'string' || asset.alt === null ? asset.alt : (asset.alt[locale] ?? null);
      assetAlts.set(id, alt);
    }
    const origin = originOf(collection.previewUrl);
    const measured = measureSeo({
      collection: { display_field: collection.displayField, fields: collection.fields },
      data: document.data,
      locale,
      components,
      assetAlts,
      ...(body.keyword !== undefined ? { keyword: body.keyword } : {}),
      ...(origin ? { projectOrigin: origin } : {}),
    });
    const checks = measured.checks.map(({ id, status, message }) => ({ id, status, message }));
    if (!this.deps.calls.configured) return { score: measured.score, checks, suggestions: null };

    const textOf = (name: string | undefined) => {
      const value = name === undefined ? undefined : document.data[name];
      return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
    };
    const titleName =
      collection.displayField ?? collection.fields.find((field) => field.name === 'title')?.name ?? undefined;
    const description = DESCRIPTION_FIELDS.map(textOf).find((text) => text !== '') ?? '';
    const content = pageText(collection.fields, document.data, components).join('\n').slice(0, MAX_CONTENT_CHARS);
    const prompt = seoPrompt({
      locale,
      title: textOf(titleName),
      description,
      content,
      ...(body.keyword !== undefined ? { keyword: body.keyword } : {}),
    });
    const session = await this.deps.calls.open(grant);
    const { text } = await session.complete({ messages: prompt.messages, ...(signal ? { signal } : {}) });
    const suggestions = parseSuggestions(text);
    if (!suggestions.ok) {
      throw new AppError(
        'UPSTREAM_ERROR',
        `The AI model's SEO suggestions were not the JSON object asked for (${suggestions.reason}).`,
      );
    }
    return { score: measured.score, checks, suggestions: suggestions.value };
  }
}

/** The origin of a preview URL template (`https://site.example/blog/{slug}` → `https://site.example`); null when it has none. */
function originOf(template: string | null): string | null {
  if (!template) return null;
  try {
    const origin = new URL(template.replace(/\{[^}]*\}/g, 'x')).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
