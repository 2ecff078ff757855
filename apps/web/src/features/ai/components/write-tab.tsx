import type { Collection, Field, Project } from '@plinth/contract';
import { Sparkles, Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ChoiceField, TextAreaField } from '../../../components/ui/form-field';
import { fieldLabel, humanize } from '../../../lib/field-label';
import { useGeneration } from '../hooks/use-generation';
import { valueForField, WRITABLE_TYPES } from '../text';
import { AiProblemNotice } from './ai-problem';

const TONES = ['neutral', 'friendly', 'formal', 'playful', 'persuasive'] as const;

/** Lengths in words, sent as the characters the API counts (about seven a word, spaces included). */
const LENGTHS = [
  { value: '0', label: 'Any length' },
  { value: '50', label: 'Short (about 50 words)' },
  { value: '150', label: 'Medium (about 150 words)' },
  { value: '400', label: 'Long (about 400 words)' },
] as const;
const CHARACTERS_PER_WORD = 7;

/**
 * Writes text for one text, long text or rich-text field with the model, shown as it streams;
 * Stop ends it, and what came (all or part) can be put into the field as an unsaved change.
 */
export function WriteTab({
  project,
  collection,
  fields,
  locale,
  onChange,
}: {
  project: Project;
  collection: Collection;
  fields: readonly Field[];
  locale: string;
  onChange: (field: Field, value: unknown) => void;
}) {
  const writable = fields.filter((field) => WRITABLE_TYPES.includes(field.type));
  const [fieldName, setFieldName] = useState(writable[0]?.name ?? '');
  const [prompt, setPrompt] = useState('');
  const [tone, setTone] = useState<string>('neutral');
  const [words, setWords] = useState('0');
  const [language, setLanguage] = useState(locale);
  const [promptError, setPromptError] = useState<string | undefined>();
  const [inserted, setInserted] = useState<string | null>(null);
  const generation = useGeneration(project.id);
  const field = writable.find((item) => item.name === fieldName) ?? writable[0];

  if (!field) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-slate-700 text-sm ring-1 ring-slate-200">
        This collection has no text, long text or rich-text field for the assistant to write into.
      </p>
    );
  }
  const label = fieldLabel(field);
  const isStreaming = generation.status === 'streaming';
  const hasText = generation.text !== '' && !isStreaming;

  const generate = () => {
    if (prompt.trim() === '') {
      setPromptError('Say what to write.');
      return;
    }
    setPromptError(undefined);
    setInserted(null);
    const limit = Number(words) * CHARACTERS_PER_WORD;
    const fieldLimit = field.options?.max_length;
    const maxLength = limit > 0 ? Math.min(limit, fieldLimit ?? limit) : fieldLimit;
    generation.start({
      prompt: prompt.trim(),
      field: `${collection.slug}.${field.name}`,
      tone,
      locale: language,
      ...(maxLength ? { max_length: maxLength } : {}),
    });
  };

  return (
    <div className="space-y-4">
      <form
        className="space-y-4"
        aria-label="Write with AI"
        onSubmit={(event) => {
          event.preventDefault();
          generate();
        }}
      >
        <ChoiceField
          label="Field"
          value={field.name}
          onChange={(event) => setFieldName(event.target.value)}
          options={writable.map((item) => ({ value: item.name, label: `${fieldLabel(item)} (${item.type})` }))}
        />
        <TextAreaField
          label="What to write"
          rows={4}
          value={prompt}
          error={promptError}
          placeholder="An introduction to our spring tea collection, mentioning free shipping"
          onChange={(event) => setPrompt(event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <ChoiceField
            label="Tone"
            value={tone}
            onChange={(event) => setTone(event.target.value)}
            options={TONES.map((item) => ({ value: item, label: humanize(item) }))}
          />
          <ChoiceField
            label="Length"
            value={words}
            onChange={(event) => setWords(event.target.value)}
            options={LENGTHS}
          />
          <ChoiceField
            label="Language"
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            options={project.locales.map((code) => ({ value: code, label: code }))}
          />
        </div>
        {field.localized && language !== locale ? (
          <p className="text-slate-600 text-xs">
            The text is written in {language}; Insert puts it into the {locale} version you are editing.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={isStreaming} disabled={isStreaming}>
            <Sparkles className="size-4" aria-hidden />
            Generate
          </Button>
          {isStreaming ? (
            <Button variant="secondary" onClick={generation.stop}>
              <Square className="size-4" aria-hidden />
              Stop
            </Button>
          ) : null}
        </div>
      </form>

      {generation.status === 'failed' ? (
        <AiProblemNotice
          error={generation.error}
          note={generation.text ? 'What arrived before the failure is kept below.' : undefined}
        />
      ) : null}
      {generation.status === 'stopped' ? (
        <p role="status" className="text-slate-600 text-sm">
          Stopped. {generation.text ? 'What arrived is kept below.' : 'Nothing had arrived yet.'}
        </p>
      ) : null}

      {generation.text !== '' || isStreaming ? (
        <section aria-label="Generated text" className="space-y-3">
          <div
            aria-live="polite"
            aria-busy={isStreaming}
            className="max-h-80 min-h-16 overflow-y-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-900 text-sm ring-1 ring-slate-200 [overflow-wrap:anywhere]"
          >
            {generation.text || <span className="text-slate-500">Writing…</span>}
          </div>
          {generation.usage ? (
            <p className="text-slate-500 text-xs">
              {generation.usage.prompt_tokens + generation.usage.completion_tokens} tokens used
            </p>
          ) : null}
          {hasText ? (
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() => {
                  onChange(field, valueForField(field, generation.text));
                  setInserted(label);
                  generation.reset();
                }}
              >
                Insert into {label}
              </Button>
              <Button variant="secondary" onClick={generation.reset}>
                Discard
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
      {inserted ? (
        <p role="status" className="text-emerald-800 text-sm">
          Put into {inserted} as an unsaved change.
        </p>
      ) : null}
    </div>
  );
}
