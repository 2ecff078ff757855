import type { AiGenerateBody, AiGenerated, AiGeneratedDone } from '@plinth/contract';
import { fieldError } from '../../lib/errors.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { AiCalls } from './ai-calls.js';
import type { ChatRequest } from './chat-model.js';
import { type GenerateInput, generatePrompt, type TextFieldType } from './prompts.js';

const TEXT_FIELD_TYPES: readonly string[] = ['text', 'longtext', 'richtext'] satisfies TextFieldType[];

/** What a generation stream sends: text as it comes, then the whole text and the tokens used. */
export type GenerateEvent = { type: 'delta'; text: string } | ({ type: 'done' } & AiGeneratedDone);

/**
 * Writes text for a person's prompt (`POST /ai/generate`), shaped by the field it is for, in a
 * tone, length and language they choose. Everything the request names is checked before the model
 * is called, so a bad request costs nothing.
 */
export class AiGenerateService {
  constructor(private readonly deps: { calls: AiCalls; models: ModelCache }) {}

  /**
   * The whole text at once.
   * @example const { text } = await generate.generate(grant, { prompt: 'A title about tides' });
   */
  async generate(grant: ProjectGrant, body: AiGenerateBody, signal?: AbortSignal): Promise<AiGenerated> {
    const request = await this.prepare(grant, body, signal);
    const session = await this.deps.calls.open(grant);
    const { text } = await session.complete(request);
    return { text };
  }

  /**
   * The text as it is written. Refusals (503, 400, 429) come before the returned stream; the
   * model's failures come from it, as 502 UPSTREAM_ERROR.
   * @example for await (const event of await generate.stream(grant, body)) send(event);
   */
  async stream(grant: ProjectGrant, body: AiGenerateBody, signal?: AbortSignal): Promise<AsyncIterable<GenerateEvent>> {
    const request = await this.prepare(grant, body, signal);
    const session = await this.deps.calls.open(grant);
    return (async function* () {
      for await (const event of session.stream(request)) {
        if (event.type === 'delta') yield event;
        else {
          yield {
            type: 'done',
            text: event.text,
            usage: { prompt_tokens: event.usage.promptTokens, completion_tokens: event.usage.completionTokens },
          };
        }
      }
    })();
  }

  /** The model request for a body, once what it names is checked (503 first: nothing else matters without a model). */
  private async prepare(grant: ProjectGrant, body: AiGenerateBody, signal?: AbortSignal): Promise<ChatRequest> {
    this.deps.calls.requireModel();
    const input: GenerateInput = { prompt: body.prompt };
    let maxLength = body.max_length;
    if (body.field !== undefined) {
      const [slug = '', name = ''] = body.field.split('.');
      const model = await this.deps.models.get(grant.project.id);
      const collection = model.collections.get(slug);
      if (!collection) throw fieldError('field', `names no collection of this project (${slug})`);
      const field = collection.fields.find((candidate) => candidate.name === name);
      if (!field) throw fieldError('field', `names no field of the collection ${slug} (${name})`);
      if (!TEXT_FIELD_TYPES.includes(field.type)) {
        throw fieldError(
          'field',
          `is a ${field.type} field; text can be written for text, longtext and richtext fields`,
        );
      }
      input.field = {
        collectionName: collection.name,
        name: field.name,
        label: field.label ?? null,
        type: field.type as TextFieldType,
        help: field.help ?? null,
      };
      const fieldMax = field.options?.max_length;
      if (fieldMax !== undefined) maxLength = maxLength === undefined ? fieldMax : Math.min(maxLength, fieldMax);
    }
    if (maxLength !== undefined) input.maxLength = maxLength;
    if (body.tone !== undefined) input.tone = body.tone.trim().toLowerCase();
    if (body.locale !== undefined) {
      if (!grant.project.locales.includes(body.locale)) {
        throw fieldError('locale', `must be one of the project's locales (${grant.project.locales.join(', ')})`);
      }
      input.locale = body.locale;
    }
    return { messages: generatePrompt(input).messages, ...(signal ? { signal } : {}) };
  }
}
